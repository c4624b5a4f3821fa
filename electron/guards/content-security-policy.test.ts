import { describe, expect, it } from 'vitest';
import {
  UI_CONTENT_SECURITY_POLICY,
  withContentSecurityPolicy,
} from './content-security-policy.js';

const UI = 'http://127.0.0.1:3000';

describe('withContentSecurityPolicy', () => {
  it('adds the policy to UI responses that have none', () => {
    const out = withContentSecurityPolicy(
      `${UI}/_simulator/`,
      { 'content-type': ['text/html'] },
      UI,
    );
    expect(out['Content-Security-Policy']).toEqual([UI_CONTENT_SECURITY_POLICY]);
    expect(out['content-type']).toEqual(['text/html']);
  });

  it("keeps the server's own policy, whatever the header's case", () => {
    const headers = { 'content-security-policy': ["default-src 'none'"] };
    expect(withContentSecurityPolicy(`${UI}/_simulator/`, headers, UI)).toEqual(headers);
  });

  it('leaves other origins alone', () => {
    const out = withContentSecurityPolicy('https://example.com/', {}, UI);
    expect(out).toEqual({});
  });

  it('works with no headers and with no UI origin', () => {
    expect(
      withContentSecurityPolicy(`${UI}/`, undefined, UI)['Content-Security-Policy'],
    ).toBeDefined();
    expect(withContentSecurityPolicy(`${UI}/`, undefined, undefined)).toEqual({});
  });

  it('allows nothing from outside the origin and no inline script', () => {
    expect(UI_CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(UI_CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/);
    expect(UI_CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(UI_CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
  });
});
