import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { argon2idWorkerEntry } from '../../server/src/tokens/client-auth/argon2id-worker-entry.js';
import { checkArgon2idWorker } from './check-argon2id-worker.js';

const work = mkdtempSync(join(tmpdir(), 'argon2id-worker-check-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A worker file with this code, as an entry. */
function workerFile(name: string, code: string) {
  const file = join(work, name);
  writeFileSync(file, code);
  return { url: pathToFileURL(file), execArgv: [] };
}

describe('checkArgon2idWorker', () => {
  it("passes with the provider's own worker", async () => {
    const here = new URL('../../server/src/tokens/client-auth/x.ts', import.meta.url);
    const checked = await checkArgon2idWorker(argon2idWorkerEntry(here));
    expect(checked).toEqual({
      ok: true,
      value: expect.stringMatching(/^Argon2id worker hashed a secret/),
    });
  }, 30_000);

  it('fails when the file is missing, throws on load, exits, or answers a wrong hash', async () => {
    const missing = await checkArgon2idWorker({
      url: pathToFileURL(join(work, 'none.mjs')),
      execArgv: [],
    });
    expect(!missing.ok && missing.error).toMatch(/none\.mjs failed/);
    const throwing = await checkArgon2idWorker(
      workerFile('throws.mjs', 'throw new Error("no asar here");'),
    );
    expect(!throwing.ok && throwing.error).toMatch(/failed: no asar here/);
    const exiting = await checkArgon2idWorker(workerFile('exits.mjs', 'process.exit(3);'));
    expect(!exiting.ok && exiting.error).toMatch(/exited \(3\) before answering/);
    const wrong = await checkArgon2idWorker(
      workerFile(
        'wrong.mjs',
        `import { parentPort } from 'node:worker_threads';
         parentPort.postMessage({ ready: true });
         parentPort.on('message', (job) => parentPort.postMessage({ id: job.id, out: new Uint8Array(32) }));`,
      ),
    );
    expect(!wrong.ok && wrong.error).toBe('the Argon2id worker returned a wrong hash');
    const silent = await checkArgon2idWorker(
      workerFile('silent.mjs', 'setInterval(() => {}, 1000);'),
      300,
    );
    expect(!silent.ok && silent.error).toMatch(/did not answer in 300 ms/);
  }, 30_000);
});
