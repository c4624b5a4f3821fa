import { createHash, timingSafeEqual } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { argon2idAsync } from '@noble/hashes/argon2.js';
import type { Argon2idReply } from './argon2id-worker.js';
import { argon2idWorkerEntry, type WorkerEntry } from './argon2id-worker-entry.js';
import type { Argon2idHash } from '../../config/parse-argon2id-hash.js';

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
  /** Where the worker's code is (tests give a file that is not there). */
  workerEntry?: () => WorkerEntry;
}

export type { WorkerEntry };

/** The worker file the provider starts (the desktop app's smoke test checks that it loads). */
export function providerWorkerEntry(): WorkerEntry {
  return argon2idWorkerEntry(new URL(import.meta.url));
}

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
  /** Set when the worker could not even start (its file missing or unloadable). */
  let workerUnavailable = false;
  const entryOf = options.workerEntry ?? providerWorkerEntry;

  const finish = (out: Uint8Array | undefined): void => {
    const job = running;
    running = undefined;
    if (timer) clearTimeout(timer);
    timer = undefined;
    job?.resolve(out);
    startNext();
  };

  /**
   * The fallback where no worker can start: @noble/hashes' async Argon2id on the event loop,
   * yielding every 10 ms, so other requests are still served while it runs.
   */
  const hashOnMainThread = (job: Job): void => {
    const { m, t, p, salt, hash } = job.hash;
    argon2idAsync(job.password, salt, { m, t, p, dkLen: hash.length, asyncTick: 10 }).then(
      (out) => running === job && finish(out),
      () => running === job && finish(new Uint8Array(0)),
    );
  };

  const spawn = (): Worker => {
    const entry = entryOf();
    const w = new Worker(entry.url, { execArgv: entry.execArgv });
    let loaded = false;
    w.unref();
    w.on('message', (message: Argon2idReply) => {
      if ('ready' in message) {
        loaded = true;
        return;
      }
      // A worker error on a checked hash is no match.
      if (running?.id === message.id) finish('out' in message ? message.out : new Uint8Array(0));
    });
    w.on('error', () => {
      if (worker === w) worker = undefined;
      if (!loaded && running) {
        workerUnavailable = true;
        hashOnMainThread(running);
        return;
      }
      finish(undefined);
    });
    w.on('exit', () => {
      if (worker === w) {
        worker = undefined;
        if (running && !workerUnavailable) finish(undefined);
      }
    });
    return w;
  };

  const startNext = (): void => {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) return;
    running = job;
    if (workerUnavailable) {
      hashOnMainThread(job);
      return;
    }
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
