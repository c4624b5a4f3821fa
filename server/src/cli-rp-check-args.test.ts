import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs, USAGE } from './cli-args.js';

describe('parseArgs: the relying-party check', () => {
  it('--rp-check takes an optional plan', () => {
    expect(parseArgs(['--rp-check'])).toMatchObject({ ok: true, value: { rpCheck: '' } });
    expect(parseArgs(['--rp-check', '--port', '0'])).toMatchObject({
      ok: true,
      value: { rpCheck: '', port: 0 },
    });
    expect(parseArgs(['--rp-check', 'plans/ci.json'])).toMatchObject({
      ok: true,
      value: { rpCheck: 'plans/ci.json' },
    });
    expect(parseArgs(['--rp-check=mine'])).toMatchObject({ ok: true, value: { rpCheck: 'mine' } });
  });

  it('--report needs a file with a known extension; --rp-check-timeout a number of seconds', () => {
    expect(
      parseArgs(['--rp-check', '--report', 'out/r.xml', '--rp-check-timeout', '5']),
    ).toMatchObject({
      ok: true,
      value: { rpCheck: '', report: 'out/r.xml', rpCheckTimeout: 5 },
    });
    for (const bad of [['--report'], ['--report', 'r.txt'], ['--report', 'report']])
      expect(parseArgs(['--rp-check', ...bad])).toMatchObject({
        ok: false,
        message: expect.stringMatching(
          /^--report needs a file ending in \.xml \(JUnit\), \.json or \.html/,
        ),
      });
    for (const bad of ['0', '-1', 'x', '1.5', '3601', ''])
      expect(parseArgs(['--rp-check', '--rp-check-timeout', bad])).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^--rp-check-timeout needs a whole number of seconds/),
      });
  });

  it('--report and --rp-check-timeout need --rp-check', () => {
    expect(parseArgs(['--report', 'r.json'])).toEqual({
      ok: false,
      message: '--report needs --rp-check',
    });
    expect(parseArgs(['--rp-check-timeout', '3'])).toEqual({
      ok: false,
      message: '--rp-check-timeout needs --rp-check',
    });
  });

  it('--rp-check-strict is a flag that needs --rp-check', () => {
    expect(parseArgs(['--rp-check', '--rp-check-strict'])).toMatchObject({
      ok: true,
      value: { rpCheck: '', rpCheckStrict: true },
    });
    expect(parseArgs(['--rp-check-strict'])).toEqual({
      ok: false,
      message: '--rp-check-strict needs --rp-check',
    });
    for (const v of ['true', '1', ''])
      expect(parseArgs(['--rp-check', `--rp-check-strict=${v}`])).toEqual({
        ok: false,
        message: '--rp-check-strict takes no value',
      });
  });

  it('--drive-* flags: the check drives the service; each needs a proper value and --rp-check', () => {
    expect(
      parseArgs([
        '--rp-check',
        '--drive-sign-in',
        'http://localhost:8080/login',
        '--drive-identity-sign-in=http://localhost:8080/login?identity=1',
        '--drive-signed-in',
        'http://localhost:8080/me',
        '--drive-signed-in-text',
        'Your account',
        '--drive-sign-out',
        'http://localhost:8080/logout',
        '--drive-identity-text',
        'PATEL',
        '--drive-reauthenticate',
        'http://localhost:8080/reauthenticate',
      ]),
    ).toMatchObject({
      ok: true,
      value: {
        rpCheck: '',
        drive: {
          signIn: 'http://localhost:8080/login',
          identitySignIn: 'http://localhost:8080/login?identity=1',
          signedIn: 'http://localhost:8080/me',
          signedInText: 'Your account',
          signOut: 'http://localhost:8080/logout',
          identityText: 'PATEL',
          reauthenticate: 'http://localhost:8080/reauthenticate',
        },
      },
    });
    for (const bad of [[], [''], ['localhost:8080/login'], ['ftp://x/'], ['--port']])
      expect(
        parseArgs(['--rp-check', '--drive-signed-in', 'http://x/me', '--drive-sign-in', ...bad]),
      ).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^--drive-sign-in must be/),
      });
    for (const bad of [
      [],
      [''],
      ['/reauth'],
      ['javascript:alert(1)'],
      ['http://u:p@x/'],
      ['--port'],
    ])
      expect(
        parseArgs([
          '--rp-check',
          '--drive-sign-in',
          'http://x/l',
          '--drive-signed-in',
          'http://x/me',
          '--drive-reauthenticate',
          ...bad,
        ]),
      ).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^--drive-reauthenticate (must|needs)/),
      });
    expect(parseArgs(['--drive-reauthenticate', 'http://x/reauth'])).toEqual({
      ok: false,
      message: '--drive-reauthenticate needs --rp-check',
    });
    expect(parseArgs(['--rp-check', '--drive-signed-in-text', ''])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^--drive-signed-in-text must be a non-empty string/),
    });
    expect(parseArgs(['--rp-check', '--drive-sign-in', 'http://x/login'])).toEqual({
      ok: false,
      message: '--drive-signed-in is needed with the other --drive-* flags',
    });
    expect(
      parseArgs(['--drive-sign-in', 'http://x/login', '--drive-signed-in', 'http://x/me']),
    ).toEqual({
      ok: false,
      message: '--drive-sign-in needs --rp-check',
    });
  });

  it('--help lists the options', () => {
    expect(USAGE).toMatch(/--rp-check-strict/);
    expect(USAGE).toMatch(/0 when steps were judged and none failed, 1 when one\s+failed/);
    expect(USAGE).toMatch(/3 when the check could\s+not observe the service/);
    expect(USAGE).toMatch(/--drive-reauthenticate URL/);
    expect(USAGE).toMatch(/--rp-check \[PLAN\]/);
    expect(USAGE).toMatch(/--report FILE/);
    expect(USAGE).toMatch(/--rp-check-timeout SECONDS/);
    // As the README writes it: a file or the id of a built-in or saved scenario.
    expect(USAGE).toContain('[--scenario FILE|ID]');
    expect(USAGE).toMatch(/--scenario FILE\|ID {2}apply a scenario at start/);
    expect(USAGE).not.toMatch(/--scenario FILE(?!\|ID)/);
    for (const flag of [
      '--drive-sign-in URL',
      '--drive-identity-sign-in URL',
      '--drive-signed-in URL',
      '--drive-signed-in-text TEXT',
      '--drive-sign-out URL',
      '--drive-identity-text TEXT',
    ])
      expect(USAGE).toContain(flag);
  });
});

