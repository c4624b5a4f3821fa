import { createHash } from 'node:crypto';
import type { TokenCheck } from './analysis-types.js';
import { publishedIdTokenKeys, type SigningKey } from '../keys/key-store.js';
import type { TokenFacts } from './token-facts.js';
import {
  attributeScenarios,
  checkEquals,
  checkExp,
  checkIat,
  checkNbf,
  fail,
  pass,
  show,
} from './check-helpers.js';
import { verifySignature } from './verify-signature.js';

/** The ID token checks each configured idTokenErrors scenario breaks. */
export const ID_TOKEN_SCENARIO_CHECKS: Record<string, readonly string[]> = {
  signature: ['INVALID_SIGNATURE', 'INVALID_ALG_HEADER'],
  alg: ['INVALID_ALG_HEADER'],
  kid: ['INVALID_ALG_HEADER'],
  iss: ['INVALID_ISS'],
  aud: ['INVALID_AUD'],
  exp: ['TOKEN_EXPIRED'],
  iat: ['TOKEN_NOT_VALID_YET'],
  nonce: ['NONCE_NOT_MATCHING'],
  vot: ['INCORRECT_VOT'],
};

export interface LabelledKey {
  key: SigningKey;
  label: string;
}

/** Every ID token key of the simulator, published or not, with a name for messages. */
export function idTokenKeys(facts: TokenFacts): LabelledKey[] {
  const { primary, secondary } = facts.keys.idToken;
  return [
    { key: primary.ES256, label: 'current ES256 key' },
    { key: primary.RS256, label: 'current RS256 key' },
    { key: secondary.ES256, label: 'new ES256 key' },
    { key: secondary.RS256, label: 'new RS256 key' },
  ];
}

/** Signature alone, with the key the kid names (or, without one, each key of the same alg). */
export async function checkSignatureWith(
  compact: string,
  found: LabelledKey | undefined,
  all: LabelledKey[],
  alg: unknown,
  kid: unknown,
): Promise<TokenCheck> {
  const candidates = found ? [found] : all.filter((k) => k.key.alg === alg);
  if (candidates.length === 0) {
    return fail(
      'signature',
      `Cannot be checked: no simulator key has kid ${show(kid)} or alg ${show(alg)}.`,
    );
  }
  let last: { reason: string; label: string; kid: string } | undefined;
  for (const candidate of candidates) {
    const result = await verifySignature(compact, candidate.key.publicKey);
    if (result.ok) {
      const note = found ? '' : ' The header kid does not name this key.';
      return pass(
        'signature',
        `Valid: verified with the simulator's ${candidate.label} (kid ${candidate.key.kid}).${note}`,
      );
    }
    last = { reason: result.reason, label: candidate.label, kid: candidate.key.kid };
  }
  const checked =
    candidates.length === 1 && last
      ? `the simulator's ${last.label} (kid ${last.kid})`
      : `each simulator key with alg ${show(alg)}`;
  return fail(
    'signature',
    `Invalid: ${last?.reason ?? 'it does not verify'} (checked with ${checked}).`,
  );
}

/** kid, alg and signature of a token the simulator signs with its ID token keys. */
export async function checkIdTokenKeyUse(
  header: Record<string, unknown>,
  facts: TokenFacts,
): Promise<TokenCheck[]> {
  const all = idTokenKeys(facts);
  const published = publishedIdTokenKeys(facts.keys, facts.config);
  const kid = header.kid;
  const alg = header.alg;
  const found = typeof kid === 'string' ? all.find((k) => k.key.kid === kid) : undefined;
  const checks: TokenCheck[] = [];
  const listed = published.map((k) => `${k.kid} (${k.alg})`).join(', ');

  if (typeof kid !== 'string') {
    checks.push(
      fail('kid', 'The header has no kid. A relying party picks the key from the JWKS by kid.'),
    );
  } else if (!found) {
    checks.push(
      fail(
        'kid',
        `kid ${show(kid)} is not one of the simulator's keys. The JWKS publishes: ${listed}.`,
      ),
    );
  } else if (!published.includes(found.key)) {
    checks.push(
      fail(
        'kid',
        `kid ${kid} is the simulator's ${found.label}, but that key is not published in the JWKS (publishNewIdTokenKeysEnabled is false), so a relying party cannot find it.`,
      ),
    );
  } else {
    checks.push(pass('kid', `kid ${kid} is published in the JWKS (the ${found.label}).`));
  }

  if (found) {
    checks.push(
      alg === found.key.alg
        ? pass('alg', `alg ${found.key.alg} matches the alg of key ${found.key.kid}.`)
        : fail(
            'alg',
            `alg is ${show(alg)}, but key ${found.key.kid} is an ${found.key.alg} key. A relying party must refuse a token whose alg differs from its key's.`,
          ),
    );
  } else if (alg === 'ES256' || alg === 'RS256') {
    checks.push(
      pass('alg', `alg ${alg} is one the simulator signs with (no key to compare it with).`),
    );
  } else {
    checks.push(
      fail(
        'alg',
        `alg is ${show(alg)}; the simulator signs these tokens with ES256 or RS256 only.`,
      ),
    );
  }

  checks.push(await checkSignatureWith(facts.compact, found, all, alg, kid));
  return checks;
}

