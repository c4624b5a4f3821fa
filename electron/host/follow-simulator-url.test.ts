import { describe, expect, it } from 'vitest';
import { followSimulatorUrl } from './follow-simulator-url.js';

describe('followSimulatorUrl', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:4000'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:4000'],
    ['http://[::1]:3000', 'http://[::1]:4000'],
    ['http://LOCALHOST:3000/', 'http://localhost:4000'],
    ['http://localhost:3000/base/', 'http://localhost:4000/base'],
  ])('moves %s to the new port', (from, to) => {
    expect(followSimulatorUrl(from, 3000, 4000)).toBe(to);
  });

  it('follows a URL without a port when the provider listened on 80', () => {
    expect(followSimulatorUrl('http://localhost', 80, 8080)).toBe('http://localhost:8080');
  });

  it.each([
    ['another port', 'http://localhost:8443'],
    ['another host', 'https://simulator.example.com'],
    ['a LAN address', 'http://192.168.1.20:3000'],
    ['https default port', 'https://localhost'],
  ])('keeps a URL the user set (%s)', (_name, url) => {
    expect(followSimulatorUrl(url, 3000, 4000)).toBe(url);
  });

  it('keeps the URL when the port does not change', () => {
    expect(followSimulatorUrl('http://localhost:3000', 3000, 3000)).toBe('http://localhost:3000');
  });

  it('keeps text that is not an http(s) URL', () => {
    expect(followSimulatorUrl('not a url', 3000, 4000)).toBe('not a url');
    expect(followSimulatorUrl('ftp://localhost:3000', 3000, 4000)).toBe('ftp://localhost:3000');
  });
});
