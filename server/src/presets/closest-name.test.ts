import { describe, expect, it } from 'vitest';
import { closestName } from './closest-name.js';

const VARS = ['PKCE_ENABLED', 'CLIENT_ID', 'SCOPES', 'SUB', 'EMAIL', 'ID_TOKEN_ERRORS'];

describe('closestName', () => {
  it('finds the name a typo meant', () => {
    expect(closestName('PKCE_ENABLD', VARS)).toBe('PKCE_ENABLED');
    expect(closestName('CLEINT_ID', VARS)).toBe('CLIENT_ID');
    expect(closestName('pkce_enabled', VARS)).toBe('PKCE_ENABLED');
    expect(closestName('ID_TOKEN_ERROR', VARS)).toBe('ID_TOKEN_ERRORS');
  });

  it('suggests nothing for names far from every candidate', () => {
    expect(closestName('DATABASE_URL', VARS)).toBeUndefined();
    expect(closestName('', VARS)).toBeUndefined();
    expect(closestName('X'.repeat(5000), VARS)).toBeUndefined();
  });

  it('is stricter with short names, and silent when two are equally near', () => {
    expect(closestName('SUX', VARS)).toBe('SUB');
    expect(closestName('SXX', VARS)).toBeUndefined();
    expect(closestName('AB', ['AC', 'AD'])).toBeUndefined();
  });
});
