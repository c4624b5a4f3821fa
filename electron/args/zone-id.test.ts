import { describe, expect, it } from 'vitest';
import { parseHost } from './parse-listen-address.js';
import { parseDesktopArgs } from './parse-desktop-args.js';

describe('IPv6 zone ids in the desktop shell', () => {
  it('the desktop shell refuses a zone id with a one-line message, never throwing', () => {
    for (const value of ['::1%lo', '[::1%lo]', 'fe80::1%eth0', '::%1']) {
      const r = parseHost(value);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('HOST_INVALID');
        expect(r.error.message).toMatch(/zone id/);
        expect(r.error.message).not.toContain('\n');
      }
    }
    expect(parseHost('::1')).toEqual({ ok: true, value: '::1' });
    const args = parseDesktopArgs(['--host', '::1%lo', '--port=4000']);
    expect(args.host).toBeUndefined();
    expect(args.port).toBe(4000);
    expect(args.issues).toHaveLength(1);
    expect(args.issues[0]).toMatch(/^--host: .*zone id.*The saved address is used\.$/);
  });
});
