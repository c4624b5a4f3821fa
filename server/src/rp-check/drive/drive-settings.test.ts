import { describe, expect, it } from 'vitest';
import { parseDriveSettings } from './drive-settings.js';

const GOOD = { signIn: 'http://localhost:8080/login', signedIn: 'http://localhost:8080/me' };

describe('parseDriveSettings', () => {
  it('keeps the settings given', () => {
    const all = {
      ...GOOD,
      identitySignIn: 'https://svc.example/login?identity=1',
      signOut: 'http://localhost:8080/logout',
      signedInText: 'Your account',
      identityText: 'PATEL',
      reauthenticate: 'http://localhost:8080/reauthenticate',
    };
    expect(parseDriveSettings(all, 'drive')).toEqual({ ok: true, value: all });
    expect(parseDriveSettings(GOOD, 'drive')).toEqual({ ok: true, value: GOOD });
  });

  it('refuses wrong types with the path of each problem', () => {
    for (const bad of [null, [], 'http://x', 42, true])
      expect(parseDriveSettings(bad, 'service')).toMatchObject({
        ok: false,
        error: [{ path: 'service', message: expect.stringMatching(/^must be an object/) }],
      });
    for (const value of [
      null,
      42,
      [],
      {},
      '',
      'localhost:8080',
      'ftp://x/y',
      'file:///etc/passwd',
      'http://u:p@x/',
      `http://x/${'a'.repeat(2100)}`,
    ]) {
      const r = parseDriveSettings({ ...GOOD, signIn: value }, 'drive');
      expect(r.ok, JSON.stringify(value).slice(0, 40)).toBe(false);
      if (!r.ok) expect(r.error[0]?.path).toBe('drive.signIn');
    }
    for (const value of [null, 42, [], {}, '', '/reauth', 'ftp://x/', 'http://u:p@x/']) {
      const r = parseDriveSettings({ ...GOOD, reauthenticate: value }, 'drive');
      expect(r.ok, JSON.stringify(value)).toBe(false);
      if (!r.ok) expect(r.error[0]?.path).toBe('drive.reauthenticate');
    }
    for (const value of [null, 42, [], {}, '', '   ', 'a\nb', 'x'.repeat(201)]) {
      const r = parseDriveSettings({ ...GOOD, identityText: value }, 'drive');
      expect(r.ok, JSON.stringify(value).slice(0, 40)).toBe(false);
      if (!r.ok) expect(r.error[0]?.path).toBe('drive.identityText');
    }
  });

  it('needs signIn and signedIn, and knows no other field', () => {
    expect(parseDriveSettings({ signIn: GOOD.signIn, extra: 1 }, 'drive')).toEqual({
      ok: false,
      error: [
        { path: 'drive.extra', message: 'unknown field' },
        { path: 'drive.signedIn', message: 'is required' },
      ],
    });
  });
});
