/**
 * Configured core identity errors (simulator document; docs/compatibility.md section 7): each value
 * produces exactly its defect, compared claim by claim with a clean core identity JWT from the same
 * flow, with the signature checked against the DID document key its kid names.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  base64url,
  compactVerify,
  decodeJwt,
  decodeProtectedHeader,
  importJWK,
  type JWTPayload,
} from 'jose';
import { configFromEnv } from '../../src/config/from-env.js';
import {
  DEFAULT_CLIENT_ID,
  configure,
  exchange,
  getUserinfo,
  harness,
  type Harness,
} from '../helpers/protocol.js';
import {
  IDENTITY_CLAIMS_REQUEST,
  VOCAB,
  authorizeQuery,
  redirectParams,
} from '../helpers/relying-party.js';

let h: Harness;
let browser: ReturnType<typeof request.agent>;
beforeEach(async () => {
  h = await harness();
  browser = request.agent(h.app);
});

interface CoreIdentity {
  jwt: string;
  header: Record<string, unknown>;
  claims: JWTPayload & Record<string, unknown>;
  idTokenSub: string;
  idToken: string;
}

async function issue(): Promise<CoreIdentity> {
  const res = await browser.get(
    `/authorize?${authorizeQuery({ vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST })}`,
  );
  const code = redirectParams(res.headers.location as string).get('code');
  expect(code, res.headers.location as string).toBeTruthy();
  const token = await exchange(h, code as string);
  const info = await getUserinfo(h.app, token.body.access_token as string);
  expect(info.status).toBe(200);
  const jwt = info.body[`${VOCAB}/coreIdentityJWT`] as string;
  expect(typeof jwt).toBe('string');
  return {
    jwt,
    header: decodeProtectedHeader(jwt) as Record<string, unknown>,
    claims: decodeJwt(jwt) as CoreIdentity['claims'],
    idTokenSub: decodeJwt(token.body.id_token as string).sub as string,
    idToken: token.body.id_token as string,
  };
}

async function cleanAndFaulty(coreIdentityErrors: string[]) {
  const clean = await issue();
  configure(h, { errorConfiguration: { coreIdentityErrors } });
  const faulty = await issue();
  return { clean, faulty };
}

function differingClaims(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}

/** Client-side resolution: split the kid at #, find the assertionMethod, verify ES256. */
async function verifiesAgainstDid(compact: string, header = decodeProtectedHeader(compact)) {
  const did = (await request(h.app).get('/.well-known/did.json').set('User-Agent', 'rp')).body as {
    id: string;
    assertionMethod: { id: string; publicKeyJwk: Record<string, unknown> }[];
  };
  const [didPart, keyId] = String(header.kid).split('#');
  if (didPart !== did.id) return false;
  const method = did.assertionMethod.find((m) => m.id === `${did.id}#${keyId}`);
  if (!method) return false;
  try {
    await compactVerify(compact, await importJWK(method.publicKeyJwk as never, 'ES256'), {
      algorithms: ['ES256'],
    });
    return true;
  } catch {
    return false;
  }
}

