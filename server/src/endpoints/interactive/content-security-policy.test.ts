import { describe, expect, it } from 'vitest';
import { interactiveFormCsp } from './content-security-policy.js';

describe('interactiveFormCsp', () => {
  it('allows inline style, forms to the simulator and the relying party, and nothing else', () => {
    expect(
      interactiveFormCsp('http://localhost:3000', 'https://rp.example:8443/callback?x=1'),
    ).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://localhost:3000 https://rp.example:8443; frame-ancestors 'none'; base-uri 'none'",
    );
  });

  it('names an origin once when both are the same', () => {
    expect(interactiveFormCsp('http://localhost:3000', 'http://localhost:3000/cb')).toContain(
      "form-action 'self' http://localhost:3000;",
    );
  });

  it('leaves out what is not a URL with an origin', () => {
    for (const bad of ['not a url', 'data:text/html,x', '', 'x; script-src *']) {
      const csp = interactiveFormCsp('http://localhost:3000', bad);
      expect(csp).toContain("form-action 'self' http://localhost:3000;");
      expect(csp).not.toContain('script-src');
    }
    expect(interactiveFormCsp('::', undefined)).toContain("form-action 'self';");
  });
});
