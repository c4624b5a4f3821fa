import { describe, expect, it } from 'vitest';
import { parseArgs, USAGE } from './cli.js';

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

  it('--help lists the options', () => {
    expect(USAGE).toMatch(/--rp-check-strict/);
    expect(USAGE).toMatch(/0 when no step failed, 1 when one did/);
    expect(USAGE).toMatch(/--rp-check \[PLAN\]/);
    expect(USAGE).toMatch(/--report FILE/);
    expect(USAGE).toMatch(/--rp-check-timeout SECONDS/);
  });
});
