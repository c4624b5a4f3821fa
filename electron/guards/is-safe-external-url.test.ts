import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl, MAX_EXTERNAL_URL_LENGTH } from './is-safe-external-url.js';

describe('isSafeExternalUrl', () => {
  it.each([
    'https://docs.sign-in.service.gov.uk/',
    'http://localhost:8080/oidc/authorization-code/callback?code=abc',
    'HTTPS://EXAMPLE.COM/path',
  ])('accepts %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    ['file:', 'file:///etc/passwd'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<h1>x</h1>'],
    ['a custom scheme', 'ms-msdt:/id PCWDiagnostic'],
    ['smb:', 'smb://server/share'],
    ['mailto:', 'mailto:someone@example.com'],
    ['embedded credentials', 'https://user:secret@example.com/'],
    ['a relative path', '/docs'],
    ['an empty string', ''],
    ['text', 'not a url'],
    ['a too long URL', `https://example.com/${'a'.repeat(MAX_EXTERNAL_URL_LENGTH)}`],
  ])('refuses %s', (_name, url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });

  it.each([undefined, null, 42, {}, ['https://example.com/']])('refuses the non-string %j', (v) => {
    expect(isSafeExternalUrl(v)).toBe(false);
  });
});
