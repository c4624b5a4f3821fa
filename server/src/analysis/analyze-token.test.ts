import { readFileSync } from 'node:fs';
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, TokenRole } from '../log/exchange-types.js';
import type { TokenAnalysis, TokenCheck } from './analysis-types.js';
import { defaultConfig, DEFAULT_CLIENT_PUBLIC_KEY } from '../config/defaults.js';
import { generateKeyMaterial, type KeyMaterial, type SigningKey } from '../keys/key-store.js';
import { didId } from '../keys/did-document.js';
import { applyIdTokenSignatureScenarios } from '../scenarios/apply-id-token-scenarios.js';
import { replaceHeader, replaceSignature } from '../scenarios/break-token.js';
import type { TokenFacts } from './token-facts.js';
import { analyzeToken, guessRole, summarise } from './analyze-token.js';
import { expectedAtHash, requestedCredentialTrust } from './analyze-simulator-token.js';

const URL_ = 'http://localhost:3000';
const CLIENT = 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw';
const NOW = 1_750_000_000;
const ACCESS = 'an-access-token';

let keys: KeyMaterial;
let clientPrivate: KeyObject;
let otherRsa: KeyObject;
let otherEc: KeyObject;
const clientPublic = createPublicKey(DEFAULT_CLIENT_PUBLIC_KEY);

beforeAll(async () => {
  keys = await generateKeyMaterial();
  clientPrivate = createPrivateKey(
    readFileSync(
      fileURLToPath(new URL('../../keys/default-client-private-key.pem', import.meta.url)),
      'utf8',
    ),
  );
  otherRsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  otherEc = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
});

function facts(role: TokenRole, compact: string, patch: Partial<TokenFacts> = {}): TokenFacts {
  return {
    role,
    compact,
    origin: 'exchange',
    config: defaultConfig(URL_),
    keys,
    clientKey: () => clientPublic,
    at: NOW,
    now: NOW,
    scenarios: [],
    ...patch,
  };
}

function sign(
  claims: Record<string, unknown>,
  key: KeyObject,
  header: Record<string, unknown>,
): Promise<string> {
  return new SignJWT(claims as JWTPayload).setProtectedHeader(header as { alg: string }).sign(key);
}

const signBy = (
  key: SigningKey,
  claims: Record<string, unknown>,
  header: Record<string, unknown> = {},
) => sign(claims, key.privateKey, { alg: key.alg, kid: key.kid, ...header });

