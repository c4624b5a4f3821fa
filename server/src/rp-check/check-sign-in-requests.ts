import type { Exchange } from '../log/exchange-types.js';
import type { SimulatorConfig } from '../config/config-types.js';
import { decodeVtr, VTR_NOT_JSON } from '../rules/check-vtr.js';
import {
  authorizeParams,
  bodyOf,
  claimsOf,
  isAuthorize,
  isToken,
  isUserinfo,
  label,
  param,
  tokenOf,
} from './journey-facts.js';
import {
  acceptedAssertionAudiences,
  assertionLifetimeFinding,
  reusedSignInValueFinding,
  type RuleFinding,
} from '../rules/provider-rules.js';
import type { RequestCheck } from './rp-check-types.js';

/**
 * The request rules of the provider document, checked on every sign-in a step sees: nonce and
 * state present, the nonce never reused (a reused state is a warning), vtr well formed, P2 only
 * with Cl.Cm, claims only with an identity level, a User-Agent, a registered redirect_uri, PKCE
 * when the client enforces it, and client assertions with an aud /token accepts, iss = sub =
 * client_id, an exp and a jti never reused (a lifetime over the recommended 5 minutes is a
 * warning). What is a "must" and what a recommendation comes from the provider rules; only a
 * violation fails a step. `earlier` holds the run's earlier exchanges (for the reuse rules).
 */

const VECTOR = /^(Cl|Cl\.Cm|Cm\.Cl)(\.P[0-3])?$/;

/** What is wrong with a vtr, or null. */
export function vtrProblem(raw: unknown): string | null {
  const list = decodeVtr(raw);
  if (list === VTR_NOT_JSON) return `vtr ${JSON.stringify(raw).slice(0, 80)} is not a JSON array`;
  if (!Array.isArray(list) || list.length === 0)
    return 'vtr must be a JSON array of vectors such as ["Cl.Cm"]';
  for (const v of list as unknown[]) {
    if (typeof v !== 'string' || !VECTOR.test(v))
      return `vtr holds ${JSON.stringify(v)}, not a vector such as "Cl.Cm" or "Cl.Cm.P2"`;
    const level = v.match(/\.P([0-3])$/)?.[1];
    if (level !== undefined && level !== '0' && !v.startsWith('Cl.Cm') && !v.startsWith('Cm.Cl'))
      return `vtr holds "${v}": an identity level (P1, P2) needs Cl.Cm`;
  }
  return null;
}

/** The identity level a vtr asks for ("P2"), or undefined. */
export function requestedLevel(raw: unknown): string | undefined {
  const list = decodeVtr(raw);
  if (!Array.isArray(list)) return undefined;
  for (const v of list as unknown[]) {
    const level = typeof v === 'string' ? v.match(/\.(P[1-3])$/)?.[1] : undefined;
    if (level) return level;
  }
  return undefined;
}

/** The userinfo claims a claims request names (empty when none or malformed). */
export function requestedClaims(raw: unknown): string[] {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  const userinfo = (value as { userinfo?: unknown } | null)?.userinfo;
  return userinfo !== null && typeof userinfo === 'object' && !Array.isArray(userinfo)
    ? Object.keys(userinfo)
    : [];
}

function check(name: string, exchanges: Exchange[], problem: string | null, ok: string) {
  return {
    name,
    ok: problem === null,
    detail: problem ?? ok,
    exchanges: exchanges.map((e) => e.id),
  } satisfies RequestCheck;
}

/** A check from a provider rule: a warning finding is reported without failing the step. */
function fromFinding(
  name: string,
  exchanges: Exchange[],
  finding: RuleFinding | null,
  ok: string,
): RequestCheck {
  return {
    ...check(name, exchanges, finding?.message ?? null, ok),
    ...(finding ? { level: finding.level, rule: finding.rule } : {}),
  };
}

function seenBefore(
  value: string,
  earlier: readonly Exchange[],
  pick: (e: Exchange) => string | undefined,
): Exchange | undefined {
  return earlier.find((e) => pick(e) === value);
}

function authorizeChecks(
  e: Exchange,
  before: readonly Exchange[],
  config: Readonly<SimulatorConfig>,
): RequestCheck[] {
  const p = authorizeParams(e);
  const at = label(e);
  const out: RequestCheck[] = [];
  const earlierAuthorize = before.filter(isAuthorize);
  for (const name of ['nonce', 'state'] as const) {
    const value = param(p, name);
    if (!value) {
      out.push(check(`${name} present`, [e], `${at} has no ${name}`, ''));
      continue;
    }
    const reused = seenBefore(value, earlierAuthorize, (x) => param(authorizeParams(x), name));
    out.push(
      fromFinding(
        `${name} present and unique`,
        reused ? [e, reused] : [e],
        reused
          ? reusedSignInValueFinding(name, `${at} reuses the ${name} of ${label(reused)}`)
          : null,
        `${at} sends a fresh ${name}`,
      ),
    );
  }
  const vtr = p.vtr;
  if (vtr !== undefined) {
    const problem = vtrProblem(vtr);
    const shown = typeof vtr === 'string' ? vtr : JSON.stringify(vtr);
    out.push(
      check('vtr well formed', [e], problem && `${at}: ${problem}`, `${at} sends vtr ${shown}`),
    );
  }
  const claims = requestedClaims(p.claims);
  if (p.claims !== undefined) {
    const level = requestedLevel(vtr);
    out.push(
      check(
        'claims only with an identity level',
        [e],
        claims.length > 0 && !level
          ? `${at} asks for ${claims.length} identity claim(s) without an identity level in vtr`
          : null,
        `${at} asks for claims with vtr level ${level ?? '(none)'}`,
      ),
    );
  }
  const redirectUri = param(p, 'redirect_uri');
  const registered = config.clientConfiguration.redirectUrls;
  out.push(
    check(
      'registered redirect_uri',
      [e],
      redirectUri && registered.includes(redirectUri)
        ? null
        : `${at} sends redirect_uri ${JSON.stringify(redirectUri ?? null)}, not one of the registered ${registered.join(', ')}`,
      `${at} sends the registered redirect_uri`,
    ),
  );
  if (config.clientConfiguration.pkceEnforced) {
    const challenge = param(p, 'code_challenge');
    const method = param(p, 'code_challenge_method');
    out.push(
      check(
        'PKCE (enforced for this client)',
        [e],
        !challenge || method !== 'S256'
          ? `${at} sends no code_challenge with code_challenge_method S256`
          : null,
        `${at} sends a code_challenge (S256)`,
      ),
    );
  }
  return out;
}

