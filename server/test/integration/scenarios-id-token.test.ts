/**
 * Configured ID token errors (simulator document; docs/compatibility.md section 7): each value
 * produces exactly its defect and nothing else. Every faulty token is compared, claim by claim,
 * with a clean token from the same flow (same browser session, same clock), and its signature is
 * checked.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { base64url, compactVerify, decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import { configFromEnv } from '../../src/config/from-env.js';
import {
  DEFAULT_CLIENT_ID,
  configure,
  exchange,
  expectStillServing,
  getUserinfo,
  harness,
  verifyWithPublishedKeys,
  type Harness,
} from '../helpers/protocol.js';
import { authorizeQuery, redirectParams, type AuthorizeParams } from '../helpers/relying-party.js';

let h: Harness;
let browser: ReturnType<typeof request.agent>;
beforeEach(async () => {
  h = await harness();
  browser = request.agent(h.app);
});

interface Issued {
  idToken: string;
  accessToken: string;
  header: Record<string, unknown>;
  claims: JWTPayload & Record<string, unknown>;
}

async function issue(overrides: AuthorizeParams = {}): Promise<Issued> {
  const res = await browser.get(`/authorize?${authorizeQuery(overrides).toString()}`);
  const code = redirectParams(res.headers.location as string).get('code');
  expect(code, res.headers.location as string).toBeTruthy();
  const token = await exchange(h, code as string);
  expect(token.status).toBe(200);
  const idToken = token.body.id_token as string;
  return {
    idToken,
    accessToken: token.body.access_token as string,
    header: decodeProtectedHeader(idToken) as Record<string, unknown>,
    claims: decodeJwt(idToken) as Issued['claims'],
  };
}

/** A clean token and a faulty one from the same flow shape. */
async function cleanAndFaulty(idTokenErrors: string[], overrides: AuthorizeParams = {}) {
  const clean = await issue(overrides);
  configure(h, { errorConfiguration: { idTokenErrors } });
  const faulty = await issue(overrides);
  return { clean, faulty };
}

/** The claims that differ between two tokens (at_hash always does: a new access token). */
function differingClaims(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys]
    .filter((k) => k !== 'at_hash' && JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .sort();
}

async function signatureVerifies(h: Harness, compact: string): Promise<boolean> {
  try {
    await verifyWithPublishedKeys(h, compact);
    return true;
  } catch {
    return false;
  }
}

async function expectUserinfoWorks(accessToken: string) {
  const res = await getUserinfo(h.app, accessToken);
  expect(res.status).toBe(200);
  expect(res.body.sub).toBeDefined();
}

describe('one scenario at a time', () => {
  it('INCORRECT_VOT: vot Cl.Cm → Cl (and Cl → Cl.Cm); nothing else changes', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INCORRECT_VOT']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['vot']);
    expect(clean.claims.vot).toBe('Cl.Cm');
    expect(faulty.claims.vot).toBe('Cl');
    expect(faulty.header).toEqual(clean.header);
    expect(await signatureVerifies(h, faulty.idToken)).toBe(true);
    const low = await issue({ vtr: '["Cl"]' });
    expect(low.claims.vot).toBe('Cl.Cm');
    await expectUserinfoWorks(faulty.accessToken);
  });

  it('INVALID_ALG_HEADER: header alg changed, kid kept, payload and signature untouched', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INVALID_ALG_HEADER']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual([]);
    expect(Object.keys(faulty.header)).toEqual(['alg', 'kid']);
    expect(faulty.header.kid).toBe(clean.header.kid);
    expect(faulty.header.alg).not.toBe(clean.header.alg);
    expect(faulty.header.alg).toBe('HS256');
    expect(await signatureVerifies(h, faulty.idToken)).toBe(false);
    // Restoring the original header makes the token verify: only the header was changed.
    const [, payload, signature] = faulty.idToken.split('.');
    const restored = `${base64url.encode(JSON.stringify(clean.header))}.${payload}.${signature}`;
    expect(await signatureVerifies(h, restored)).toBe(true);
    await expectUserinfoWorks(faulty.accessToken);
  });

  it('INVALID_AUD: aud is a string other than the client_id', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INVALID_AUD']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['aud']);
    expect(typeof faulty.claims.aud).toBe('string');
    expect(faulty.claims.aud).not.toBe(DEFAULT_CLIENT_ID);
    expect(await signatureVerifies(h, faulty.idToken)).toBe(true);
    await expectUserinfoWorks(faulty.accessToken);
  });

  it('INVALID_ISS: iss is https://example.com/identity-provider', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INVALID_ISS']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['iss']);
    expect(faulty.claims.iss).toBe('https://example.com/identity-provider');
    expect(await signatureVerifies(h, faulty.idToken)).toBe(true);
    await expectUserinfoWorks(faulty.accessToken);
  });

  it('INVALID_SIGNATURE: header and claims untouched, signature fails', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INVALID_SIGNATURE']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual([]);
    expect(faulty.header).toEqual(clean.header);
    expect(await signatureVerifies(h, clean.idToken)).toBe(true);
    expect(await signatureVerifies(h, faulty.idToken)).toBe(false);
    expect(faulty.idToken.split('.')[2]).toMatch(/^[A-Za-z0-9_-]+$/);
    await expectUserinfoWorks(faulty.accessToken);
  });

  it('NONCE_NOT_MATCHING: nonce differs from the one sent', async () => {
    const { clean, faulty } = await cleanAndFaulty(['NONCE_NOT_MATCHING'], { nonce: 'sent-nonce' });
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['nonce']);
    expect(clean.claims.nonce).toBe('sent-nonce');
    expect(typeof faulty.claims.nonce).toBe('string');
    expect(faulty.claims.nonce).not.toBe('sent-nonce');
    expect(await signatureVerifies(h, faulty.idToken)).toBe(true);
    await expectUserinfoWorks(faulty.accessToken);
  });

  it('TOKEN_EXPIRED: exp in the past, iat unchanged', async () => {
    const { clean, faulty } = await cleanAndFaulty(['TOKEN_EXPIRED']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['exp']);
    expect(faulty.claims.exp).toBeLessThan(h.clock.seconds());
    expect(faulty.claims.exp).toBe(h.clock.seconds() - 86_400);
    expect(await signatureVerifies(h, faulty.idToken)).toBe(true);
    await expectUserinfoWorks(faulty.accessToken);
  });

  it('TOKEN_NOT_VALID_YET: iat in the future, exp unchanged', async () => {
    const { clean, faulty } = await cleanAndFaulty(['TOKEN_NOT_VALID_YET']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['iat']);
    expect(faulty.claims.iat).toBe(h.clock.seconds() + 86_400);
    expect(await signatureVerifies(h, faulty.idToken)).toBe(true);
    await expectUserinfoWorks(faulty.accessToken);
  });

  it('the access token is never affected', async () => {
    configure(h, {
      errorConfiguration: {
        idTokenErrors: ['INVALID_SIGNATURE', 'INVALID_ALG_HEADER', 'INVALID_ISS', 'TOKEN_EXPIRED'],
      },
    });
    const faulty = await issue();
    await verifyWithPublishedKeys(h, faulty.accessToken);
    const at = decodeJwt(faulty.accessToken);
    expect(at.iss).toBe('http://localhost:3000/');
    expect(at.exp).toBe(h.clock.seconds() + 180);
    await expectUserinfoWorks(faulty.accessToken);
  });
});