describe('parseArgs: --drive-browser', () => {
  const dir = mkdtempSync(join(tmpdir(), 'drive-browser-args-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const drive = ['--rp-check', '--drive-sign-in', 'http://localhost:8080/login'];
  const signedIn = ['--drive-signed-in', 'http://localhost:8080/me'];

  it('alone searches at start; =PATH names an executable', () => {
    expect(parseArgs([...drive, ...signedIn, '--drive-browser'])).toMatchObject({
      ok: true,
      value: { driveBrowser: {} },
    });
    const program = join(dir, 'chrome');
    writeFileSync(program, '#!/bin/sh\n');
    chmodSync(program, 0o755);
    expect(parseArgs([...drive, ...signedIn, `--drive-browser=${program}`])).toMatchObject({
      ok: true,
      value: { driveBrowser: { path: program } },
    });
  });

  it.skipIf(process.platform === 'win32')(
    'refuses an empty value, a directory, a plain file, a missing path, a repeat, a bare path',
    () => {
      const plain = join(dir, 'plain');
      writeFileSync(plain, 'x');
      chmodSync(plain, 0o644);
      const cases: [string[], RegExp][] = [
        [
          ['--drive-browser='],
          /^--drive-browser needs the path of a Chromium or Chrome executable/,
        ],
        [
          [`--drive-browser=${dir}`],
          /^--drive-browser .* is a directory, not a browser executable$/,
        ],
        [[`--drive-browser=${plain}`], /^--drive-browser .*plain is not executable$/],
        [['--drive-browser=/no/such/chrome'], /^--drive-browser \/no\/such\/chrome: no such file$/],
        [['--drive-browser', '--drive-browser'], /^--drive-browser is given more than once$/],
        [
          ['--drive-browser', '/usr/bin/chromium'],
          /^--drive-browser takes its path after "=", e\.g\. --drive-browser=\/usr\/bin\/chromium$/,
        ],
      ];
      for (const [args, message] of cases)
        expect(parseArgs([...drive, ...signedIn, ...args])).toEqual({
          ok: false,
          message: expect.stringMatching(message),
        });
    },
  );

  it('needs --rp-check', () => {
    expect(parseArgs(['--drive-browser'])).toEqual({
      ok: false,
      message: '--drive-browser needs --rp-check',
    });
  });
});
