/**
 * A back-channel URL is an origin: a path would be advertised by discovery (token, userinfo, key
 * set under it) though the simulator serves nothing there. It is refused in one line, from the
 * flag and from the environment, and the start stops with exit code 2.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli-args.js';
import { runCli } from '../../src/cli.js';
import { withMultiSimulatorEnv } from '../../src/multi-simulator-options.js';

const RULE =
  'must be an origin (scheme, host and port) without a path: token, userinfo and the key set keep their own paths (/token, /sim/<name>/token) at that origin';

describe('--backchannel-url with a path', () => {
  it.each(['http://simulator:3000/prefix', 'http://simulator:3000/a/b/', 'https://x/token'])(
    '%s is refused in one line naming the rule',
    (url) => {
      const r = parseArgs(['--backchannel-url', url]);
      expect(r).toEqual({
        ok: false,
        message: `--backchannel-url ${RULE}, got ${JSON.stringify(url)}`,
      });
      expect(withMultiSimulatorEnv({}, { BACKCHANNEL_URL: url })).toEqual({
        ok: false,
        error: `BACKCHANNEL_URL ${RULE}, got ${JSON.stringify(url)}`,
      });
    },
  );

  it('an origin, with or without its trailing slash, is accepted as before', () => {
    for (const url of ['http://simulator:3000', 'http://simulator:3000/', 'https://sim.example'])
      expect(parseArgs(['--backchannel-url', url])).toMatchObject({ ok: true });
  });

  it('headless stops with exit code 2 and one line', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      expect(
        await runCli(['--port', '0', '--backchannel-url', 'http://simulator:3000/x'], {}),
      ).toBe(2);
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([
      `identity-simulator: --backchannel-url ${RULE}, got "http://simulator:3000/x"`,
    ]);
  });
});
