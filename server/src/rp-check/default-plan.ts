import { IDENTITY_CLAIMS } from '../config/defaults.js';
import {
  AUTHORISE_ERRORS,
  CORE_IDENTITY_ERRORS,
  ID_TOKEN_ERRORS,
  TOKEN_ERRORS,
  USER_INFO_ERRORS,
} from '../scenarios/names.js';
import type { ScenarioDocument } from '../presets/preset-types.js';
import { DEFAULT_TIMEOUT_SECONDS, DEFAULT_WAIT_SECONDS } from './parse-plan.js';
import type { Plan, PlanStepDocument } from './rp-check-types.js';

/**
 * The built-in plan. Its defect steps are generated from the scenario name arrays, so a newly
 * added switch is part of the plan as soon as it exists (described generically until a line is
 * written for it below).
 */

export const DEFAULT_PLAN_ID = 'default';

/** The default plan's key set max-age: short, so the key rotation step waits only this long. */
export const DEFAULT_KEY_SET_MAX_AGE_SECONDS = 2;

const slug = (name: string) => name.toLowerCase().replace(/_/g, '-');

const ID_TOKEN_DEFECTS: Record<string, string> = {
  INCORRECT_VOT: 'a vot other than the one requested',
  INVALID_ALG_HEADER: 'an alg header other than the one registered',
  INVALID_AUD: 'an aud other than your client_id',
  INVALID_ISS: 'an iss other than the provider',
  INVALID_SIGNATURE: 'a signature that does not verify',
  NONCE_NOT_MATCHING: 'a nonce other than the one you sent',
  TOKEN_EXPIRED: 'an exp in the past',
  TOKEN_NOT_VALID_YET: 'an iat in the future',
};

const CORE_IDENTITY_DEFECTS: Record<string, string> = {
  INCORRECT_SUB: 'a sub other than the ID token sub',
  INVALID_ALG_HEADER: 'an alg header other than ES256',
  INVALID_AUD: 'an aud other than your client_id',
  INVALID_ISS: 'an iss other than the identity issuer',
  INVALID_SIGNATURE: 'a signature that does not verify against the DID document',
  TOKEN_EXPIRED: 'an exp in the past',
};

const ALL_IDENTITY_CLAIMS = [...IDENTITY_CLAIMS];

const scenario = (name: string, rest: Omit<ScenarioDocument, 'name'> = {}): ScenarioDocument => ({
  name,
  ...rest,
});

function idTokenDefect(name: string): PlanStepDocument {
  const what = ID_TOKEN_DEFECTS[name] ?? `the ${name} defect`;
  return {
    id: `id-token-${slug(name)}`,
    title: `ID token: ${name}`,
    kind: 'id-token-defect',
    scenario: scenario(`ID token ${name}`, { errorConfiguration: { idTokenErrors: [name] } }),
    instruction: 'Sign in on your service now (authentication only).',
    expectation: `Your service redeems the code, sees the ID token has ${what}, refuses it, does not call /userinfo and does not start a new sign-in.`,
  };
}

/**
 * What each /authorize error looks like to the client, and whether it needs an identity request
 * to happen. Names not listed here (added switches) get a generic line.
 */
const AUTHORISE_ERROR_TEXT: Record<
  string,
  { what: string; identity?: boolean; reauthenticate?: boolean }
> = {
  ACCESS_DENIED: { what: 'redirects back with error=access_denied' },
  TEMPORARILY_UNAVAILABLE: { what: 'redirects back with error=temporarily_unavailable' },
  UNAUTHORIZED_CLIENT: {
    what: 'redirects back with error=unauthorized_client (client deactivated)',
  },
  SERVER_ERROR: { what: 'fails with a server error' },
  TEMPORARILY_UNAVAILABLE_IDENTITY: {
    what: 'redirects back with error=temporarily_unavailable (no identity proving capacity)',
    identity: true,
  },
  ACCESS_DENIED_EVIDENCE: {
    what: 'redirects back with error=access_denied (evidence below the requested level)',
    identity: true,
  },
  LOGIN_REQUIRED: {
    what: 'redirects back with error=login_required to the re-authentication (prompt=login)',
    reauthenticate: true,
  },
};

function authoriseError(name: string): PlanStepDocument {
  const text = AUTHORISE_ERROR_TEXT[name] ?? { what: `answers with an error (${name})` };
  return {
    id: `authorize-${slug(name)}`,
    title: `Authorisation error: ${name}`,
    kind: 'authorize-error',
    scenario: scenario(`Authorise error ${name}`, {
      errorConfiguration: { authoriseErrors: [name] },
    }),
    instruction: text.identity
      ? 'Sign in on your service now, asking for identity (vtr ["Cl.Cm.P2"]).'
      : text.reauthenticate
        ? 'Sign in on your service now, then ask it to re-authenticate you (prompt=login): only the re-authentication is refused.'
        : 'Sign in on your service now.',
    ...(text.identity ? { expect: { identity: true } } : {}),
    ...(text.reauthenticate ? { expect: { reauthenticate: true } } : {}),
    expectation: `/authorize ${text.what}; your service shows its own error page and never calls /token for that journey.`,
  };
}

