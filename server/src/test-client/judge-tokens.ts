import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose';
import type { TestClientCheck } from './test-client-types.js';
import type { TokenAnalysis } from '../analysis/analysis-types.js';
import { verifySignature } from '../analysis/verify-signature.js';
import { expectedAtHash } from '../analysis/analyze-simulator-token.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const check = (name: string, ok: boolean, detail: string): TestClientCheck => ({
  name,
  ok,
  detail,
});

/** Why jose refused the claims, in words, from its error (by code and claim, never by message). */
function claimFailure(error: unknown): string {
  const e = error as { code?: unknown; claim?: unknown; reason?: unknown };
  if (e.code === 'ERR_JWT_EXPIRED') return 'it has expired (exp is in the past)';
  if (e.code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && typeof e.claim === 'string')
    return `its ${e.claim} claim is not what this client expects (${String(e.reason ?? 'check failed')})`;
  if (e.code === 'ERR_JOSE_ALG_NOT_ALLOWED') return 'its alg is not the one this client expects';
  if (typeof e.code === 'string') return `jose refused it (${e.code})`;
  return error instanceof Error ? error.message : String(error);
}

export interface IdTokenExpectations {
  jwks: unknown;
  issuer: string;
  clientId: string;
  alg: string;
  nonce: string;
  accessToken: string;
  /** The vot asked for in vtr ("Cl.Cm" when none was sent). */
  vot: string;
  /** Seconds since the epoch. */
  now: number;
}

/**
 * The checks a careful relying party makes on an ID token (OIDC Core 3.1.3.7): the signature
 * against the published JWKS, then iss, aud, exp and alg with jose, then nonce, at_hash and vot.
 */
export async function judgeIdToken(
  idToken: string,
  expected: IdTokenExpectations,
): Promise<TestClientCheck[]> {
  const checks: TestClientCheck[] = [];
  if (!isRecord(expected.jwks) || !Array.isArray(expected.jwks.keys)) {
    checks.push(check('ID token signature', false, 'The JWKS is not a key set ({"keys": […]}).'));
    return checks;
  }
  const keySet = createLocalJWKSet(expected.jwks as unknown as JSONWebKeySet);
  const signature = await verifySignature(idToken, keySet);
  checks.push(
    signature.ok
      ? check('ID token signature', true, 'Verified against a key of the published JWKS.')
      : check('ID token signature', false, `Refused: ${signature.reason}.`),
  );
  if (signature.ok) {
    try {
      await jwtVerify(idToken, keySet, {
        issuer: expected.issuer,
        audience: expected.clientId,
        algorithms: [expected.alg],
        currentDate: new Date(expected.now * 1000),
        clockTolerance: 30,
        requiredClaims: ['iss', 'aud', 'exp', 'iat', 'sub'],
      });
      checks.push(
        check(
          'ID token iss, aud, exp, alg',
          true,
          `iss is ${expected.issuer}, aud names ${expected.clientId}, alg is ${expected.alg}, not expired.`,
        ),
      );
    } catch (error) {
      checks.push(check('ID token iss, aud, exp, alg', false, `Refused: ${claimFailure(error)}.`));
    }
  }
  let claims: Record<string, unknown>;
  let alg: unknown;
  try {
    claims = decodeJwt(idToken);
    alg = decodeProtectedHeader(idToken).alg;
  } catch {
    checks.push(check('ID token', false, 'Refused: it is not a JWT.'));
    return checks;
  }
  checks.push(
    claims.nonce === expected.nonce
      ? check('nonce', true, 'The nonce is the one this client sent.')
      : check(
          'nonce',
          false,
          `Refused: nonce is ${JSON.stringify(claims.nonce)}, not the ${JSON.stringify(expected.nonce)} this client sent.`,
        ),
  );
  if (claims.at_hash !== undefined) {
    const want = expectedAtHash(expected.accessToken, alg);
    checks.push(
      claims.at_hash === want
        ? check('at_hash', true, 'at_hash matches the access token.')
        : check('at_hash', false, `Refused: at_hash does not match the access token (${want}).`),
    );
  }
  checks.push(
    claims.vot === expected.vot
      ? check('vot', true, `vot is ${expected.vot}, as asked.`)
      : check(
          'vot',
          false,
          `Refused: vot is ${JSON.stringify(claims.vot)}, not the ${expected.vot} this client asked for.`,
        ),
  );
  return checks;
}

