import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkPkceVerifier, PKCE_FAILED } from './check-pkce-verifier.js';

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

const failed = (e: ReturnType<typeof checkPkceVerifier>) => {
  expect(e).not.toBeNull();
  expect(e?.code).toBe('invalid_grant');
  expect(e?.description).toBe(PKCE_FAILED);
  expect(e?.status).toBe(400);
};

describe('checkPkceVerifier', () => {
  it('the RFC 7636 example pair passes', () => {
    expect(CHALLENGE).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(checkPkceVerifier(CHALLENGE, VERIFIER)).toBeNull();
  });

  it('no challenge and no verifier: nothing to check', () => {
    expect(checkPkceVerifier(undefined, undefined)).toBeNull();
  });

  it('a verifier without a challenge fails', () => failed(checkPkceVerifier(undefined, VERIFIER)));

  it.each([undefined, '', 'short', 'x'.repeat(129), `${VERIFIER}!`, 42, [VERIFIER]])(
    'a missing or malformed verifier %j fails',
    (verifier) => failed(checkPkceVerifier(CHALLENGE, verifier)),
  );

  it('a well-formed but wrong verifier fails', () => {
    failed(checkPkceVerifier(CHALLENGE, `${VERIFIER.slice(0, -1)}A`));
    failed(checkPkceVerifier(CHALLENGE, CHALLENGE));
  });
});
