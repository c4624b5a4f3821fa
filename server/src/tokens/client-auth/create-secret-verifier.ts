import { createHash, timingSafeEqual } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { computeArgon2id } from './compute-argon2id.js';
import type { Argon2idHash } from './parse-argon2id-hash.js';

/** What a secret check found: the secret matches, or not, or the queue was full (retry later). */
export type SecretCheck = 'match' | 'mismatch' | 'busy';

export interface SecretVerifier {
  /** Hashes `secret` with the hash's parameters off the main thread and compares. */
  verify(hash: Argon2idHash, secret: string): Promise<SecretCheck>;
  /** Stops the worker; checks still waiting answer 'busy'. */
  close(): void;
  /** Checks waiting or running (for tests and benchmarks). */
  readonly pending: number;
}

export interface SecretVerifierOptions {
  /** Most checks waiting or running at once; more answer 'busy' (default 8). */
  maxPending?: number;
  /** A worker that takes longer than this for one check is stopped and replaced (default 60 s). */
  timeoutMs?: number;
}

/**
 * The worker's code, as a string: computeArgon2id is self-contained, so its source text runs as
 * it is. Nothing is loaded from a file, which keeps it working from the single-file headless
 * bundle and from the desktop app's asar archive alike.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
// On Linux the nice value belongs to the thread: the hashing thread yields the CPU to the event
// loop. (Elsewhere the call would lower the whole process, so it is not made.)
if (process.platform === 'linux') {
  try { require('node:os').setPriority(19); } catch {}
}
const computeArgon2id = (${computeArgon2id.toString()});
parentPort.on('message', (job) => {
  try {
    const out = computeArgon2id(job.password, job.salt, job.m, job.t, job.p, job.dkLen);
    parentPort.postMessage({ id: job.id, out }, [out.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String(error && error.message) });
  }
});
`;

interface Job {
  id: number;
  hash: Argon2idHash;
  password: Uint8Array;
  resolve: (out: Uint8Array | undefined) => void;
}

/**
 * Checks client secrets against Argon2id hashes on one worker thread, one at a time, with a
 * bounded queue: the event loop never runs a hash. Results are remembered per (hash, secret
 * digest), so a client that sends the same secret again is answered at once.
 */
export function createSecretVerifier(options: SecretVerifierOptions = {}): SecretVerifier {
  const maxPending = options.maxPending ?? 8;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const queue: Job[] = [];
  const results = new Map<string, boolean>();
  let worker: Worker | undefined;
  let running: Job | undefined;
  let timer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;

  const finish = (out: Uint8Array | undefined): void => {
    const job = running;
    running = undefined;
    if (timer) clearTimeout(timer);
    timer = undefined;
    job?.resolve(out);
    startNext();
  };

  const spawn = (): Worker => {
    const w = new Worker(WORKER_SOURCE, { eval: true });
    w.unref();
    w.on('message', (message: { id: number; out?: Uint8Array; error?: string }) => {
      // A worker error on a checked hash is no match.
      if (running?.id === message.id) finish(message.out ?? new Uint8Array(0));
    });
    w.on('error', () => {
      if (worker === w) worker = undefined;
      finish(undefined);
    });
    w.on('exit', () => {
      if (worker === w) {
        worker = undefined;
        if (running) finish(undefined);
      }
    });
    return w;
  };

  const startNext = (): void => {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) return;
    running = job;
    worker ??= spawn();
    timer = setTimeout(() => {
      // A hash far beyond the limits' cost: replace the worker rather than wait.
      const stuck = worker;
      worker = undefined;
      void stuck?.terminate();
      finish(undefined);
    }, timeoutMs);
    timer.unref();
    const { m, t, p, salt, hash } = job.hash;
    worker.postMessage({ id: job.id, password: job.password, salt, m, t, p, dkLen: hash.length });
  };

  return {
    async verify(hash, secret) {
      const digest = createHash('sha256').update(secret).digest('hex');
      const key = `${hash.m},${hash.t},${hash.p}$${Buffer.from(hash.salt).toString('base64')}$${Buffer.from(hash.hash).toString('base64')}|${digest}`;
      const known = results.get(key);
      if (known !== undefined) return known ? 'match' : 'mismatch';
      if (closed || queue.length + (running ? 1 : 0) >= maxPending) return 'busy';
      const out = await new Promise<Uint8Array | undefined>((resolve) => {
        queue.push({ id: nextId++, hash, password: new TextEncoder().encode(secret), resolve });
        startNext();
      });
      if (!out) return 'busy';
      const match = out.length === hash.hash.length && timingSafeEqual(out, hash.hash);
      if (results.size >= 1000) results.clear();
      results.set(key, match);
      return match ? 'match' : 'mismatch';
    },
    close() {
      closed = true;
      for (const job of queue.splice(0)) job.resolve(undefined);
      if (running) finish(undefined);
      void worker?.terminate();
      worker = undefined;
    },
    get pending() {
      return queue.length + (running ? 1 : 0);
    },
  };
}
