import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserPathProblem, fileKind, findBrowser, type FileKind } from './find-browser.js';

const dir = mkdtempSync(join(tmpdir(), 'find-browser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const only =
  (found: Record<string, FileKind>) =>
  (path: string): FileKind =>
    found[path] ?? 'missing';

describe.skipIf(process.platform === 'win32')('fileKind / browserPathProblem', () => {
  it('tells a missing path, a directory, a plain file and an executable apart', () => {
    const plain = join(dir, 'plain');
    const program = join(dir, 'program');
    writeFileSync(plain, 'x');
    writeFileSync(program, '#!/bin/sh\n');
    chmodSync(plain, 0o644);
    chmodSync(program, 0o755);
    expect(fileKind(join(dir, 'nothing'))).toBe('missing');
    expect(fileKind(dir)).toBe('directory');
    expect(fileKind(plain)).toBe('not-executable');
    expect(fileKind(program)).toBe('executable');
    expect(browserPathProblem(join(dir, 'nothing'))).toBe(`${join(dir, 'nothing')}: no such file`);
    expect(browserPathProblem(dir)).toBe(`${dir} is a directory, not a browser executable`);
    expect(browserPathProblem(plain)).toBe(`${plain} is not executable`);
    expect(browserPathProblem(program)).toBeUndefined();
    expect(browserPathProblem('')).toMatch(/^needs the path of a Chromium or Chrome executable/);
    expect(browserPathProblem('   ')).toMatch(/^needs the path/);
  });
});

describe('findBrowser', () => {
  it('takes the path given, when it is an executable', () => {
    const kind = only({ '/opt/chrome': 'executable', '/usr/bin/chromium': 'executable' });
    expect(findBrowser('/opt/chrome', {}, 'linux', kind)).toEqual({
      ok: true,
      value: '/opt/chrome',
    });
    expect(findBrowser('/opt/none', {}, 'linux', kind)).toEqual({
      ok: false,
      error: '--drive-browser /opt/none: no such file',
    });
  });

  it('alone: CHROMIUM_PATH first, then the usual places in order', () => {
    const kind = only({
      '/usr/bin/google-chrome': 'executable',
      '/usr/bin/chromium-browser': 'executable',
      '/custom/chromium': 'executable',
    });
    expect(findBrowser(undefined, {}, 'linux', kind)).toEqual({
      ok: true,
      value: '/usr/bin/google-chrome',
    });
    expect(findBrowser(undefined, { CHROMIUM_PATH: '/custom/chromium' }, 'linux', kind)).toEqual({
      ok: true,
      value: '/custom/chromium',
    });
    const mac = only({
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome': 'executable',
    });
    expect(findBrowser(undefined, {}, 'darwin', mac)).toMatchObject({ ok: true });
    const win = only({ 'D:\\Apps\\Google\\Chrome\\Application\\chrome.exe': 'executable' });
    expect(findBrowser(undefined, { PROGRAMFILES: 'D:\\Apps' }, 'win32', win)).toEqual({
      ok: true,
      value: 'D:\\Apps\\Google\\Chrome\\Application\\chrome.exe',
    });
  });

  it('a CHROMIUM_PATH that is no browser is an error, not skipped', () => {
    const kind = only({ '/usr/bin/chromium': 'executable', '/tmp': 'directory' });
    expect(findBrowser(undefined, { CHROMIUM_PATH: '/tmp' }, 'linux', kind)).toEqual({
      ok: false,
      error:
        '--drive-browser: CHROMIUM_PATH /tmp is a directory, not a browser executable: fix it, or unset it to search the usual places',
    });
  });

  it('nothing found: one line naming every place looked at and how to fix it', () => {
    const found = findBrowser(
      undefined,
      {},
      'linux',
      only({ '/usr/bin/chromium': 'not-executable' }),
    );
    expect(found).toEqual({
      ok: false,
      error:
        '--drive-browser found no Chromium or Chrome (CHROMIUM_PATH is not set; looked at /usr/bin/chromium, /usr/bin/google-chrome, /usr/bin/chromium-browser, /usr/bin/google-chrome-stable): install Chromium or Chrome, or give its path with --drive-browser=PATH or CHROMIUM_PATH',
    });
  });
});
