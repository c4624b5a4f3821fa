import type { Fault, FaultKind, FaultTarget } from '../../../../server/src/contract.js';
import type { ErrorGroup } from '../../store/scenario-slice.js';

export interface ScenarioInfo {
  name: string;
  /** The OAuth error code on the wire (what the switch is called for a tester). */
  code?: string;
  /** Which cause, where one code has several (access_denied: session or evidence). */
  variant?: string;
  /** What the simulator does when the toggle is on. */
  effect: string;
  /** What a correct relying party must do about it. */
  expect: string;
}

export interface ScenarioGroupInfo {
  group: ErrorGroup;
  title: string;
  where: string;
  scenarios: ScenarioInfo[];
}

/** Every error toggle, grouped as in errorConfiguration, in the simulator's own spelling. */
export const SCENARIO_CATALOGUE: readonly ScenarioGroupInfo[] = [
  {
    group: 'authoriseErrors',
    title: 'Authorisation errors',
    where: '/authorize redirects back with an error instead of a code.',
    scenarios: [
      {
        name: 'ACCESS_DENIED',
        code: 'access_denied',
        variant: 'session',
        effect:
          'Redirects with error=access_denied (and the state) instead of a code: the browser session was unavailable.',
        expect:
          'Check state, show your own "could not sign in" page and offer to try again; never ask /token for a code.',
      },
      {
        name: 'TEMPORARILY_UNAVAILABLE',
        code: 'temporarily_unavailable',
        variant: 'overload',
        effect:
          'Redirects with error=temporarily_unavailable and an empty description (authentication overload or maintenance).',
        expect:
          'Tell the user the service is busy and to retry in a few minutes; do not loop automatically.',
      },
      {
        name: 'UNAUTHORIZED_CLIENT',
        code: 'unauthorized_client',
        effect:
          'Redirects with error=unauthorized_client, error_description "client deactivated", on every request.',
        expect:
          'Show your own error page (the user cannot fix this) and alert your team: the client is deactivated.',
      },
      {
        name: 'SERVER_ERROR',
        code: 'server_error',
        effect: 'Answers /authorize with HTTP 500 and error=server_error, no redirect.',
        expect:
          'The user sees the provider’s error; your callback is never called, so time out the sign-in cleanly.',
      },
      {
        name: 'TEMPORARILY_UNAVAILABLE_IDENTITY',
        code: 'temporarily_unavailable',
        variant: 'identity',
        effect:
          'Identity requests only (a vtr with P1–P3): redirects with error=temporarily_unavailable, identity proving has no capacity.',
        expect:
          'Tell the user identity checks are unavailable for now and to come back later; authentication-only sign-ins still work.',
      },
      {
        name: 'ACCESS_DENIED_EVIDENCE',
        code: 'access_denied',
        variant: 'evidence',
        effect:
          'Identity requests only: redirects with error=access_denied, the evidence was below the level requested. Not raised when the request uses return codes.',
        expect:
          'Treat it as identity not proven: offer another route; never ask /token for a code.',
      },
      {
        name: 'LOGIN_REQUIRED',
        code: 'login_required',
        effect:
          'Re-authentication only (prompt=login, max_age, or an existing session): redirects with error=login_required.',
        expect:
          'End the local session and start a fresh sign-in without prompt=none; do not retry in a loop.',
      },
    ],
  },
  {
    group: 'tokenErrors',
    title: 'Token errors',
    where: '/token answers an error instead of tokens.',
    scenarios: [
      {
        name: 'INVALID_GRANT',
        code: 'invalid_grant',
        effect: 'Refuses the code as expired or already used: 400 error=invalid_grant.',
        expect:
          'Do not retry the same code: restart the sign-in from /authorize and show a neutral message.',
      },
      {
        name: 'INVALID_CLIENT',
        code: 'invalid_client',
        effect:
          'Refuses the client assertion as if the registered key had changed: 400 error=invalid_client.',
        expect:
          'Fail the sign-in, log it and alert your team (key mismatch); never fall back to another authentication method.',
      },
      {
        name: 'UNAUTHORIZED_CLIENT',
        code: 'unauthorized_client',
        effect:
          'Client authenticated but not registered for the grant: 400 error=unauthorized_client.',
        expect:
          'Fail the sign-in with your own error page and alert your team (registration problem).',
      },
      {
        name: 'SERVER_ERROR',
        code: 'server_error',
        effect: 'Answers /token with HTTP 500 and error=server_error.',
        expect:
          'Show a "try again later" page; do not crash, and do not treat the sign-in as successful.',
      },
    ],
  },
  {
    group: 'userInfoErrors',
    title: 'Userinfo errors',
    where: '/userinfo answers an error instead of the claims.',
    scenarios: [
      {
        name: 'INVALID_TOKEN',
        code: 'invalid_token',
        effect:
          '401 with WWW-Authenticate: Bearer error="invalid_token", as for an expired or revoked access token.',
        expect:
          'Treat the access token as dead: restart the sign-in to get a new one; never use claims from elsewhere.',
      },
      {
        name: 'SERVER_ERROR',
        code: 'server_error',
        effect: 'Answers /userinfo with HTTP 500 and error=server_error.',
        expect: 'Show a "try again later" page; do not sign the user in without their claims.',
      },
    ],
  },
  {
    group: 'idTokenErrors',
    title: 'ID token defects',
    where: 'The ID token from /token carries the defect; the rest of the response is normal.',
    scenarios: [
      {
        name: 'INCORRECT_VOT',
        effect: 'vot differs from the vector of trust requested (vtr).',
        expect: 'Compare vot with the level requested and refuse the sign-in when it differs.',
      },
      {
        name: 'INVALID_ALG_HEADER',
        effect: 'The header alg differs from the alg of the signing key in the JWKS.',
        expect:
          'Refuse a token whose alg does not match the key chosen by kid (no algorithm confusion).',
      },
      {
        name: 'INVALID_AUD',
        effect: 'aud is not your client_id.',
        expect: 'Refuse a token whose aud does not contain your client_id.',
      },
      {
        name: 'INVALID_ISS',
        effect: 'iss is not the issuer of the discovery document.',
        expect: 'Refuse a token whose iss is not exactly the discovery issuer.',
      },
      {
        name: 'INVALID_SIGNATURE',
        effect: 'Signed with the wrong key: the signature does not verify with any published key.',
        expect: 'Verify the signature against the JWKS and refuse the token when it fails.',
      },
      {
        name: 'NONCE_NOT_MATCHING',
        effect: 'nonce is not the value sent to /authorize.',
        expect:
          'Compare nonce with the value stored for this sign-in and refuse a mismatch (replay protection).',
      },
      {
        name: 'TOKEN_EXPIRED',
        effect: 'exp is in the past.',
        expect: 'Refuse a token at or after exp (allow only a small clock skew).',
      },
      {
        name: 'TOKEN_NOT_VALID_YET',
        effect: 'iat is in the future.',
        expect: 'Refuse a token issued in the future (beyond a small clock skew).',
      },
    ],
  },
  {
    group: 'coreIdentityErrors',
    title: 'Core identity defects',
    where: 'The coreIdentityJWT claim from /userinfo carries the defect.',
    scenarios: [
      {
        name: 'INCORRECT_SUB',
        effect: 'sub differs from the sub of the ID token.',
        expect:
          'Check that the identity belongs to the signed-in user (sub equal) and refuse it otherwise.',
      },
      {
        name: 'INVALID_ALG_HEADER',
        effect: 'alg is not ES256.',
        expect: 'Accept only ES256 for the core identity JWT.',
      },
      {
        name: 'INVALID_AUD',
        effect: 'aud is not your client_id.',
        expect: 'Refuse an identity whose aud is not your client_id.',
      },
      {
        name: 'INVALID_ISS',
        effect: 'iss is not the identity issuer.',
        expect: 'Refuse an identity whose iss is not the expected identity issuer.',
      },
      {
        name: 'INVALID_SIGNATURE',
        effect:
          'Signed with the wrong key: the signature does not verify with the key named by kid in the DID document.',
        expect:
          'Resolve kid against the DID document, verify the signature, and refuse the identity on failure.',
      },
      {
        name: 'TOKEN_EXPIRED',
        effect: 'exp is in the past.',
        expect: 'Refuse an identity after exp (30 minutes after issue).',
      },
    ],
  },
];

