import { describe, expect, it } from 'vitest';
import { classifyEndpoint } from '../log/classify-endpoint.js';
import { EXCHANGE_ENDPOINTS } from './exchange-endpoints.js';

describe('EXCHANGE_ENDPOINTS', () => {
  it('lists exactly the endpoints the request log classifies paths into', () => {
    const paths = [
      '/authorize',
      '/token',
      '/userinfo',
      '/logout',
      '/.well-known/openid-configuration',
      '/.well-known/jwks.json',
      '/.well-known/did.json',
      '/trustmark',
      '/config',
      '/form-submit',
      '/',
      '/nowhere',
    ];
    expect(paths.map(classifyEndpoint)).toEqual([...EXCHANGE_ENDPOINTS]);
  });
});
