import { describe, expect, it } from 'vitest';
import { uiAddressFor } from './ui-address.js';

describe('uiAddressFor', () => {
  it('uses the bound loopback address', () => {
    expect(uiAddressFor('127.0.0.1', 3000, '/_simulator')).toEqual({
      baseUrl: 'http://127.0.0.1:3000',
      uiUrl: 'http://127.0.0.1:3000/_simulator/',
      origin: 'http://127.0.0.1:3000',
    });
  });

  it('reaches wildcard binds through loopback', () => {
    expect(uiAddressFor('0.0.0.0', 4000, '/_simulator').uiUrl).toBe(
      'http://127.0.0.1:4000/_simulator/',
    );
    expect(uiAddressFor('::', 4000, '/_simulator').origin).toBe('http://[::1]:4000');
  });

  it('brackets IPv6 addresses and keeps names', () => {
    expect(uiAddressFor('::1', 5000, '/_simulator').baseUrl).toBe('http://[::1]:5000');
    expect(uiAddressFor('localhost', 5000, '/_simulator').origin).toBe('http://localhost:5000');
  });
});