function check(analysis: TokenAnalysis, name: string): TokenCheck {
  const found = analysis.checks.find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} check in ${JSON.stringify(analysis.checks, null, 2)}`);
  return found;
}

const failing = (analysis: TokenAnalysis) =>
  analysis.checks.filter((c) => !c.ok).map((c) => c.name);

// ---------------------------------------------------------------- ID token

const idClaims = (over: Record<string, unknown> = {}) => ({
  iat: NOW,
  exp: NOW + 120,
  at_hash: expectedAtHash(ACCESS, 'ES256'),
  sub: 'urn:fdc:gov.uk:2022:user',
  aud: CLIENT,
  iss: `${URL_}/`,
  sid: 'sid',
  vot: 'Cl.Cm',
  nonce: 'nonce-1',
  ...over,
});

const journey = { authorize: { seq: 1, nonce: 'nonce-1', vtr: '["Cl.Cm"]' }, accessToken: ACCESS };

async function idToken(
  claims: Record<string, unknown> = {},
  patch: Partial<TokenFacts> = {},
  key?: SigningKey,
): Promise<TokenAnalysis> {
  const compact = await signBy(key ?? keys.idToken.primary.ES256, idClaims(claims));
  return analyzeToken(facts('id_token', compact, { ...journey, ...patch }));
}

describe('ID token analysis', () => {
  it('passes every check for a good token', async () => {
    const analysis = await idToken();
    expect(failing(analysis)).toEqual([]);
    expect(analysis.checks.map((c) => c.name)).toEqual([
      'format',
      'kid',
      'alg',
      'signature',
      'iss',
      'aud',
      'exp',
      'iat',
      'nonce',
      'vot',
      'at_hash',
    ]);
    expect(analysis.summary).toBe('The ID token passes all 11 checks.');
    expect(analysis.claims?.sub).toBe('urn:fdc:gov.uk:2022:user');
    expect(analysis.header?.alg).toBe('ES256');
  });

  it('passes with an RS256 key too', async () => {
    const analysis = await idToken(
      { at_hash: expectedAtHash(ACCESS, 'RS256') },
      {},
      keys.idToken.primary.RS256,
    );
    expect(failing(analysis)).toEqual([]);
  });

  it('reports garbage as not a JWT', async () => {
    const analysis = await analyzeToken(facts('id_token', 'not-a-token'));
    expect(analysis.claims).toBeNull();
    expect(analysis.checks).toEqual([
      { name: 'format', ok: false, detail: expect.stringMatching(/^Not a JWT/) as unknown },
    ]);
    expect(analysis.summary).toMatch(/Not a JWT/);
  });

  it('kid: fails for a key the simulator does not have', async () => {
    const compact = await signBy(keys.idToken.primary.ES256, idClaims(), { kid: 'unknown-kid' });
    const analysis = await analyzeToken(facts('id_token', compact, journey));
    expect(check(analysis, 'kid')).toMatchObject({ ok: false });
    expect(check(analysis, 'kid').detail).toMatch(/not one of the simulator's keys/);
    expect(check(analysis, 'signature')).toMatchObject({ ok: true });
    expect(check(analysis, 'signature').detail).toMatch(/does not name this key/);
  });

  it('kid: fails, naming the flag, for a key that exists but is not published', async () => {
    const analysis = await idToken({}, {}, keys.idToken.secondary.ES256);
    expect(check(analysis, 'kid').ok).toBe(false);
    expect(check(analysis, 'kid').detail).toMatch(
      /not published in the JWKS \(publishNewIdTokenKeysEnabled is false\)/,
    );
    expect(check(analysis, 'signature').ok).toBe(true);
    const published = await idToken(
      {},
      { config: { ...defaultConfig(URL_), publishNewIdTokenKeysEnabled: true } },
      keys.idToken.secondary.ES256,
    );
    expect(check(published, 'kid').ok).toBe(true);
  });

  it('kid: fails when there is none', async () => {
    const compact = await sign(idClaims(), keys.idToken.primary.ES256.privateKey, { alg: 'ES256' });
    const analysis = await analyzeToken(facts('id_token', compact, journey));
    expect(check(analysis, 'kid').ok).toBe(false);
    expect(check(analysis, 'signature').ok).toBe(true);
  });

  it('alg and signature: INVALID_ALG_HEADER is named where it shows', async () => {
    const good = await signBy(keys.idToken.primary.ES256, idClaims());
    const broken = applyIdTokenSignatureScenarios(
      good,
      ['INVALID_ALG_HEADER'],
      keys.idToken.primary.ES256.kid,
    );
    const analysis = await analyzeToken(
      facts('id_token', broken, { ...journey, scenarios: ['idToken:INVALID_ALG_HEADER'] }),
    );
    expect(check(analysis, 'alg')).toMatchObject({ ok: false, scenario: 'INVALID_ALG_HEADER' });
    expect(check(analysis, 'signature')).toMatchObject({
      ok: false,
      scenario: 'INVALID_ALG_HEADER',
    });
    expect(analysis.summary).toMatch(/configured error: INVALID_ALG_HEADER/);
  });

  it('alg: fails for an alg the simulator never uses, with no key to compare', async () => {
    const good = await signBy(keys.idToken.primary.ES256, idClaims());
    const broken = replaceHeader(good, { alg: 'HS256', kid: 'x' });
    const analysis = await analyzeToken(facts('id_token', broken, journey));
    expect(check(analysis, 'alg')).toMatchObject({ ok: false });
    expect(check(analysis, 'signature').ok).toBe(false);
    expect(check(analysis, 'signature').detail).toMatch(/Cannot be checked/);
    expect(analysis.checks.some((c) => c.scenario)).toBe(false);
  });

  it('signature: INVALID_SIGNATURE fails verification and is named', async () => {
    const good = await signBy(keys.idToken.primary.ES256, idClaims());
    const analysis = await analyzeToken(
      facts('id_token', replaceSignature(good), {
        ...journey,
        scenarios: ['idToken:INVALID_SIGNATURE'],
      }),
    );
    expect(check(analysis, 'signature')).toMatchObject({
      ok: false,
      scenario: 'INVALID_SIGNATURE',
    });
    expect(check(analysis, 'signature').detail).toMatch(/does not match/);
    expect(failing(analysis)).toEqual(['signature']);
  });

  it('signature: a broken signature without a configured error names no scenario', async () => {
    const good = await signBy(keys.idToken.primary.ES256, idClaims());
    const analysis = await analyzeToken(facts('id_token', replaceSignature(good), journey));
    expect(check(analysis, 'signature').ok).toBe(false);
    expect(check(analysis, 'signature').scenario).toBeUndefined();
  });

  it.each([
    ['iss', { iss: 'https://example.com/identity-provider' }, 'INVALID_ISS'],
    ['aud', { aud: 'someone-else' }, 'INVALID_AUD'],
    ['exp', { exp: NOW - 86_400 }, 'TOKEN_EXPIRED'],
    ['iat', { iat: NOW + 86_400 }, 'TOKEN_NOT_VALID_YET'],
    ['nonce', { nonce: 'other' }, 'NONCE_NOT_MATCHING'],
    ['vot', { vot: 'Cl' }, 'INCORRECT_VOT'],
  ])('%s: fails and names %s when configured', async (name, claims, scenario) => {
    const plain = await idToken(claims);
    expect(failing(plain)).toEqual([name]);
    expect(check(plain, name).scenario).toBeUndefined();
    const configured = await idToken(claims, { scenarios: [`idToken:${scenario}`] });
    expect(check(configured, name)).toMatchObject({ ok: false, scenario });
    expect(check(configured, name).detail).toContain(`errorConfiguration.idTokenErrors`);
  });

  it('aud: an array containing the client passes', async () => {
    expect(check(await idToken({ aud: ['x', CLIENT] }), 'aud').ok).toBe(true);
  });

  it('exp: says when a token valid at the exchange has expired since', async () => {
    const analysis = await idToken({}, { now: NOW + 600 });
    const exp = check(analysis, 'exp');
    expect(exp.ok).toBe(true);
    expect(exp.detail).toMatch(/expired since/);
    expect(exp.detail).toMatch(/at the exchange: in 2 min; now: 8 min ago/);
  });

  it('exp: an expired token says by how much, at the exchange', async () => {
    const exp = check(await idToken({ exp: NOW - 180 }), 'exp');
    expect(exp.detail).toMatch(/180 s before the exchange/);
    expect(exp.detail).toMatch(/3 min ago/);
  });

  it('exp and iat: missing or not numbers fail', async () => {
    expect(check(await idToken({ exp: undefined }), 'exp').ok).toBe(false);
    expect(check(await idToken({ exp: 'soon' }), 'exp').ok).toBe(false);
    expect(check(await idToken({ iat: undefined }), 'iat').ok).toBe(false);
    expect(check(await idToken({ iat: 'then' }), 'iat').ok).toBe(false);
  });

  it('nbf: checked when present', async () => {
    expect(check(await idToken({ nbf: NOW - 5 }), 'nbf').ok).toBe(true);
    expect(check(await idToken({ nbf: NOW + 500 }), 'nbf').ok).toBe(false);
    expect(check(await idToken({ nbf: 'x' }), 'nbf').ok).toBe(false);
  });

  it('vot: compared with the credential part of the requested vtr', async () => {
    const identity = { authorize: { seq: 1, nonce: 'nonce-1', vtr: '["Cl.Cm.P2"]' } };
    expect(check(await idToken({ vot: 'Cl.Cm' }, identity), 'vot').ok).toBe(true);
    expect(check(await idToken({ vot: 'Cl.Cm.P2' }, identity), 'vot').ok).toBe(false);
    const low = { authorize: { seq: 1, nonce: 'nonce-1', vtr: ['Cl'] } };
    expect(check(await idToken({ vot: 'Cl' }, low), 'vot').ok).toBe(true);
    const none = { authorize: { seq: 1, nonce: 'nonce-1' } };
    expect(check(await idToken({ vot: 'Cl.Cm' }, none), 'vot').detail).toMatch(/no vtr was sent/);
  });

  it('at_hash: compared with the access token issued with it', async () => {
    expect(check(await idToken({ at_hash: 'wrong' }), 'at_hash').ok).toBe(false);
    expect(check(await idToken({ at_hash: undefined }), 'at_hash').ok).toBe(false);
  });

  it('notes what cannot be compared when the sign-in is not in the log', async () => {
    const compact = await signBy(keys.idToken.primary.ES256, idClaims());
    const analysis = await analyzeToken(facts('id_token', compact));
    expect(analysis.checks.map((c) => c.name)).not.toContain('nonce');
    expect(analysis.notes).toEqual([
      expect.stringMatching(/nonce and vot are not compared/) as unknown,
      expect.stringMatching(/at_hash is not compared/) as unknown,
    ]);
    const noNonce = await idToken({}, { authorize: { seq: 1 } });
    expect(noNonce.notes).toEqual([expect.stringMatching(/sent none/) as unknown]);
  });

  it('only names scenarios of its own group', async () => {
    const analysis = await idToken({ iss: 'x' }, { scenarios: ['coreIdentity:INVALID_ISS'] });
    expect(check(analysis, 'iss').scenario).toBeUndefined();
  });
});

// ---------------------------------------------------------------- access token and hint

describe('access token analysis', () => {
  const claims = (over: Record<string, unknown> = {}) => ({
    exp: NOW + 180,
    iat: NOW,
    iss: `${URL_}/`,
    jti: 'j',
    client_id: CLIENT,
    sub: 'user',
    scope: ['openid'],
    ...over,
  });
  const analyse = async (over: Record<string, unknown> = {}, patch: Partial<TokenFacts> = {}) =>
    analyzeToken(
      facts('access_token', await signBy(keys.idToken.primary.ES256, claims(over)), patch),
    );

  it('passes for a good token', async () => {
    expect(failing(await analyse())).toEqual([]);
  });
  it('fails for another client, issuer or an expired token', async () => {
    expect(failing(await analyse({ client_id: 'other' }))).toEqual(['client_id']);
    expect(failing(await analyse({ iss: 'https://elsewhere/' }))).toEqual(['iss']);
    expect(failing(await analyse({}, { at: NOW + 200 }))).toEqual(['exp']);
  });
});

describe('id_token_hint analysis', () => {
  it('accepts an expired ID token as a hint', async () => {
    const compact = await signBy(keys.idToken.primary.ES256, idClaims({ exp: NOW - 3600 }));
    const analysis = await analyzeToken(facts('id_token_hint', compact));
    expect(failing(analysis)).toEqual([]);
    expect(analysis.notes).toEqual([
      expect.stringMatching(/expired ID token is still a valid hint/) as unknown,
    ]);
  });
  it('fails for another audience, naming a scenario applied when it was issued', async () => {
    const compact = await signBy(keys.idToken.primary.ES256, idClaims({ aud: 'x' }));
    const analysis = await analyzeToken(
      facts('id_token_hint', compact, { scenarios: ['idToken:INVALID_AUD'] }),
    );
    expect(check(analysis, 'aud')).toMatchObject({ ok: false, scenario: 'INVALID_AUD' });
  });
});

// ---------------------------------------------------------------- core identity

describe('core identity analysis', () => {
  const did = didId(URL_);
  const claims = (over: Record<string, unknown> = {}) => ({
    vot: 'P2',
    vc: { type: ['VerifiableCredential', 'VerifiableIdentityCredential'] },
    iss: `${URL_}/`,
    sub: 'user',
    nbf: NOW,
    exp: NOW + 1800,
    aud: CLIENT,
    iat: NOW,
    ...over,
  });
  const analyse = async (
    over: Record<string, unknown> = {},
    patch: Partial<TokenFacts> = {},
    opts: { key?: SigningKey; kid?: string } = {},
  ) => {
    const key = opts.key ?? keys.coreIdentity.primary;
    const compact = await sign(claims(over), key.privateKey, {
      kid: opts.kid ?? `${did}#${key.kid}`,
      alg: 'ES256',
    });
    return analyzeToken(facts('core_identity', compact, { idTokenSub: 'user', ...patch }));
  };

  it('passes for a good token', async () => {
    const analysis = await analyse();
    expect(failing(analysis)).toEqual([]);
    expect(analysis.checks.map((c) => c.name)).toEqual([
      'format',
      'alg',
      'kid',
      'signature',
      'iss',
      'aud',
      'sub',
      'exp',
      'nbf',
      'iat',
    ]);
  });

  it('kid: the part before # must be the DID document id', async () => {
    const analysis = await analyse(
      {},
      {},
      { kid: `did:web:elsewhere#${keys.coreIdentity.primary.kid}` },
    );
    expect(failing(analysis)).toEqual(['kid']);
    expect(check(analysis, 'kid').detail).toContain(did);
  });

  it('kid: must name a published assertionMethod', async () => {
    const unpublished = await analyse({}, {}, { key: keys.coreIdentity.secondary });
    expect(failing(unpublished)).toEqual(['kid']);
    expect(check(unpublished, 'kid').detail).toMatch(/publishNewCoreIdentityKeysEnabled is false/);
    const unknown = await analyse({}, {}, { kid: `${did}#nope` });
    expect(check(unknown, 'kid').detail).toMatch(/No assertionMethod/);
    const noHash = await analyse({}, {}, { kid: 'plain' });
    expect(check(noHash, 'kid').ok).toBe(false);
  });

  it('alg: INVALID_ALG_HEADER is named on alg, kid and signature', async () => {
    const good = await sign(claims(), keys.coreIdentity.primary.privateKey, {
      kid: `${did}#${keys.coreIdentity.primary.kid}`,
      alg: 'ES256',
    });
    const broken = replaceHeader(good, {
      alg: 'HS256',
      kid: `${did}#60c01993-94cd-4d32-a4da-2a44dba7e45b`,
    });
    const analysis = await analyzeToken(
      facts('core_identity', broken, {
        idTokenSub: 'user',
        scenarios: ['coreIdentity:INVALID_ALG_HEADER'],
      }),
    );
    for (const name of ['alg', 'kid', 'signature']) {
      expect(check(analysis, name)).toMatchObject({ ok: false, scenario: 'INVALID_ALG_HEADER' });
    }
  });

  it('signature: INVALID_SIGNATURE', async () => {
    const good = await sign(claims(), keys.coreIdentity.primary.privateKey, {
      kid: `${did}#${keys.coreIdentity.primary.kid}`,
      alg: 'ES256',
    });
    const analysis = await analyzeToken(
      facts('core_identity', replaceSignature(good), {
        idTokenSub: 'user',
        scenarios: ['coreIdentity:INVALID_SIGNATURE'],
      }),
    );
    expect(failing(analysis)).toEqual(['signature']);
    expect(check(analysis, 'signature').scenario).toBe('INVALID_SIGNATURE');
  });

  it.each([
    ['iss', { iss: 'garbled' }, 'INVALID_ISS'],
    ['aud', { aud: 'garbled' }, 'INVALID_AUD'],
    ['sub', { sub: 'garbled' }, 'INCORRECT_SUB'],
    ['exp', { exp: NOW - 86_400 }, 'TOKEN_EXPIRED'],
  ])('%s: fails and names %s', async (name, over, scenario) => {
    const analysis = await analyse(over, { scenarios: [`coreIdentity:${scenario}`] });
    expect(failing(analysis)).toEqual([name]);
    expect(check(analysis, name).scenario).toBe(scenario);
  });

  it('notes that sub cannot be compared without the ID token', async () => {
    const analysis = await analyse({}, { idTokenSub: undefined });
    expect(analysis.checks.map((c) => c.name)).not.toContain('sub');
    expect(analysis.notes?.[0]).toMatch(/sub is not compared/);
  });
});

