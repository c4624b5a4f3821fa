import { describe, expect, it } from 'vitest';
import { classifyEndpoint } from './classify-endpoint.js';

describe('classifyEndpoint', () => {
  it.each([
    ['/', 'root'],
    ['/authorize', 'authorize'],
    ['/authorize/', 'authorize'],
    ['/authorize/anything/below', 'authorize'],
    ['/AUTHORIZE', 'authorize'],
    ['/token', 'token'],
    ['/token/', 'token'],
    ['/userinfo', 'userinfo'],
    ['/logout', 'logout'],
    ['/.well-known/openid-configuration', 'discovery'],
    ['/.well-known/jwks.json', 'jwks'],
    ['/.well-known/did.json', 'did'],
    ['/trustmark', 'trustmark'],
    ['/config', 'config'],
    ['/form-submit', 'interactive'],
  ] as const)('%s is %s', (path, endpoint) => {
    expect(classifyEndpoint(path)).toBe(endpoint);
  });

  it.each(['/authorized', '/tokens', '/nope', '/.well-known/other', '//token', ''])(
    '%s is other',
    (path) => {
      expect(classifyEndpoint(path)).toBe('other');
    },
  );
});