export const GROUP_SHORT_LABELS: Record<ErrorGroup, string> = {
  authoriseErrors: 'Authorise',
  tokenErrors: 'Token',
  userInfoErrors: 'Userinfo',
  idTokenErrors: 'ID token',
  coreIdentityErrors: 'Core identity',
};

export function findScenario(group: ErrorGroup, name: string): ScenarioInfo | undefined {
  return SCENARIO_CATALOGUE.find((g) => g.group === group)?.scenarios.find((s) => s.name === name);
}

/** The name a tester knows a named switch by: the wire code where it has one. */
export function switchName(group: ErrorGroup, name: string): string {
  const info = findScenario(group, name);
  if (!info?.code) return name;
  return info.variant ? `${info.code} (${info.variant})` : info.code;
}

export interface FaultTargetInfo {
  target: FaultTarget;
  /** How the endpoint is named in a switch: "JWKS" → "JWKS outage". */
  label: string;
  path: string;
  /** What a correct relying party does while this endpoint is out. */
  outageExpect: string;
}

/** Every endpoint a fault can hit, with what a relying party must do when it fails. */
export const FAULT_TARGETS: readonly FaultTargetInfo[] = [
  {
    target: 'discovery',
    label: 'Discovery',
    path: '/.well-known/openid-configuration',
    outageExpect:
      'Keep using the cached discovery document (Cache-Control max-age) and retry later; do not fail sign-ins.',
  },
  {
    target: 'jwks',
    label: 'JWKS',
    path: '/.well-known/jwks.json',
    outageExpect:
      'Keep trusting the cached key set and keep verifying ID tokens with it, as the provider document requires.',
  },
  {
    target: 'did',
    label: 'DID document',
    path: '/.well-known/did.json',
    outageExpect: 'Keep trusting the cached DID document to verify core identities.',
  },
  {
    target: 'trustmark',
    label: 'Trustmark',
    path: '/trustmark',
    outageExpect: 'Nothing depends on it at sign-in: carry on, or use the cached copy.',
  },
  {
    target: 'authorize',
    label: 'Authorize',
    path: '/authorize',
    outageExpect:
      'The user lands on an error; your callback never comes. Time out the sign-in and offer a retry.',
  },
  {
    target: 'token',
    label: 'Token',
    path: '/token',
    outageExpect:
      'Fail the callback with a "try again" page; never hang, never treat the user as signed in.',
  },
  {
    target: 'userinfo',
    label: 'Userinfo',
    path: '/userinfo',
    outageExpect: 'Show a "try again later" page; do not sign the user in without their claims.',
  },
  {
    target: 'logout',
    label: 'Logout',
    path: '/logout',
    outageExpect: 'Clear your own session anyway; the user is signed out of your service.',
  },
];

