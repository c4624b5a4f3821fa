import { describe, expect, it } from 'vitest';
import { isTrustedSender } from './is-trusted-sender.js';

const UI = 'http://127.0.0.1:3000';
const PAGE = 'data:text/html;charset=utf-8,%3Ch1%3EPort%20in%20use%3C%2Fh1%3E';

describe('isTrustedSender', () => {
  it('trusts frames on the UI origin', () => {
    expect(isTrustedSender('http://127.0.0.1:3000/_simulator/', { uiOrigin: UI })).toBe(true);
    expect(isTrustedSender('http://127.0.0.1:3000/_simulator/#/config', { uiOrigin: UI })).toBe(
      true,
    );
  });

  it('trusts the exact start-error page the app loaded', () => {
    expect(isTrustedSender(PAGE, { uiOrigin: undefined, localPageUrl: PAGE })).toBe(true);
  });

  it.each([
    ['another origin', 'http://127.0.0.1:3001/_simulator/'],
    ['a look-alike host', 'http://127.0.0.1:3000.evil.example/'],
    ['another data: page', 'data:text/html,<script>evil()</script>'],
    ['a prefix of the local page', PAGE.slice(0, -3)],
    ['the local page with more appended', `${PAGE}%3Cscript%3E`],
    ['a file: page', 'file:///tmp/page.html'],
    ['about:blank', 'about:blank'],
    ['an empty URL', ''],
  ])('refuses %s', (_name, url) => {
    expect(isTrustedSender(url, { uiOrigin: UI, localPageUrl: PAGE })).toBe(false);
  });

  it('refuses a destroyed frame (no URL)', () => {
    expect(isTrustedSender(undefined, { uiOrigin: UI })).toBe(false);
    expect(isTrustedSender(null, { uiOrigin: UI })).toBe(false);
  });

  it('refuses everything when nothing is trusted', () => {
    expect(isTrustedSender('http://127.0.0.1:3000/', { uiOrigin: undefined })).toBe(false);
  });

  it('never trusts a local page that is not an HTML data: URL', () => {
    const url = 'https://evil.example/';
    expect(isTrustedSender(url, { uiOrigin: UI, localPageUrl: url })).toBe(false);
  });
});
