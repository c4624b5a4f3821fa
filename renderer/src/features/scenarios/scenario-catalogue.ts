import type { ErrorGroup } from '../../store/scenario-slice.js';

export interface ScenarioInfo {
  name: string;
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
        effect: 'Redirects with error=access_denied (and the state) instead of a code.',
        expect:
          'Check state, show your own "could not sign in" page and offer to try again; never ask /token for a code.',
      },
      {
        name: 'TEMPORARILY_UNAVAILABLE',
        effect:
          'Redirects with error=temporarily_unavailable (overload, maintenance or no identity capacity).',
        expect:
          'Tell the user the service is busy and to retry in a few minutes; do not loop automatically.',
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
        effect: 'The signature does not verify with any published key.',
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
        effect: 'The signature does not verify with the key named by kid in the DID document.',
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
  idTokenErrors: 'ID token',
  coreIdentityErrors: 'Core identity',
};

export function findScenario(group: ErrorGroup, name: string): ScenarioInfo | undefined {
  return SCENARIO_CATALOGUE.find((g) => g.group === group)?.scenarios.find((s) => s.name === name);
}