export const FAULT_KIND_WORDS: Record<FaultKind, string> = {
  outage: 'outage',
  drop: 'connection dropped',
  latency: 'latency',
};

/** Statuses offered for an outage; any 500–599 is accepted by the simulator. */
export const OUTAGE_STATUSES = [500, 502, 503, 504] as const;

export const findFaultTarget = (target: string): FaultTargetInfo | undefined =>
  FAULT_TARGETS.find((t) => t.target === target);

/** "JWKS outage", "Token latency", "DID document connection dropped". */
export function faultName(fault: Pick<Fault, 'target' | 'kind'>): string {
  return `${findFaultTarget(fault.target)?.label ?? fault.target} ${FAULT_KIND_WORDS[fault.kind]}`;
}

const ENDPOINT_GROUP: Record<string, ErrorGroup> = {
  authorize: 'authoriseErrors',
  token: 'tokenErrors',
  userinfo: 'userInfoErrors',
};

/**
 * How the log names a scenario applied to an exchange: the wire code or the fault, e.g.
 * "fault:jwks:outage" → "JWKS outage", "token:INVALID_GRANT" → "invalid_grant",
 * "idToken:INVALID_SIGNATURE" → "INVALID_SIGNATURE".
 */
export function injectedName(label: string): string {
  const fault = /^fault:([a-z]+):(outage|drop|latency)$/.exec(label);
  if (fault) return faultName({ target: fault[1] as FaultTarget, kind: fault[2] as FaultKind });
  const named = /^(authorize|token|userinfo):([A-Z_]+)$/.exec(label);
  // The names are shared by the groups: the endpoint says which group.
  if (named) {
    const group = ENDPOINT_GROUP[named[1] as string] as ErrorGroup;
    return switchName(group, named[2] as string);
  }
  // A token defect keeps its scenario name (the row's endpoint says which token carries it).
  const defect = /^(idToken|coreIdentity):([A-Z_]+)$/.exec(label);
  if (defect) return defect[2] as string;
  return label;
}

/** What the simulator does for a fault, in one line. */
export function faultEffect(target: FaultTargetInfo, kind: FaultKind | 'latency'): string {
  return kind === 'latency'
    ? `Holds every ${target.path} answer for the chosen time, then answers normally.`
    : `Answers ${target.path} with the chosen 5xx status, or closes the connection without an answer.`;
}

/** What a correct relying party does about a fault, in one line. */
export function faultExpect(target: FaultTargetInfo, kind: FaultKind | 'latency'): string {
  return kind === 'latency'
    ? `Put a timeout on calls to ${target.path} and fail cleanly when it fires; never hang the user.`
    : target.outageExpect;
}

/** The key lifecycle switches: the third step of a rotation. */
export const KEY_RETIREMENT: Record<
  'idToken' | 'coreIdentity',
  { name: string; configKey: string; effect: string; expect: string }
> = {
  idToken: {
    name: 'Old ID token keys retired',
    configKey: 'retireOldIdTokenSigningKeys',
    effect:
      'Publishes the new keys, signs ID and access tokens with them and removes the old ones from the JWKS.',
    expect:
      'refuses any token whose kid is no longer in the JWKS, and picks up the new keys without a restart.',
  },
  coreIdentity: {
    name: 'Old core identity key retired',
    configKey: 'retireOldCoreIdentitySigningKeys',
    effect:
      'Publishes the new key, signs core identities with it and removes the old one from the DID document’s assertionMethod.',
    expect:
      'refuses an identity whose kid matches no assertionMethod entry, and tells its operators.',
  },
};