function userAgentCheck(e: Exchange): RequestCheck {
  const ua = e.request.headers['user-agent'];
  return check(
    'User-Agent present',
    [e],
    ua && ua.trim() ? null : `${label(e)} has no User-Agent header`,
    `${label(e)} sends a User-Agent`,
  );
}

function tokenChecks(
  e: Exchange,
  before: readonly Exchange[],
  config: Readonly<SimulatorConfig>,
): RequestCheck[] {
  const at = label(e);
  const out: RequestCheck[] = [userAgentCheck(e)];
  const body = bodyOf(e);
  if (config.clientConfiguration.pkceEnforced)
    out.push(
      check(
        'PKCE code_verifier (enforced for this client)',
        [e],
        typeof body.code_verifier === 'string' && body.code_verifier
          ? null
          : `${at} sends no code_verifier`,
        `${at} sends a code_verifier`,
      ),
    );
  const assertion = tokenOf(e, 'client_assertion');
  if (config.clientConfiguration.token_auth_method !== 'private_key_jwt') return out;
  const claims = claimsOf(assertion);
  if (!claims) {
    out.push(check('client assertion', [e], `${at} sends no readable client_assertion`, ''));
    return out;
  }
  const clientId = config.clientConfiguration.clientId;
  const tokenUrl = `${config.simulatorUrl}/token`;
  // The token endpoint the client called counts too (a back-channel address, a named simulator).
  const host = e.request.headers.host;
  const called = host ? `http://${host}${e.request.path}` : undefined;
  const accepted = acceptedAssertionAudiences(`${config.simulatorUrl}/`, tokenUrl, called);
  const aud = claims.aud;
  const audOk =
    (typeof aud === 'string' && accepted.includes(aud)) ||
    (Array.isArray(aud) &&
      aud.length > 0 &&
      aud.every((a) => typeof a === 'string' && accepted.includes(a)));
  out.push(
    check(
      'client assertion aud',
      [e],
      audOk
        ? null
        : `${at}: aud is ${JSON.stringify(aud ?? null)}, not one of ${accepted.join(', ')}`,
      `${at}: aud is ${typeof aud === 'string' && aud === tokenUrl ? 'the token endpoint' : 'an accepted audience'}`,
    ),
  );
  out.push(
    check(
      'client assertion iss = sub = client_id',
      [e],
      claims.iss === clientId && claims.sub === clientId
        ? null
        : `${at}: iss ${JSON.stringify(claims.iss ?? null)} and sub ${JSON.stringify(claims.sub ?? null)} must both be ${clientId}`,
      `${at}: iss and sub are the client_id`,
    ),
  );
  const sent = Math.floor(Date.parse(e.startedAt) / 1000);
  const exp = claims.exp;
  out.push(
    check(
      'client assertion exp',
      [e],
      typeof exp !== 'number' ? `${at}: the assertion has no exp` : null,
      `${at}: the assertion has an exp`,
    ),
  );
  const lifetime = assertionLifetimeFinding(claims, sent);
  out.push(
    fromFinding(
      'client assertion lifetime',
      [e],
      lifetime && { ...lifetime, message: `${at}: ${lifetime.message}` },
      `${at}: the assertion lives at most the recommended 5 minutes`,
    ),
  );
  const jti = typeof claims.jti === 'string' && claims.jti ? claims.jti : undefined;
  const reused = jti
    ? seenBefore(jti, before.filter(isToken), (x) => {
        const c = claimsOf(tokenOf(x, 'client_assertion'));
        return typeof c?.jti === 'string' ? c.jti : undefined;
      })
    : undefined;
  out.push(
    check(
      'client assertion jti never reused',
      reused ? [e, reused] : [e],
      !jti
        ? `${at}: the assertion has no jti`
        : reused
          ? `${at} reuses the jti of ${label(reused)}`
          : null,
      `${at}: a fresh jti`,
    ),
  );
  return out;
}

/**
 * Checks every sign-in request among `exchanges` (a step's, oldest first), with `earlier` the
 * run's exchanges before them. The checks are in the order of the exchanges.
 */
export function checkSignInRequests(
  exchanges: readonly Exchange[],
  earlier: readonly Exchange[],
  config: Readonly<SimulatorConfig>,
): RequestCheck[] {
  const out: RequestCheck[] = [];
  exchanges.forEach((e, i) => {
    const before = [...earlier, ...exchanges.slice(0, i)];
    if (isAuthorize(e)) out.push(...authorizeChecks(e, before, config));
    else if (isToken(e)) out.push(...tokenChecks(e, before, config));
    else if (isUserinfo(e)) out.push(userAgentCheck(e));
  });
  return out;
}
