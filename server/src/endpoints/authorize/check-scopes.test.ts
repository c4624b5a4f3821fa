import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config/defaults.js';
import { checkScopes, INVALID_SCOPE } from './check-scopes.js';

const client = defaultConfig().clientConfiguration;

describe('checkScopes', () => {
  it.each([
    ['openid', ['openid']],
    ['openid email', ['openid', 'email']],
    ['email phone openid', ['email', 'phone', 'openid']],
    ['openid openid', ['openid']],
  ])('%j → %j', (raw, scopes) => {
    expect(checkScopes(raw, client)).toEqual({ ok: true, value: scopes });
  });

  it.each([
    undefined,
    null,
    '',
    ' ',
    'email',
    'email phone',
    'openid profile',
    'openid  email',
    ' openid',
    'openid ',
    'OPENID',
    'openid,email',
    'openid\temail',
    ['openid'],
    42,
  ])('refuses %j with invalid_scope', (raw) => {
    const r = checkScopes(raw, client);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('invalid_scope');
      expect(r.error.description).toBe(INVALID_SCOPE);
      expect(r.error.redirectable).toBe(true);
    }
  });

  it('a scope must also be allowed for the client', () => {
    const narrow = { ...client, scopes: ['openid'] };
    expect(checkScopes('openid', narrow).ok).toBe(true);
    expect(checkScopes('openid email', narrow).ok).toBe(false);
    expect(checkScopes('openid', { ...client, scopes: ['email'] }).ok).toBe(false);
  });
});
