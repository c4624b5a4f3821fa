import { describe, expect, it } from 'vitest';
import { atHash } from './at-hash.js';

describe('atHash', () => {
  it('is the base64url left half of SHA-256', () => {
    // Computed independently: base64url(sha256(token)[0:16]).
    expect(atHash('jHkWEdUXMU1BwAsC4vtUsZwnNbUXMU1BwAsC4vtUsZwn')).toBe('tapXLU9bwKbXUVk8DtzoZQ');
  });

  it('is 22 characters of the base64url alphabet', () => {
    expect(atHash('anything')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
