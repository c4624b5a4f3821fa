import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { argon2id } from '@noble/hashes/argon2.js';
import type {
  Argon2idJob,
  Argon2idReply,
} from '../../server/src/tokens/client-auth/argon2id-worker.js';
import type { WorkerEntry } from '../../server/src/tokens/client-auth/argon2id-worker-entry.js';
import { err, ok, type Result } from '../../server/src/shared/result.js';

/**
 * Starts the Argon2id worker from `entry` (the file the provider itself would start) and has it
 * hash a secret with small parameters; it passes when the worker loaded and its hash equals the
 * one computed here. The provider falls back to hashing on the main thread when its worker cannot
 * load, so only this check shows that the worker really runs.
 */
export async function checkArgon2idWorker(
  entry: WorkerEntry,
  timeoutMs = 30_000,
): Promise<Result<string, string>> {
  const job: Argon2idJob = {
    id: 1,
    password: new TextEncoder().encode('smoke-test secret'),
    salt: randomBytes(16),
    m: 64,
    t: 1,
    p: 1,
    dkLen: 32,
  };
  const expected = argon2id(job.password, job.salt, { m: job.m, t: job.t, p: job.p, dkLen: 32 });
  let worker: Worker;
  try {
    worker = new Worker(entry.url, { execArgv: entry.execArgv });
  } catch (error) {
    return err(`the Argon2id worker ${entry.url.href} could not start: ${String(error)}`);
  }
  try {
    return await new Promise<Result<string, string>>((resolve) => {
      const timer = setTimeout(
        () =>
          resolve(err(`the Argon2id worker ${entry.url.href} did not answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
      const done = (result: Result<string, string>) => {
        clearTimeout(timer);
        resolve(result);
      };
      worker.on('error', (error) =>
        done(err(`the Argon2id worker ${entry.url.href} failed: ${error.message}`)),
      );
      worker.on('exit', (code) =>
        done(err(`the Argon2id worker ${entry.url.href} exited (${code}) before answering`)),
      );
      worker.on('message', (reply: Argon2idReply) => {
        if ('ready' in reply) {
          worker.postMessage(job);
          return;
        }
        if ('error' in reply) {
          done(err(`the Argon2id worker could not hash: ${reply.error}`));
          return;
        }
        const out = Buffer.from(reply.out);
        done(
          out.length === expected.length && timingSafeEqual(out, expected)
            ? ok(`Argon2id worker hashed a secret (${entry.url.pathname})`)
            : err('the Argon2id worker returned a wrong hash'),
        );
      });
    });
  } finally {
    await worker.terminate();
  }
}
