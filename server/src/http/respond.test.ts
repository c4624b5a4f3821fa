import { describe, expect, it } from 'vitest';
import { serialisedOnce } from './respond.js';

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
