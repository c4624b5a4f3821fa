import { describe, expect, it } from 'vitest';
import { isAllowedNavigation, originOf } from './is-allowed-navigation.js';

const UI = 'http://127.0.0.1:3000';

describe('isAllowedNavigation', () => {
  it.each([
    'http://127.0.0.1:3000/_simulator/',
    'http://127.0.0.1:3000/_simulator/#/log',
    'http://127.0.0.1:3000/config',
    'HTTP://127.0.0.1:3000/_simulator/',
  ])('allows %s on the UI origin', (url) => {
    expect(isAllowedNavigation(url, UI)).toBe(true);
  });

  it.each([
    ['another port', 'http://127.0.0.1:3001/_simulator/'],
    ['a longer port with the same prefix', 'http://127.0.0.1:30001/'],
    ['a host that starts with the UI host', 'http://127.0.0.1:3000.evil.example/'],
    ['credentials that hide another host', 'http://127.0.0.1:3000@evil.example/'],
    ['https on the same host and port', 'https://127.0.0.1:3000/'],
    ['localhost instead of 127.0.0.1', 'http://localhost:3000/'],
    ['an external site', 'https://docs.sign-in.service.gov.uk/'],
    ['a data: URL', 'data:text/html,<h1>hi</h1>'],
    ['a file: URL', 'file:///etc/passwd'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', '/_simulator/'],
    ['an empty string', ''],
    ['garbage', 'not a url'],
  ])('refuses %s', (_name, url) => {
    expect(isAllowedNavigation(url, UI)).toBe(false);
  });

  it('refuses everything when there is no UI origin yet', () => {
    expect(isAllowedNavigation('http://127.0.0.1:3000/', undefined)).toBe(false);
    expect(isAllowedNavigation('data:text/html,x', 'data:text/html,x')).toBe(false);
  });

  it('accepts a UI origin given as a full URL', () => {
    expect(
      isAllowedNavigation('http://127.0.0.1:3000/x', 'http://127.0.0.1:3000/_simulator/'),
    ).toBe(true);
  });
});

describe('originOf', () => {
  it('gives the origin of http(s) URLs only', () => {
    expect(originOf('http://[::1]:4000/a?b#c')).toBe('http://[::1]:4000');
    expect(originOf('https://example.com/')).toBe('https://example.com');
    expect(originOf('data:text/html,x')).toBeUndefined();
    expect(originOf(undefined)).toBeUndefined();
    expect(originOf(null)).toBeUndefined();
    expect(originOf('::::')).toBeUndefined();
  });
});
