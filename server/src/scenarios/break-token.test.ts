import { describe, expect, it } from 'vitest';
import { base64url } from 'jose';
import { replaceHeader, replaceSignature, wrongValue } from './break-token.js';

describe('break-token helpers', () => {
  it('wrongValue: labelled, random each time', () => {
    const a = wrongValue('label');
    expect(a).toMatch(/^label-[0-9a-f]{24}$/);
    expect(wrongValue('label')).not.toBe(a);
  });

  it('replaceHeader keeps payload and signature', () => {
    const out = replaceHeader('aaa.bbb.ccc', { alg: 'HS256' });
    expect(out).toBe(`${base64url.encode('{"alg":"HS256"}')}.bbb.ccc`);
  });

  it('replaceSignature keeps header and payload', () => {
    const out = replaceSignature('aaa.bbb.ccc');
    const [h, p, s] = out.split('.');
    expect([h, p]).toEqual(['aaa', 'bbb']);
    expect(s).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(replaceSignature('aaa.bbb.ccc')).not.toBe(out);
  });
});