/** What a correct client does after each /token error (the switches' own advice). */
const TOKEN_ERROR_TEXT: Record<string, string> = {
  INVALID_GRANT:
    '/token refuses the code (invalid_grant); your service does not send that code again and shows a neutral message (or starts one new sign-in).',
  INVALID_CLIENT:
    '/token refuses the client assertion (invalid_client); your service fails the sign-in without sending the code again.',
  UNAUTHORIZED_CLIENT:
    '/token answers unauthorized_client; your service fails the sign-in with its own error page without sending the code again.',
  SERVER_ERROR:
    '/token answers 500 server_error; your service retries at most once, then shows a "try again later" page.',
};

function tokenError(name: string): PlanStepDocument {
  return {
    id: `token-${slug(name)}`,
    title: `Token error: ${name}`,
    kind: 'token-error',
    scenario: scenario(`Token error ${name}`, { errorConfiguration: { tokenErrors: [name] } }),
    instruction: 'Sign in on your service now (authentication only).',
    expectation:
      TOKEN_ERROR_TEXT[name] ??
      `/token answers an error (${name}); your service does not send the code again or call /userinfo.`,
  };
}

const USER_INFO_ERROR_TEXT: Record<string, string> = {
  INVALID_TOKEN:
    '/userinfo answers 401 invalid_token; your service treats the access token as dead (never sends it again) and does not sign the user in.',
  SERVER_ERROR:
    '/userinfo answers 500 server_error; your service retries at most once, then shows a "try again later" page without signing the user in.',
};

function userInfoError(name: string): PlanStepDocument {
  return {
    id: `userinfo-${slug(name)}`,
    title: `Userinfo error: ${name}`,
    kind: 'userinfo-error',
    scenario: scenario(`Userinfo error ${name}`, {
      errorConfiguration: { userInfoErrors: [name] },
    }),
    instruction: 'Sign in on your service now (authentication only).',
    expectation:
      USER_INFO_ERROR_TEXT[name] ??
      `/userinfo answers an error (${name}); your service does not send the access token again.`,
  };
}

function coreIdentityDefect(name: string): PlanStepDocument {
  const what = CORE_IDENTITY_DEFECTS[name] ?? `the ${name} defect`;
  return {
    id: `core-identity-${slug(name)}`,
    title: `Core identity: ${name}`,
    kind: 'core-identity-defect',
    scenario: scenario(`Core identity ${name}`, {
      persona: 'identity-passport',
      clientConfiguration: { claims: ALL_IDENTITY_CLAIMS },
      errorConfiguration: { coreIdentityErrors: [name] },
    }),
    instruction:
      'Sign in on your service now, asking for identity (Cl.Cm.P2 with coreIdentityJWT).',
    expectation: `The core identity JWT has ${what}; your service refuses it and does not treat the user as verified. Tell the simulator what your service did.`,
  };
}

export function buildDefaultPlan(): Plan {
  const steps: PlanStepDocument[] = [
    {
      id: 'auth-only',
      title: 'Authentication only',
      kind: 'sign-in',
      instruction: 'Sign in on your service now (authentication only, no identity).',
      expectation:
        'Your service redeems the code, checks the ID token, calls /userinfo and signs the user in.',
    },
    {
      id: 'identity',
      title: 'Identity (Cl.Cm.P2 with claims)',
      kind: 'sign-in',
      scenario: 'verified-with-passport',
      expect: { identity: true },
      instruction:
        'Sign in on your service now, asking for identity: vtr ["Cl.Cm.P2"] and the coreIdentityJWT claim.',
      expectation:
        'Your service receives the core identity JWT at /userinfo, checks it against the DID document and signs the user in as verified.',
    },
    {
      id: 'return-code',
      title: 'Return codes',
      kind: 'sign-in',
      scenario: 'identity-fails-with-return-code',
      expect: { returnCode: true },
      instruction:
        'Sign in on your service now, asking for identity with the returnCode claim (vtr ["Cl.Cm.P2"]).',
      expectation:
        'Identity is not proven: /userinfo returns a return code and no core identity; your service handles the code.',
    },
    ...ID_TOKEN_ERRORS.map(idTokenDefect),
    ...AUTHORISE_ERRORS.map(authoriseError),
    ...TOKEN_ERRORS.map(tokenError),
    ...USER_INFO_ERRORS.map(userInfoError),
    ...CORE_IDENTITY_ERRORS.map(coreIdentityDefect),
    {
      id: 'key-rotation',
      title: 'Signing key rotation',
      kind: 'key-rotation',
      scenario: 'key-rotation-new-keys-in-use',
      instruction:
        'Sign in on your service now (the provider published a new signing key, waited the key set max-age, and now signs with it).',
      expectation:
        'The ID token names a key your service has not cached: it fetches the key set again, verifies the token and signs the user in.',
    },
    {
      id: 'jwks-outage',
      title: 'Key set outage',
      kind: 'jwks-outage',
      scenario: 'jwks-outage',
      instruction:
        'Sign in on your service now (the key set endpoint, /.well-known/jwks.json, answers 503).',
      expectation:
        'Your service keeps trusting the key set it cached earlier: it verifies the ID token with it and signs the user in.',
    },
  ];
  return {
    id: DEFAULT_PLAN_ID,
    name: 'Default relying-party check',
    description:
      'Happy paths, every ID token defect, authorisation, token and userinfo errors, core identity defects, key rotation and a key set outage.',
    builtIn: true,
    timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
    waitSeconds: DEFAULT_WAIT_SECONDS,
    keySetMaxAgeSeconds: DEFAULT_KEY_SET_MAX_AGE_SECONDS,
    steps,
  };
}