describe('one scenario at a time', () => {
  it('a clean core identity verifies and matches the ID token sub', async () => {
    const clean = await issue();
    expect(await verifiesAgainstDid(clean.jwt)).toBe(true);
    expect(clean.claims.sub).toBe(clean.idTokenSub);
    expect(clean.claims.aud).toBe(DEFAULT_CLIENT_ID);
  });

  it('INCORRECT_SUB: sub differs from the ID token sub; nothing else', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INCORRECT_SUB']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['sub']);
    expect(faulty.claims.sub).not.toBe(faulty.idTokenSub);
    expect(typeof faulty.claims.sub).toBe('string');
    expect(faulty.header).toEqual(clean.header);
    expect(await verifiesAgainstDid(faulty.jwt)).toBe(true);
  });

  it('INVALID_ALG_HEADER: alg is not ES256, kid kept, payload and signature untouched', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INVALID_ALG_HEADER']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual([]);
    expect(faulty.header.alg).not.toBe('ES256');
    expect(faulty.header.kid).toBe(clean.header.kid);
    expect(Object.keys(faulty.header)).toEqual(['kid', 'alg']);
    expect(await verifiesAgainstDid(faulty.jwt)).toBe(false);
    const [, payload, signature] = faulty.jwt.split('.');
    const restored = `${base64url.encode(JSON.stringify(clean.header))}.${payload}.${signature}`;
    expect(await verifiesAgainstDid(restored)).toBe(true);
  });

  it('INVALID_AUD: aud is not the client_id', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INVALID_AUD']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['aud']);
    expect(faulty.claims.aud).not.toBe(DEFAULT_CLIENT_ID);
    expect(await verifiesAgainstDid(faulty.jwt)).toBe(true);
  });

  it('INVALID_ISS: iss is not the issuer', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INVALID_ISS']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['iss']);
    expect(faulty.claims.iss).not.toBe('http://localhost:3000/');
    expect(await verifiesAgainstDid(faulty.jwt)).toBe(true);
  });

  it('INVALID_SIGNATURE: header and claims untouched, signature fails', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INVALID_SIGNATURE']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual([]);
    expect(faulty.header).toEqual(clean.header);
    expect(await verifiesAgainstDid(faulty.jwt)).toBe(false);
  });

  it('TOKEN_EXPIRED: exp in the past; nbf and iat stay at now', async () => {
    const { clean, faulty } = await cleanAndFaulty(['TOKEN_EXPIRED']);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['exp']);
    expect(faulty.claims.exp).toBe(h.clock.seconds() - 86_400);
    expect(faulty.claims.nbf).toBe(h.clock.seconds());
    expect(await verifiesAgainstDid(faulty.jwt)).toBe(true);
  });

  it('core identity errors leave the ID token alone', async () => {
    const { clean, faulty } = await cleanAndFaulty([
      'INCORRECT_SUB',
      'INVALID_ALG_HEADER',
      'INVALID_AUD',
      'INVALID_ISS',
      'INVALID_SIGNATURE',
      'TOKEN_EXPIRED',
    ]);
    const a = decodeJwt(clean.idToken);
    const b = decodeJwt(faulty.idToken);
    expect(differingClaims({ ...a, at_hash: 0 }, { ...b, at_hash: 0 })).toEqual([]);
    expect(decodeProtectedHeader(faulty.idToken)).toEqual(decodeProtectedHeader(clean.idToken));
  });
});

describe('combinations and configuration', () => {
  it('several claim scenarios combine', async () => {
    const { clean, faulty } = await cleanAndFaulty([
      'INCORRECT_SUB',
      'INVALID_AUD',
      'INVALID_ISS',
      'TOKEN_EXPIRED',
    ]);
    expect(differingClaims(clean.claims, faulty.claims)).toEqual(['aud', 'exp', 'iss', 'sub']);
    expect(await verifiesAgainstDid(faulty.jwt)).toBe(true);
  });

  it('INVALID_ALG_HEADER with INVALID_SIGNATURE: both defects', async () => {
    const { clean, faulty } = await cleanAndFaulty(['INVALID_ALG_HEADER', 'INVALID_SIGNATURE']);
    expect(faulty.header).toEqual({ kid: clean.header.kid, alg: 'HS256' });
    const [, payload, signature] = faulty.jwt.split('.');
    const restored = `${base64url.encode(JSON.stringify(clean.header))}.${payload}.${signature}`;
    expect(await verifiesAgainstDid(restored)).toBe(false);
  });

  it('unknown values are ignored (POST and env)', async () => {
    const res = await request(h.app)
      .post('/config')
      .send({
        errorConfiguration: { coreIdentityErrors: ['NOPE', 'INVALID_AUD', 'NONCE_NOT_MATCHING'] },
      });
    expect(res.status).toBe(200);
    expect(res.body.errorConfiguration.coreIdentityErrors).toEqual(['INVALID_AUD']);

    const env = configFromEnv({ CORE_IDENTITY_ERRORS: 'TOKEN_EXPIRED,INCORRECT_VOT,x' });
    if (!env.ok) throw new Error(JSON.stringify(env.error));
    expect(env.value.config.errorConfiguration.coreIdentityErrors).toEqual(['TOKEN_EXPIRED']);
    h = await harness({ config: env.value.config });
    browser = request.agent(h.app);
    const faulty = await issue();
    expect(faulty.claims.exp).toBe(h.clock.seconds() - 86_400);
  });
});