/**
 * The checks on the core identity JWT: its signature with the DID document's assertionMethod that
 * its kid names, aud and exp with jose, and that it is about the same user as the ID token.
 */
export async function judgeCoreIdentity(
  jwt: string,
  expected: { did: unknown; clientId: string; sub: unknown; now: number },
): Promise<TestClientCheck[]> {
  const methods =
    isRecord(expected.did) && Array.isArray(expected.did.assertionMethod)
      ? expected.did.assertionMethod.filter(isRecord)
      : [];
  const getKey = async (header: { kid?: string }) => {
    const method = methods.find((m) => m.id === header.kid);
    if (!method || !isRecord(method.publicKeyJwk))
      throw Object.assign(new Error('no DID key'), { code: 'ERR_JWKS_NO_MATCHING_KEY' });
    return importJWK(method.publicKeyJwk, 'ES256');
  };
  const checks: TestClientCheck[] = [];
  const signature = await verifySignature(jwt, getKey);
  checks.push(
    signature.ok
      ? check(
          'core identity JWT signature',
          true,
          'Verified with the DID document key its kid names.',
        )
      : check(
          'core identity JWT signature',
          false,
          signature.code === 'ERR_JWKS_NO_MATCHING_KEY'
            ? 'Refused: its kid names no assertionMethod of the DID document.'
            : `Refused: ${signature.reason}.`,
        ),
  );
  if (signature.ok) {
    try {
      const { payload } = await jwtVerify(jwt, getKey, {
        audience: expected.clientId,
        algorithms: ['ES256'],
        currentDate: new Date(expected.now * 1000),
        clockTolerance: 30,
        requiredClaims: ['iss', 'sub', 'exp'],
      });
      checks.push(check('core identity JWT aud, exp', true, `aud names ${expected.clientId}.`));
      checks.push(
        payload.sub === expected.sub
          ? check('core identity JWT sub', true, 'About the same user as the ID token.')
          : check(
              'core identity JWT sub',
              false,
              `Refused: sub is ${JSON.stringify(payload.sub)}, not the ID token's ${JSON.stringify(expected.sub)}.`,
            ),
      );
    } catch (error) {
      checks.push(check('core identity JWT aud, exp', false, `Refused: ${claimFailure(error)}.`));
    }
  }
  return checks;
}

/**
 * The failing checks of the simulator's own analysis of the tokens this client received, for what
 * the checks above do not cover (iss of the core identity JWT, claim shapes…). Only failures are
 * kept, each once; a failure already found above gets the name of the configured error behind it.
 */
export function analysisFailures(
  analyses: readonly TokenAnalysis[],
  already: TestClientCheck[],
): TestClientCheck[] {
  const out: TestClientCheck[] = [];
  const roleName: Record<string, string> = {
    id_token: 'ID token',
    access_token: 'access token',
    core_identity: 'core identity JWT',
    client_assertion: 'client assertion',
  };
  for (const analysis of analyses) {
    if (analysis.role === 'client_assertion' || analysis.role === 'request_object') continue;
    for (const c of analysis.checks) {
      if (c.ok) continue;
      const name = `${roleName[analysis.role] ?? analysis.role} ${c.name}`;
      const because = c.scenario ? ` (configured error ${c.scenario})` : '';
      const same = already.find((a) => !a.ok && a.name.toLowerCase() === name.toLowerCase());
      if (same) {
        // Already refused for this reason: name the configured error behind it, once.
        if (because && !same.detail.includes(because)) same.detail += because;
        continue;
      }
      out.push(check(name, false, `Refused: ${c.detail}${because}`));
    }
  }
  return out;
}
