/**
 * The worker thread that computes Argon2id for client secret checks, with @noble/hashes, so the
 * event loop never runs a hash. Started by create-secret-verifier.ts from this file (compiled),
 * or from the copy `npm run build` bundles beside the headless single-file bundle.
 */
import { argon2id } from '@noble/hashes/argon2.js';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

export interface Argon2idJob {
  id: number;
  password: Uint8Array;
  salt: Uint8Array;
  m: number;
  t: number;
  p: number;
  dkLen: number;
}

export type Argon2idReply =
  | { id: number; out: Uint8Array }
  | { id: number; error: string }
  /** Sent once, when the worker's code (and @noble/hashes) has loaded. */
  | { ready: true };

// On Linux the nice value belongs to the thread: the hashing thread yields the CPU to the event
// loop. (Elsewhere the call would lower the whole process, so it is not made.)
if (process.platform === 'linux') {
  try {
    setPriority(19);
  } catch {
    // not permitted here: run at normal priority
  }
}

parentPort?.postMessage({ ready: true } satisfies Argon2idReply);
parentPort?.on('message', (job: Argon2idJob) => {
  let reply: Argon2idReply;
  try {
    const out = argon2id(job.password, job.salt, {
      m: job.m,
      t: job.t,
      p: job.p,
      dkLen: job.dkLen,
    });
    reply = { id: job.id, out };
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
