import type { TokenAnalysis, TokenCheck } from './analysis-types.js';
import type { TokenRole } from '../log/exchange-types.js';
import type { TokenFacts } from './token-facts.js';
import { decodeToken } from './decode-token.js';
import { fail, pass, show } from './check-helpers.js';
import {
  analyzeAccessToken,
  analyzeIdToken,
  analyzeIdTokenHint,
} from './analyze-simulator-token.js';
import { analyzeCoreIdentity } from './analyze-core-identity.js';
import { checkCoreIdentityPlausibility } from '../config/check-plausibility.js';
import { analyzeClientAssertion, analyzeRequestObject } from './analyze-client-jwt.js';
import { assertionLifetimeFinding } from '../rules/provider-rules.js';

/** Every role a token can have, in the order of a sign-in. */
export const TOKEN_ROLES = [
  'request_object',
  'client_assertion',
  'id_token',
  'access_token',
  'core_identity',
  'id_token_hint',
] as const satisfies readonly TokenRole[];

export const isTokenRole = (value: unknown): value is TokenRole =>
  typeof value === 'string' && (TOKEN_ROLES as readonly string[]).includes(value);

const ROLE_NAMES: Record<TokenRole, string> = {
  request_object: 'request object',
  client_assertion: 'client assertion',
  id_token: 'ID token',
  access_token: 'access token',
  core_identity: 'core identity JWT',
  id_token_hint: 'id_token_hint',
};

/** One line for the analysis: all good, or which checks fail (and the configured errors behind them). */
export function summarise(role: TokenRole, checks: TokenCheck[]): string {
  const failing = checks.filter((c) => !c.ok);
  if (failing.length === 0) return `The ${ROLE_NAMES[role]} passes all ${checks.length} checks.`;
  const scenarios = [...new Set(failing.flatMap((c) => (c.scenario ? [c.scenario] : [])))];
  const because = scenarios.length
    ? ` (configured error${scenarios.length > 1 ? 's' : ''}: ${scenarios.join(', ')})`
    : '';
  const first = failing[0] as TokenCheck;
  return `The ${ROLE_NAMES[role]} fails ${failing.length} of ${checks.length} checks: ${failing.map((c) => c.name).join(', ')}${because}. ${first.detail}`;
}

/** Guesses what a pasted token is from its header and claims. */
export function guessRole(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  simulatorUrl: string,
): TokenRole {
  const kid = header.kid;
  if ((typeof kid === 'string' && kid.startsWith('did:')) || claims.vc !== undefined)
    return 'core_identity';
  const aud = claims.aud;
  const auds = Array.isArray(aud) ? aud : [aud];
  if (
    auds.some((a) => typeof a === 'string' && a.endsWith('/authorize')) ||
    claims.response_type !== undefined ||
    claims.redirect_uri !== undefined
  ) {
    return 'request_object';
  }
  if (claims.client_id !== undefined && claims.scope !== undefined) return 'access_token';
  if (
    claims.iss !== undefined &&
    claims.iss === claims.sub &&
    claims.vot === undefined &&
    claims.nonce === undefined &&
    (auds.some((a) => a === `${simulatorUrl}/token` || a === `${simulatorUrl}/`) ||
      typeof claims.jti === 'string')
  ) {
    return 'client_assertion';
  }
  return 'id_token';
}

/**
 * Decodes a token and runs the checks for its role. Never throws: a token that is not a JWT is
 * reported as such, and an unexpected failure becomes a failed check.
 */
export async function analyzeToken(facts: TokenFacts): Promise<TokenAnalysis> {
  const { role, compact } = facts;
  const decoded = decodeToken(compact);
  if (!decoded.ok) {
    return {
      role,
      compact,
      header: decoded.header,
      claims: null,
      checks: [fail('format', decoded.reason)],
      summary: decoded.reason,
    };
  }
  const { header, claims } = decoded;
  const notes: string[] = [];
  const checks: TokenCheck[] = [
    pass(
      'format',
      `A signed JWT (header alg ${show(header.alg)}${header.kid === undefined ? '' : `, kid ${show(header.kid)}`}).`,
    ),
  ];
  try {
    switch (role) {
      case 'id_token':
        checks.push(...(await analyzeIdToken(header, claims, facts, notes)));
        break;
      case 'access_token':
        checks.push(...(await analyzeAccessToken(header, claims, facts)));
        break;
      case 'id_token_hint':
        checks.push(...(await analyzeIdTokenHint(header, claims, facts, notes)));
        break;
      case 'core_identity':
        checks.push(...(await analyzeCoreIdentity(header, claims, facts, notes)));
        break;
      case 'client_assertion':
        checks.push(...(await analyzeClientAssertion(header, claims, facts, notes)));
        break;
      case 'request_object':
        checks.push(...(await analyzeRequestObject(header, claims, facts)));
        break;
    }
  } catch (error) {
    checks.push(
      fail(
        'analysis',
        `The checks could not finish: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
  const analysis: TokenAnalysis = {
    role,
    compact,
    header,
    claims,
    checks,
    summary: summarise(role, checks),
  };
  if (notes.length) analysis.notes = notes;
  if (role === 'core_identity') {
    const warnings = checkCoreIdentityPlausibility(claims.vc, 'vc').map(
      (w) => `vc.credentialSubject ${w.message}`,
    );
    if (warnings.length) analysis.warnings = warnings;
  }
  if (role === 'client_assertion') {
    // A recommendation, not a rule: accepted at /token, said in words here.
    const lifetime = assertionLifetimeFinding(claims, Math.floor(facts.at));
    if (lifetime) analysis.warnings = [lifetime.message];
  }
  return analysis;
}
