/**
 * Two simulators on one data folder would overwrite each other's files (each checks a name is
 * free, then writes). The second refuses to start, in one line naming the folder and the process
 * that holds it, and changes nothing in the folder; a lock left by a process that has gone is
 * taken over.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli.js';
import {
  LOCK_FILE,
  LOCK_WRITE_GRACE_MS,
  lockDataFolder,
} from '../../src/presets/data-folder-lock.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lock-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'personas'));
  writeFileSync(join(dir, 'personas', 'alice.json'), '{"name":"Alice"}\n');
  return dir;
}

const contents = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .sort()
      .map((n) => {
        try {
          return [n, readFileSync(join(dir, n), 'utf8')];
        } catch {
          return [n, '(folder)'];
        }
      }),
  );

/** The process id the lock file names. */
const heldBy = (dir: string): unknown =>
  (JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: unknown }).pid;

/** A process that stays alive: the "first simulator". */
function otherProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid as number;
}

describe('one simulator per data folder', () => {
  it('a second headless start on a held folder refuses in one line naming the folder and the process', async () => {
    const dir = folder();
    const holder = otherProcess();
    writeFileSync(join(dir, LOCK_FILE), `${holder}\n`);
    const before = contents(dir);
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(
      (line: unknown) => void errors.push(String(line)),
    );
    const code = await runCli(['--port', '0', '--data-dir', dir], {});
    expect(code).toBe(2);
    expect(errors).toEqual([
      `identity-simulator: the data folder ${dir} is in use by another simulator (process ${holder}); stop it or give another --data-dir (two simulators on one folder would overwrite each other's files)`,
    ]);
    expect(contents(dir)).toEqual(before);
  });

  it('the first holder keeps the folder until it releases it; a lock left by a gone process is taken over', async () => {
    const dir = folder();
    const first = lockDataFolder(dir, process.pid);
    expect(first.ok).toBe(true);
    const holder = otherProcess();
    const second = lockDataFolder(dir, holder);
    expect(second).toEqual({
      ok: false,
      error: expect.stringContaining(`is in use by another simulator (process ${process.pid})`),
    });
    if (first.ok) first.value();
    expect(readdirSync(dir)).not.toContain(LOCK_FILE);
    // A process that has exited left its lock behind.
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => gone.on('exit', r));
    writeFileSync(join(dir, LOCK_FILE), `${gone.pid}\n`);
    const taken = lockDataFolder(dir);
    expect(taken.ok).toBe(true);
    expect(heldBy(dir)).toBe(process.pid);
    if (taken.ok) taken.value();
  });

  it.each([['garbage'], [''], ['{"pid":1}'], ['-5']])(
    'a lock file holding %j is taken over',
    (text) => {
      const dir = folder();
      writeFileSync(join(dir, LOCK_FILE), text);
      // An empty one must be old enough not to be another starter's, between create and write.
      const old = (Date.now() - LOCK_WRITE_GRACE_MS - 1000) / 1000;
      utimesSync(join(dir, LOCK_FILE), old, old);
      const taken = lockDataFolder(dir);
      expect(taken.ok).toBe(true);
      if (taken.ok) taken.value();
    },
  );

  it('an empty lock file just created is another starter writing its id: refused, not taken over', () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), '');
    expect(lockDataFolder(dir)).toEqual({
      ok: false,
      error: `the data folder ${dir} is being taken by another simulator starting at the same time`,
    });
    // Left empty by a starter that died before writing: taken over once past the grace.
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe('');
    const old = (Date.now() - LOCK_WRITE_GRACE_MS - 1000) / 1000;
    utimesSync(join(dir, LOCK_FILE), old, old);
    const taken = lockDataFolder(dir);
    expect(taken.ok).toBe(true);
    expect(heldBy(dir)).toBe(process.pid);
    if (taken.ok) taken.value();
  });
});
