/**
 * What the provider requires ("must") versus what its documents only recommend. /token, the token
 * inspector, the request log's analysis and the relying-party check all ask this module, so a
 * recommendation is worded as a warning everywhere and never becomes a refusal.
 */

export type RuleLevel = 'violation' | 'warning';

export interface RuleFinding {
  level: RuleLevel;
  /** A stable id, e.g. 'assertion-lifetime'. */
  rule: string;
  message: string;
}

/** The provider recommends client assertions live at most 5 minutes; longer is allowed (warning only). */
export const RECOMMENDED_ASSERTION_LIFETIME_SECONDS = 300;

/**
 * The audiences /token accepts in a client assertion: the token endpoint and the issuer, and the
 * token endpoint at the back-channel address when discovery advertises one (BACKCHANNEL_URL).
 */
export function acceptedAssertionAudiences(
  issuer: string,
  tokenEndpoint: string,
  backchannelTokenEndpoint?: string,
): readonly string[] {
  return backchannelTokenEndpoint === undefined || backchannelTokenEndpoint === tokenEndpoint
    ? [tokenEndpoint, issuer]
    : [tokenEndpoint, backchannelTokenEndpoint, issuer];
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A warning such as "this assertion lives 3600 s; the provider recommends 300 s" when exp - iat
 * (exp - now when iat is absent or not a number) exceeds the recommendation; null otherwise or
 * when exp is not a number.
 */
export function assertionLifetimeFinding(
  claims: { iat?: unknown; exp?: unknown },
  nowSeconds: number,
): RuleFinding | null {
  if (!isNumber(claims.exp)) return null;
  const from = isNumber(claims.iat) ? claims.iat : nowSeconds;
  const lifetime = Math.round(claims.exp - from);
  if (lifetime <= RECOMMENDED_ASSERTION_LIFETIME_SECONDS) return null;
  return {
    level: 'warning',
    rule: 'assertion-lifetime',
    message: `this assertion lives ${lifetime} s; the provider recommends ${RECOMMENDED_ASSERTION_LIFETIME_SECONDS} s`,
  };
}

/**
 * A value a client sent on an earlier sign-in, sent again: a reused `nonce` breaks the provider's
 * rule (each sign-in must carry a fresh one: it binds the ID token to that sign-in), while a
 * reused `state` goes against what the documents recommend (a fresh, unguessable value per
 * sign-in against cross-site request forgery) and is a warning only. `where` names both uses.
 */
export function reusedSignInValueFinding(name: 'nonce' | 'state', where: string): RuleFinding {
  return name === 'nonce'
    ? {
        level: 'violation',
        rule: 'nonce-reused',
        message: `${where}: each sign-in must send a fresh nonce`,
      }
    : {
        level: 'warning',
        rule: 'state-reused',
        message: `${where}: the documents recommend a fresh, unguessable state for each sign-in`,
      };
}
