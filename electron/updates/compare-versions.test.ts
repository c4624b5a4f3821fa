import { describe, expect, it } from 'vitest';
import { compareVersions } from './compare-versions.js';

describe('compareVersions', () => {
  it.each([
    ['0.1.0', '0.2.0', -1],
    ['0.10.0', '0.9.9', 1],
    ['v1.2.3', '1.2.3', 0],
    ['1.0.0-beta.1', '1.0.0', -1],
    ['1.0.0-beta.2', '1.0.0-beta.10', -1],
    ['1.0.0-alpha', '1.0.0-alpha.1', -1],
    ['1.0.0-1', '1.0.0-alpha', -1],
    ['1.0.0+build.5', '1.0.0', 0],
    ['2.0.0', '10.0.0', -1],
  ])('orders %s against %s', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b) ?? NaN)).toBe(sign);
    expect(Math.sign(compareVersions(b, a) ?? NaN)).toBe(-sign || 0);
  });

  it.each(['', 'latest', '1.2', '1.2.3.4', 'v', '01.x.2', ' 1.2.3 junk'])(
    'says nothing about %j',
    (text) => {
      expect(compareVersions(text, '1.0.0')).toBeUndefined();
      expect(compareVersions('1.0.0', text)).toBeUndefined();
    },
  );
});
