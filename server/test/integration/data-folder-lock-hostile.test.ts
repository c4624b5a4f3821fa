/**
 * The data-folder lock cannot be fooled and never hangs: its holder is named by more than a
 * process id (host, boot, process-id namespace, start time, a random token), so two containers
 * whose simulators are each process 1 do not both take one volume, and a reused process id is
 * told from the owner; a lock path that is no small regular file (a named pipe, a link to
 * /dev/zero, a folder, a large file) is refused at once with what it is.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LOCK_FILE,
  LOCK_HEARTBEAT_MS,
  LOCK_STALE_MS,
  lockDataFolder,
  lockHolder,
  processStartTime,
} from '../../src/presets/data-folder-lock.js';
import { CLI, ensureBuilt, runNode } from '../../../bench/lib/processes.mjs';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const c of children.splice(0)) c.kill();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
beforeAll(() => ensureBuilt());

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lock-hostile-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'kept.json'), '{"kept":true}\n');
  return dir;
}

function otherProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid as number;
}

const held = (dir: string) =>
  JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number; token: string };

const refusal = (dir: string, what: string) =>
  `the data folder ${dir} cannot be locked: its lock file ${join(dir, LOCK_FILE)} ${what}; remove it and start again`;

describe('a lock path that is no small regular file is refused at once', () => {
  const posix = process.platform !== 'win32';
  it.runIf(posix)(
    'a named pipe: the headless start prints one line and exits 2 (it blocked for ever)',
    async () => {
      const dir = folder();
      expect(spawnSync('mkfifo', [join(dir, LOCK_FILE)]).status).toBe(0);
      const run = await runNode([CLI, '--port', '0', '--data-dir', dir], { timeoutMs: 10_000 });
      expect(run.signal).toBeNull();
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(
        `identity-simulator: ${refusal(dir, 'is a named pipe, not a lock file a simulator wrote')}`,
      );
      expect(lstatSync(join(dir, LOCK_FILE)).isFIFO()).toBe(true);
    },
  );

  it.runIf(posix)(
    'a link to /dev/zero: one line, exit 2 (it was read until the process aborted)',
    async () => {
      const dir = folder();
      symlinkSync('/dev/zero', join(dir, LOCK_FILE));
      const run = await runNode([CLI, '--port', '0', '--data-dir', dir], { timeoutMs: 10_000 });
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(
        `identity-simulator: ${refusal(dir, 'is a link (to "/dev/zero"), not a lock file a simulator wrote')}`,
      );
      expect(lstatSync(join(dir, LOCK_FILE)).isSymbolicLink()).toBe(true);
    },
  );

  it('a folder, and a file larger than a lock: each named, nothing changed', () => {
    const dir = folder();
    mkdirSync(join(dir, LOCK_FILE));
    expect(lockDataFolder(dir)).toEqual({
      ok: false,
      error: refusal(dir, 'is a folder, not a lock file a simulator wrote'),
    });
    expect(statSync(join(dir, LOCK_FILE)).isDirectory()).toBe(true);
    const other = folder();
    writeFileSync(join(other, LOCK_FILE), 'x'.repeat(5000));
    expect(lockDataFolder(other)).toEqual({
      ok: false,
      error: refusal(other, 'is larger than 4096 bytes, not a lock file a simulator wrote'),
    });
    expect(readFileSync(join(other, LOCK_FILE), 'utf8')).toHaveLength(5000);
    expect(readFileSync(join(other, 'kept.json'), 'utf8')).toBe('{"kept":true}\n');
  });

  it('SIGTERM during start-up still stops the headless simulator', async () => {
    const dir = folder();
    const child = spawn(process.execPath, [CLI, '--port', '0', '--data-dir', dir], {
      stdio: 'ignore',
    });
    children.push(child);
    await new Promise((r) => setTimeout(r, 150));
    child.kill('SIGTERM');
    const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) => {
      const timer = setTimeout(() => resolve({ code: null, signal: 'still running' }), 10_000);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal });
      });
    });
    expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});

describe('the holder is more than a process id', () => {
  it.runIf(process.platform === 'linux')(
    'a reused process id (a live, unrelated process) is told from the owner by its start time',
    () => {
      const dir = folder();
      const unrelated = otherProcess();
      const stale = { ...lockHolder(unrelated), start: '1' };
      writeFileSync(join(dir, LOCK_FILE), `${JSON.stringify(stale)}\n`);
      const taken = lockDataFolder(dir);
      expect(taken.ok).toBe(true);
      expect(held(dir).pid).toBe(process.pid);
      if (taken.ok) taken.value();
      // The owner itself (the start time matches) keeps it.
      writeFileSync(join(dir, LOCK_FILE), `${JSON.stringify(lockHolder(unrelated))}\n`);
      expect(lockDataFolder(dir)).toMatchObject({
        ok: false,
        error: expect.stringContaining(`in use by another simulator (process ${unrelated})`),
      });
    },
  );

  it.skipIf(process.platform === 'linux')(
    'where no start time can be read, a reused id is told by its stale heartbeat',
    () => {
      const dir = folder();
      const unrelated = otherProcess();
      writeFileSync(join(dir, LOCK_FILE), `${JSON.stringify(lockHolder(unrelated))}\n`);
      expect(lockDataFolder(dir).ok).toBe(false);
      const old = (Date.now() - LOCK_STALE_MS - 1000) / 1000;
      utimesSync(join(dir, LOCK_FILE), old, old);
      const taken = lockDataFolder(dir);
      expect(taken.ok).toBe(true);
      if (taken.ok) taken.value();
    },
  );

  it("another container's process 1 (this process's own id, another namespace) keeps the folder while it beats", () => {
    const dir = folder();
    // Written by a simulator in another container: the same id as this process, another
    // host name and namespace.
    const there = {
      ...lockHolder(process.pid),
      host: 'container-b',
      pidns: 'pid:[4026599999]',
    };
    writeFileSync(join(dir, LOCK_FILE), `${JSON.stringify(there)}\n`);
    expect(lockDataFolder(dir)).toEqual({
      ok: false,
      error: `the data folder ${dir} is in use by another simulator (process ${process.pid} on host "container-b"); stop it or give another --data-dir (two simulators on one folder would overwrite each other's files)`,
    });
    expect(held(dir).token).toBe(there.token);
    // Once its heartbeat is older than LOCK_STALE_MS, its holder has gone: taken over.
    const old = (Date.now() - LOCK_STALE_MS - 1000) / 1000;
    utimesSync(join(dir, LOCK_FILE), old, old);
    const taken = lockDataFolder(dir);
    expect(taken.ok).toBe(true);
    expect(held(dir).token).not.toBe(there.token);
    if (taken.ok) taken.value();
  });

  it('the holder touches its lock every heartbeat, so another container keeps out', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const dir = folder();
    const taken = lockDataFolder(dir);
    expect(taken.ok).toBe(true);
    const file = join(dir, LOCK_FILE);
    const old = (Date.now() - LOCK_STALE_MS - 1000) / 1000;
    utimesSync(file, old, old);
    vi.advanceTimersByTime(LOCK_HEARTBEAT_MS);
    expect(Math.abs(Date.now() - statSync(file).mtimeMs)).toBeLessThan(LOCK_STALE_MS);
    if (taken.ok) taken.value();
    expect(existsSync(file)).toBe(false);
  });

  it('a release removes only its own lock', () => {
    const dir = folder();
    const taken = lockDataFolder(dir);
    expect(taken.ok).toBe(true);
    const other = `${JSON.stringify(lockHolder(otherProcess()))}\n`;
    writeFileSync(join(dir, LOCK_FILE), other);
    if (taken.ok) taken.value();
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(other);
  });

  it.runIf(process.platform === 'linux')('this process start time is read from /proc', () => {
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
  });
});
