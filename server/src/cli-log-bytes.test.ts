import { describe, expect, it } from 'vitest';
import { parseArgs, USAGE } from './cli-args.js';

describe('parseArgs: --log-bytes', () => {
  it('takes bytes or a size in k, m or g (binary units)', () => {
    expect(parseArgs(['--log-bytes', '64m'])).toMatchObject({
      ok: true,
      value: { logBytes: 64 * 1024 * 1024 },
    });
    expect(parseArgs(['--log-bytes=1G'])).toMatchObject({
      ok: true,
      value: { logBytes: 1024 ** 3 },
    });
    expect(parseArgs(['--log-bytes', '2097152'])).toMatchObject({
      ok: true,
      value: { logBytes: 2 * 1024 * 1024 },
    });
    expect(USAGE).toContain('--log-bytes SIZE');
  });

  it.each([
    [[]],
    [['']],
    [['0']],
    [['512k']],
    [['5g']],
    [['-1m']],
    [['1.5m']],
    [['{}']],
    [['null']],
    [['[1]']],
    [['64mb']],
  ])('refuses %j with one line naming the flag and the range', (rest) => {
    const r = parseArgs(['--log-bytes', ...rest]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toMatch(/^--log-bytes needs a size from 1m to 4g/);
      expect(r.message).not.toContain('\n');
    }
  });
});