describe('combinations and configuration', () => {
  it('several claim scenarios combine, each changing only its claim', async () => {
    const { clean, faulty } = await cleanAndFaulty([
      'INVALID_ISS',
      'INVALID_AUD',
      'NONCE_NOT_MATCHING',
      'TOKEN_EXPIRED',
      'TOKEN_NOT_VALID_YET',
      'INCORRECT_VOT',
    ]);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(
      ['aud', 'exp', 'iat', 'iss', 'nonce', 'vot'].sort(),
    );
    expect(await signatureVerifies(h, faulty.idToken)).toBe(true);
  });

  it('INVALID_ALG_HEADER and INVALID_SIGNATURE together: HS256 header and a random signature', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INVALID_ALG_HEADER', 'INVALID_SIGNATURE']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual([]);
    expect(faulty.header).toEqual({ alg: 'HS256', kid: clean.header.kid });
    const [, payload, signature] = faulty.idToken.split('.');
    const restored = `${base64url.encode(JSON.stringify(clean.header))}.${payload}.${signature}`;
    expect(await signatureVerifies(h, restored)).toBe(false);
  });

  it('scenarios apply to RS256 tokens the same way', async () => {
    configure(h, { clientConfiguration: { idTokenSigningAlgorithm: 'RS256' } });
    const { clean, faulty } = await cleanAndFaulty(['INVALID_SIGNATURE', 'INVALID_ISS']);
    expect(clean.header.alg).toBe('RS256');
    expect(faulty.header).toEqual(clean.header);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['iss']);
    expect(await signatureVerifies(h, faulty.idToken)).toBe(false);
  });

  it('unknown values are ignored in POST /config', async () => {
    const res = await request(h.app)
      .post('/config')
      .send({
        errorConfiguration: {
          idTokenErrors: ['BOGUS', 'INVALID_ISS', 'invalid_aud', 'INVALID_ISS'],
        },
      });
    expect(res.status).toBe(200);
    expect(res.body.errorConfiguration.idTokenErrors).toEqual(['INVALID_ISS']);
    const faulty = await issue();
    expect(faulty.claims.iss).toBe('https://example.com/identity-provider');
    expect(faulty.claims.aud).toBe(DEFAULT_CLIENT_ID);
  });

  it('unknown values are ignored in ID_TOKEN_ERRORS', async () => {
    const env = configFromEnv({ ID_TOKEN_ERRORS: 'BOGUS, TOKEN_EXPIRED ,,nonsense' });
    if (!env.ok) throw new Error(JSON.stringify(env.error));
    expect(env.value.config.errorConfiguration.idTokenErrors).toEqual(['TOKEN_EXPIRED']);
    h = await harness({ config: env.value.config });
    browser = request.agent(h.app);
    const faulty = await issue();
    expect(faulty.claims.exp).toBe(h.clock.seconds() - 86_400);
    expect(await signatureVerifies(h, faulty.idToken)).toBe(true);
  });

  it('omitting errorConfiguration in POST /config clears the scenarios', async () => {
    configure(h, { errorConfiguration: { idTokenErrors: ['INVALID_SIGNATURE'] } });
    await request(h.app).post('/config').send({});
    const token = await issue();
    expect(await signatureVerifies(h, token.idToken)).toBe(true);
    await expectStillServing(h.app, h.clock);
  });

  it('a faulty token is still a JWT a relying party can decode', async () => {
    configure(h, {
      errorConfiguration: {
        idTokenErrors: ['INVALID_ALG_HEADER', 'INVALID_SIGNATURE', 'INVALID_AUD'],
      },
    });
    const faulty = await issue();
    expect(faulty.idToken.split('.')).toHaveLength(3);
    expect(() => decodeJwt(faulty.idToken)).not.toThrow();
    await expect(
      compactVerify(faulty.idToken, h.keys.idToken.primary.ES256.publicKey),
    ).rejects.toThrow();
  });
});