// ---------------------------------------------------------------- client assertion

describe('client assertion analysis', () => {
  const claims = (over: Record<string, unknown> = {}) => ({
    iss: CLIENT,
    sub: CLIENT,
    aud: `${URL_}/token`,
    exp: NOW + 300,
    iat: NOW,
    jti: 'jti-1',
    ...over,
  });
  const analyse = async (
    over: Record<string, unknown> = {},
    patch: Partial<TokenFacts> = {},
    key: KeyObject = clientPrivate,
    alg = 'RS256',
  ) =>
    analyzeToken(
      facts('client_assertion', await sign(claims(over), key, { alg }), {
        findJtiUse: () => undefined,
        ...patch,
      }),
    );

  it('passes for a good assertion, and aud may be the issuer or a list of both', async () => {
    expect(failing(await analyse())).toEqual([]);
    expect(failing(await analyse({ aud: `${URL_}/` }))).toEqual([]);
    expect(failing(await analyse({ aud: [`${URL_}/`, `${URL_}/token`] }))).toEqual([]);
    expect(failing(await analyse({}, {}, clientPrivate, 'PS256'))).toEqual([]);
  });

  it('an hour-long assertion passes every check, with the recommendation as a warning', async () => {
    const hour = await analyse({ exp: NOW + 3600 });
    expect(failing(hour)).toEqual([]);
    expect(hour.summary).toMatch(/^The client assertion passes all \d+ checks/);
    expect(hour.warnings).toEqual(['this assertion lives 3600 s; the provider recommends 300 s']);
    // Without iat, measured from the time of the exchange.
    expect((await analyse({ iat: undefined, exp: NOW + 900 })).warnings).toEqual([
      'this assertion lives 900 s; the provider recommends 300 s',
    ]);
    // Five minutes or less: nothing to say; an exp that is no number is a failure, not a warning.
    expect((await analyse()).warnings).toBeUndefined();
    const bad = await analyse({ exp: 'tomorrow' });
    expect(bad.warnings).toBeUndefined();
    expect(failing(bad)).toEqual(['exp']);
  });

  it('wrong aud: says the expected value', async () => {
    const analysis = await analyse({ aud: 'http://localhost:3000/oauth2/token' });
    expect(failing(analysis)).toEqual(['aud']);
    expect(check(analysis, 'aud').fix).toBe(
      `Set aud to "${URL_}/token". It must match the simulator URL exactly (${URL_}), scheme and port included.`,
    );
    expect(failing(await analyse({ aud: [`${URL_}/token`, 'other'] }))).toEqual(['aud']);
  });

  it('PEM mismatch: the signature fails with the registered public key', async () => {
    const analysis = await analyse({}, {}, otherRsa);
    expect(failing(analysis)).toEqual(['signature']);
    expect(check(analysis, 'signature').detail).toMatch(/clientConfiguration\.publicKey/);
    expect(check(analysis, 'signature').fix).toMatch(
      /not signed by the private key that matches the registered public key/,
    );
  });

  it('jti reused: points at the earlier exchange that used it', async () => {
    const earlier = {
      seq: 4,
      startedAt: '2025-06-15T10:00:00.000Z',
      outcome: { kind: 'success' },
    } as Exchange;
    const analysis = await analyse({}, { findJtiUse: () => earlier });
    expect(failing(analysis)).toEqual(['jti']);
    expect(check(analysis, 'jti').detail).toMatch(/already accepted in exchange #4/);
    expect(check(analysis, 'jti').fix).toMatch(/new random jti/);
    const afterBadCode = {
      ...earlier,
      outcome: { kind: 'error', code: 'invalid_grant', description: '' },
    } as Exchange;
    expect(failing(await analyse({}, { findJtiUse: () => afterBadCode }))).toEqual(['jti']);
  });

  it('jti: an earlier failed authentication does not use it up', async () => {
    const earlier = {
      seq: 4,
      startedAt: '2025-06-15T10:00:00.000Z',
      outcome: { kind: 'error', code: 'invalid_client', description: 'x' },
    } as Exchange;
    const analysis = await analyse({}, { findJtiUse: () => earlier });
    expect(failing(analysis)).toEqual([]);
    expect(analysis.notes?.[0]).toMatch(/#4 sent the same jti and failed/);
  });

  it('jti: required', async () => {
    const analysis = await analyse({ jti: undefined });
    expect(failing(analysis)).toEqual(['jti']);
  });

  it('expired: says by how many seconds, and how to fix it', async () => {
    const analysis = await analyse({ exp: NOW - 42 });
    expect(failing(analysis)).toEqual(['exp']);
    expect(check(analysis, 'exp').fix).toMatch(/expired 42 s before it reached the simulator/);
    expect(check(await analyse({ exp: undefined }), 'exp').fix).toMatch(/Add an exp claim/);
  });

  it('alg not accepted: lists the accepted ones', async () => {
    const analysis = await analyzeToken(
      facts(
        'client_assertion',
        await sign(claims(), otherEc, { alg: 'ES256' }).then((t) =>
          replaceHeader(t, { alg: 'HS256' }),
        ),
        {
          findJtiUse: () => undefined,
        },
      ),
    );
    expect(check(analysis, 'alg').ok).toBe(false);
    expect(check(analysis, 'alg').detail).toMatch(
      /RS256, RS384, RS512, PS256, PS384, PS512, ES256/,
    );
  });

  it('alg that does not fit the registered key type', async () => {
    const analysis = await analyse({}, {}, otherEc, 'ES256');
    expect(check(analysis, 'alg').ok).toBe(false);
    expect(check(analysis, 'alg').detail).toMatch(/cannot be used with an RSA key/);
    expect(check(analysis, 'signature').ok).toBe(false);
  });

  it('iss and sub must be the client_id', async () => {
    const analysis = await analyse({ iss: 'someone', sub: 'someone' });
    expect(failing(analysis)).toEqual(['iss', 'sub']);
    expect(check(analysis, 'iss').fix).toBe(`Set both iss and sub to the client_id, "${CLIENT}".`);
  });

  it('client_id in the form must equal sub', async () => {
    expect(failing(await analyse({}, { bodyClientId: CLIENT }))).toEqual([]);
    expect(failing(await analyse({}, { bodyClientId: 'other' }))).toEqual(['client_id']);
  });

  it('nbf in the future and iat that is not a number fail', async () => {
    expect(failing(await analyse({ nbf: NOW + 100 }))).toEqual(['nbf']);
    expect(failing(await analyse({ iat: 'now' }))).toEqual(['iat']);
    expect(check(await analyse({ iat: NOW + 120 }), 'iat').ok).toBe(true);
  });

  it('an unusable registered key is reported on the signature', async () => {
    const analysis = await analyse(
      {},
      {
        clientKey: () => {
          throw new Error('bad PEM');
        },
      },
    );
    expect(check(analysis, 'signature')).toMatchObject({ ok: false });
    expect(check(analysis, 'signature').detail).toMatch(/cannot be used \(bad PEM\)/);
  });

  it('a pasted assertion without a log to look in only checks jti is there', async () => {
    const analysis = await analyse({}, { findJtiUse: undefined });
    expect(check(analysis, 'jti')).toMatchObject({ ok: true, detail: 'jti "jti-1" is present.' });
  });
});

// ---------------------------------------------------------------- request object

describe('request object analysis', () => {
  const claims = (over: Record<string, unknown> = {}) => ({
    aud: `${URL_}/authorize`,
    iss: CLIENT,
    client_id: CLIENT,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: 'http://localhost:8080/cb',
    nonce: 'n',
    state: 's',
    ...over,
  });
  const query = { response_type: 'code', scope: 'openid', client_id: CLIENT, request: 'x' };
  const analyse = async (over: Record<string, unknown> = {}, q: Record<string, string> = query) =>
    analyzeToken(
      facts('request_object', await sign(claims(over), clientPrivate, { alg: 'RS256' }), {
        query: q,
      }),
    );

  it('passes for a good request object', async () => {
    expect(failing(await analyse())).toEqual([]);
  });
  it.each([
    ['aud', { aud: `${URL_}/token` }],
    ['iss', { iss: 'x' }],
    ['client_id', { client_id: 'x' }],
    ['exp', { exp: NOW - 10 }],
  ])('%s fails', async (name, over) => {
    const analysis = await analyse(over);
    expect(failing(analysis)).toContain(name);
    expect(check(analysis, name).fix).toBeTruthy();
  });
  it('query values must match the object', async () => {
    const analysis = await analyse({}, { ...query, scope: 'openid email' });
    expect(failing(analysis)).toEqual(['query']);
    expect(check(analysis, 'query').detail).toMatch(/scope/);
  });
});

// ---------------------------------------------------------------- helpers

describe('helpers', () => {
  it('at_hash matches the OpenID Connect Core example', () => {
    expect(expectedAtHash('jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y', 'RS256')).toBe(
      '77QmUPtjPfzWtF2AnpK9RQ',
    );
  });

  it.each([
    [undefined, 'Cl.Cm'],
    ['["Cl.Cm.P2"]', 'Cl.Cm'],
    ['["Cl"]', 'Cl'],
    [['Cl.Cm.P0', 'Cl'], 'Cl.Cm'],
    ['not json', 'Cl.Cm'],
    ['["P2"]', 'Cl.Cm'],
    [[42], 'Cl.Cm'],
  ])('requested credential trust of %j is %s', (vtr, expected) => {
    expect(requestedCredentialTrust(vtr)).toBe(expected);
  });

  it.each([
    [{ kid: 'did:web:x#1' }, {}, 'core_identity'],
    [{}, { aud: `${URL_}/authorize` }, 'request_object'],
    [{}, { client_id: 'c', scope: ['openid'] }, 'access_token'],
    [{}, { iss: 'c', sub: 'c', aud: `${URL_}/token`, jti: 'j' }, 'client_assertion'],
    [{}, { iss: `${URL_}/`, sub: 'u', aud: 'c', nonce: 'n' }, 'id_token'],
  ] as const)('guesses %j %j as %s', (header, claims, role) => {
    expect(guessRole(header, claims, URL_)).toBe(role);
  });

  it('summarises failures with their scenarios', () => {
    expect(
      summarise('id_token', [
        { name: 'iss', ok: false, detail: 'Wrong iss.', scenario: 'INVALID_ISS' },
        { name: 'aud', ok: true, detail: '' },
      ]),
    ).toBe('The ID token fails 1 of 2 checks: iss (configured error: INVALID_ISS). Wrong iss.');
  });
});