/** The credential part of the first requested vector: ["Cl.Cm.P2"] → "Cl.Cm"; default Cl.Cm. */
export function requestedCredentialTrust(vtr: unknown): string {
  let list: unknown = vtr;
  if (typeof vtr === 'string') {
    try {
      list = JSON.parse(vtr) as unknown;
    } catch {
      list = [vtr];
    }
  }
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  if (typeof first !== 'string') return 'Cl.Cm';
  const credential = first
    .split('.')
    .filter((part) => part.startsWith('C'))
    .join('.');
  return credential === '' ? 'Cl.Cm' : credential;
}

/** at_hash: the left half of the hash of the access token, base64url (OpenID Connect Core 3.3.2.11). */
export function expectedAtHash(accessToken: string, alg: unknown): string {
  const bits = typeof alg === 'string' ? /(384|512)$/.exec(alg)?.[1] : undefined;
  const digest = createHash(bits === '384' ? 'sha384' : bits === '512' ? 'sha512' : 'sha256')
    .update(accessToken, 'ascii')
    .digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

/** Checks an ID token as a relying party must (provider document, "ID token validation"). */
export async function analyzeIdToken(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  facts: TokenFacts,
  notes: string[],
): Promise<TokenCheck[]> {
  const { config, at, now } = facts;
  const issuer = `${config.simulatorUrl}/`;
  const clientId = config.clientConfiguration.clientId;
  const checks = await checkIdTokenKeyUse(header, facts);
  checks.push(
    checkEquals('iss', claims.iss, issuer, { what: 'the issuer in the discovery document' }),
  );
  checks.push(
    checkEquals('aud', claims.aud, clientId, { allowArray: true, what: 'the client_id' }),
  );
  for (const c of [
    checkExp(claims, at, now, { required: true }),
    checkIat(claims, at, now, { required: true, notFuture: true }),
    checkNbf(claims, at, now),
  ]) {
    if (c) checks.push(c);
  }

  const authorize = facts.authorize;
  if (!authorize) {
    notes.push(
      facts.origin === 'pasted'
        ? 'nonce and vot are not compared: a pasted token has no /authorize request to compare with.'
        : 'nonce and vot are not compared: the /authorize request of this sign-in is not in the log.',
    );
  } else {
    if (authorize.nonce === undefined) {
      notes.push('nonce is not compared: the /authorize request sent none.');
    } else {
      checks.push(
        checkEquals('nonce', claims.nonce, authorize.nonce, {
          what: `the nonce sent to /authorize (exchange #${authorize.seq})`,
        }),
      );
    }
    const expected = requestedCredentialTrust(authorize.vtr);
    checks.push(
      checkEquals('vot', claims.vot, expected, {
        what:
          authorize.vtr === undefined
            ? 'the default credential trust level (no vtr was sent)'
            : `the credential trust level requested in vtr ${show(authorize.vtr)}`,
      }),
    );
  }

  if (facts.accessToken === undefined) {
    if (facts.origin === 'exchange')
      notes.push('at_hash is not compared: no access token was seen beside this ID token.');
  } else if (claims.at_hash === undefined) {
    checks.push(
      fail('at_hash', 'There is no at_hash claim, though an access token was issued with it.'),
    );
  } else {
    checks.push(
      checkEquals('at_hash', claims.at_hash, expectedAtHash(facts.accessToken, header.alg), {
        what: 'the hash of the access token issued with it',
      }),
    );
  }
  attributeScenarios(checks, facts.scenarios, 'idToken', ID_TOKEN_SCENARIO_CHECKS);
  return checks;
}

/** An access token: signed with the ID token key, bound to the client, not expired. */
export async function analyzeAccessToken(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  facts: TokenFacts,
): Promise<TokenCheck[]> {
  const { config, at, now } = facts;
  const checks = await checkIdTokenKeyUse(header, facts);
  checks.push(checkEquals('iss', claims.iss, `${config.simulatorUrl}/`, { what: 'the issuer' }));
  checks.push(
    checkEquals('client_id', claims.client_id, config.clientConfiguration.clientId, {
      what: 'the configured client_id',
    }),
  );
  for (const c of [
    checkExp(claims, at, now, { required: true }),
    checkIat(claims, at, now, { required: false, notFuture: true }),
  ]) {
    if (c) checks.push(c);
  }
  return checks;
}

/** id_token_hint at /logout: an ID token this simulator issued to this client. */
export async function analyzeIdTokenHint(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  facts: TokenFacts,
  notes: string[],
): Promise<TokenCheck[]> {
  const { config } = facts;
  const checks = await checkIdTokenKeyUse(header, facts);
  checks.push(checkEquals('iss', claims.iss, `${config.simulatorUrl}/`, { what: 'the issuer' }));
  checks.push(
    checkEquals('aud', claims.aud, config.clientConfiguration.clientId, {
      allowArray: true,
      what: 'the client_id',
    }),
  );
  notes.push('exp is not checked: an expired ID token is still a valid hint at /logout.');
  attributeScenarios(checks, facts.scenarios, 'idToken', ID_TOKEN_SCENARIO_CHECKS);
  return checks;
}
