import { describe, expect, it } from 'vitest';
import { buildRedirect, serialisedOnce } from './respond.js';

describe('serialisedOnce', () => {
  it('serialises once per owner and inputs, again when an input is another object', () => {
    const text = serialisedOnce<object>();
    const owner = {};
    let builds = 0;
    const config = { url: 'a' };
    const build = (c: { url: string }) => () => {
      builds++;
      return { issuer: c.url };
    };
    expect(text(owner, [config], build(config))).toBe('{"issuer":"a"}');
    expect(text(owner, [config], build(config))).toBe('{"issuer":"a"}');
    expect(builds).toBe(1);
    const changed = { url: 'b' };
    expect(text(owner, [changed], build(changed))).toBe('{"issuer":"b"}');
    expect(builds).toBe(2);
    // Another simulator with the same inputs has its own text.
    expect(text({}, [changed], build(changed))).toBe('{"issuer":"b"}');
    expect(builds).toBe(3);
  });
});

describe('buildRedirect', () => {
  /** What buildRedirect answered before it kept parsed URIs: the URL parser's own result. */
  function slow(
    redirectUri: string,
    params: Record<string, string | undefined>,
    mode: 'query' | 'fragment',
  ): string {
    const url = new URL(redirectUri);
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) search.append(k, v);
    if (mode === 'fragment') url.hash = search.toString();
    else for (const [k, v] of search) url.searchParams.append(k, v);
    return url.toString();
  }

  it('answers exactly what the URL parser gives, for plain and unusual redirect URIs', () => {
    const uris = [
      'http://localhost:8080/oidc/authorization-code/callback',
      'HTTP://LocalHost:80/cb',
      'https://rp.example/cb/',
      'https://rp.example',
      'https://rp.example/a b/ç',
      'https://rp.example/cb?',
      'https://rp.example/cb?x=1&y=a+b%20c',
      'https://rp.example/cb#',
      'https://rp.example/cb#frag',
      'https://rp.example/cb?x=1#frag',
      'com.example.app:/callback',
      'https://user:pw@rp.example:8443/cb',
    ];
    const paramSets: Record<string, string | undefined>[] = [
      { code: 'abc-_DEF', state: 's t&u=v#w' },
      { code: 'c', state: undefined },
      { error: 'access_denied', error_description: 'No, thanks é', state: '' },
      { state: undefined },
    ];
    for (const uri of uris)
      for (const params of paramSets)
        for (const mode of ['query', 'fragment'] as const) {
          // Twice: the second answer comes from the kept parse.
          expect(buildRedirect(uri, params, mode), `${uri} ${mode}`).toBe(slow(uri, params, mode));
          expect(buildRedirect(uri, params, mode), `${uri} ${mode}`).toBe(slow(uri, params, mode));
        }
  });

  it('throws for a URI the URL parser refuses, as it did', () => {
    expect(() => buildRedirect('not a url', { code: 'c' }, 'query')).toThrow(TypeError);
  });
});
