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

  it('--help lists the options', () => {
    expect(USAGE).toMatch(/--rp-check \[PLAN\]/);
    expect(USAGE).toMatch(/--report FILE/);
    expect(USAGE).toMatch(/--rp-check-timeout SECONDS/);
    // As the README writes it: a file or the id of a built-in or saved scenario.
    expect(USAGE).toContain('[--scenario FILE|ID]');
    expect(USAGE).toMatch(/--scenario FILE\|ID {2}apply a scenario at start/);
    expect(USAGE).not.toMatch(/--scenario FILE(?!\|ID)/);
  });
});
