/**
 * The desktop's start-up decision, without Electron: the multi-simulator options read as the
 * headless mode reads them, and the data-folder lock shared with the headless mode, proved
 * against a real headless process (the built dist/server/src/headless.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runNode, spawnNode } from '../../bench/lib/processes.mjs';
import { LOCK_FILE } from '../../server/src/index.js';
import { parseDesktopArgs } from '../args/parse-desktop-args.js';
import { prepareProviderStart } from './prepare-provider-start.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const c of children.splice(0)) c.kill();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'desktop-start-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'kept.json'), '{"name":"Kept"}\n');
  return dir;
}

const contents = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((n) => [n, readFileSync(join(dir, n), 'utf8')]));

/** The process id a folder's lock names. */
const lockPid = (dir: string): unknown =>
  (JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: unknown }).pid;

/** The refusal a folder held by `pid` gets from the desktop app. */
const heldLine = (dir: string, pid: number) =>
  `the data folder ${dir} is in use by another simulator (process ${pid}); stop it or start the app with another --user-data-dir (two simulators on one folder would overwrite each other's files)`;

const start = (argv: string[], dataDir: string, pid?: number) =>
  prepareProviderStart({
    args: parseDesktopArgs(argv),
    dataDir,
    ...(pid === undefined ? {} : { pid }),
  });

describe('the desktop start: --max-simulators and --backchannel-url', () => {
  it('starts with them when good', () => {
    const dir = folder();
    const given = start(['--max-simulators', '8', '--backchannel-url=http://simulator:3000/'], dir);
    expect(given).toMatchObject({
      ok: true,
      value: { maxSimulators: 8, backchannelUrl: 'http://simulator:3000' },
    });
    if (given.ok) given.value.releaseDataFolder();
    const none = start([], dir);
    expect(none.ok && Object.keys(none.value)).toEqual(['releaseDataFolder']);
    if (none.ok) none.value.releaseDataFolder();
  });

  it.each([
    [
      ['--max-simulators', 'abc'],
      '--max-simulators needs a whole number from 0 to 1000, got "abc"',
    ],
    [['--max-simulators=1001'], '--max-simulators needs a whole number from 0 to 1000, got "1001"'],
    [['--max-simulators=-1'], '--max-simulators needs a whole number from 0 to 1000, got "-1"'],
    [['--max-simulators=[]'], '--max-simulators needs a whole number from 0 to 1000, got "[]"'],
    [['--max-simulators'], '--max-simulators needs a whole number from 0 to 1000, got ""'],
    [['--backchannel-url', 'null'], /^--backchannel-url .*, got "null"$/],
    [['--backchannel-url={}'], /^--backchannel-url .*, got "\{\}"$/],
    [['--backchannel-url=ftp://x'], /^--backchannel-url .*, got "ftp:\/\/x"$/],
  ])('%j: refused in one line, before the data folder is touched', (argv, line) => {
    const dir = folder();
    const before = contents(dir);
    const refused = start(argv, dir);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    if (typeof line === 'string') expect(refused.error).toBe(line);
    else expect(refused.error).toMatch(line);
    expect(refused.error).not.toContain('\n');
    expect(contents(dir)).toEqual(before);
  });
});

describe('the desktop start: one simulator per data folder, headless or desktop', () => {
  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  });

  it('refuses a folder a headless simulator holds, and takes it once that one stops', async () => {
    const dir = folder();
    const headless = await spawnNode([CLI, '--port', '0', '--data-dir', dir]);
    stops.push(() => headless.stop());
    const pid = headless.child.pid as number;
    expect(lockPid(dir)).toBe(pid);
    const before = contents(dir);

    const refused = start(['--max-simulators', '4'], dir);
    expect(refused).toEqual({ ok: false, error: heldLine(dir, pid) });
    expect(contents(dir)).toEqual(before);

    await headless.stop();
    const taken = start([], dir);
    expect(taken.ok).toBe(true);
    expect(lockPid(dir)).toBe(process.pid);
    if (taken.ok) taken.value.releaseDataFolder();
  }, 30_000);

  it('a headless simulator started on the folder the desktop holds refuses, until the desktop quits', async () => {
    const dir = folder();
    const desktop = start([], dir);
    expect(desktop.ok).toBe(true);
    if (!desktop.ok) return;
    const before = contents(dir);
    const second = await runNode([CLI, '--port', '0', '--data-dir', dir]);
    expect(second.code).toBe(2);
    expect(second.stderr.trim()).toBe(
      `identity-simulator: the data folder ${dir} is in use by another simulator (process ${process.pid}); stop it or give another --data-dir (two simulators on one folder would overwrite each other's files)`,
    );
    expect(contents(dir)).toEqual(before);

    // Quitting gives the folder back (twice is harmless: quit and exit both release it).
    desktop.value.releaseDataFolder();
    desktop.value.releaseDataFolder();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const headless = await spawnNode([CLI, '--port', '0', '--data-dir', dir]);
    stops.push(() => headless.stop());
    expect(headless.url).toMatch(/^http:\/\//);
  }, 30_000);

  it('a second desktop app on the same folder (another settings folder naming it) refuses', () => {
    const dir = folder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
      stdio: 'ignore',
    });
    children.push(other);
    const first = start([], dir, other.pid);
    expect(first.ok).toBe(true);
    const second = start([], dir);
    expect(second).toEqual({ ok: false, error: heldLine(dir, other.pid as number) });
  });
});
