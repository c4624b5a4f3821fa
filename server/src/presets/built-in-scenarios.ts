import { IDENTITY_CLAIMS } from '../config/defaults.js';
import { VOCAB_URL } from '../config/config-types.js';
import type { Scenario } from './preset-types.js';

/**
 * The scenarios shipped with the simulator. A scenario without a persona keeps the current
 * response configuration, so "PKCE enforced" can be applied on top of any persona.
 * (A Welsh speaker is the relying party's choice: it sends ui_locales=cy.)
 */

const ALL_IDENTITY_CLAIMS = [...IDENTITY_CLAIMS];
const noErrors = (): Scenario['errorConfiguration'] => ({
  authoriseErrors: [],
  idTokenErrors: [],
  coreIdentityErrors: [],
  tokenErrors: [],
  userInfoErrors: [],
  faults: [],
});

type Spec = Partial<Omit<Scenario, 'id' | 'name' | 'description' | 'builtIn'>> & {
  errors?: Partial<Scenario['errorConfiguration']>;
};

const scenario = (id: string, name: string, description: string, spec: Spec): Scenario => {
  const { errors, ...rest } = spec;
  return {
    id,
    name,
    description,
    builtIn: true,
    clientConfiguration: {},
    flags: {},
    ...rest,
    errorConfiguration: { ...noErrors(), ...errors },
  };
};

export const BUILT_IN_SCENARIOS: readonly Scenario[] = [
  scenario(
    'verified-with-passport',
    'Verified with a passport',
    'The passport persona, with every identity claim (passport and drivingPermit included) allowed for the client.',
    { persona: 'identity-passport', clientConfiguration: { claims: ALL_IDENTITY_CLAIMS } },
  ),
  scenario(
    'verified-with-driving-licence',
    'Verified with a driving licence',
    'The driving licence persona, with every identity claim allowed for the client.',
    { persona: 'identity-driving-licence', clientConfiguration: { claims: ALL_IDENTITY_CLAIMS } },
  ),
  scenario(
    'identity-fails-with-return-code',
    'Identity check fails with a return code',
    'Identity not proven, return code D. The client allows the returnCode claim: a P2 request that asks for it gets a code and /userinfo returns the return code, without coreIdentityJWT.',
    { persona: 'return-code-identity-fails' },
  ),
  scenario(
    'identity-fails-without-return-codes',
    'Identity check fails, return codes not enabled',
    'Identity not proven and the client does not have return codes: a P2 request gets access_denied at /authorize.',
    {
      persona: 'identity-not-proven',
      clientConfiguration: {
        claims: [`${VOCAB_URL}/v1/coreIdentityJWT`, `${VOCAB_URL}/v1/address`],
      },
    },
  ),
  scenario(
    'id-token-wrong-key',
    'ID token signed with the wrong key',
    'ID tokens carry a signature that does not verify against the published key set (idTokenErrors INVALID_SIGNATURE).',
    { errors: { idTokenErrors: ['INVALID_SIGNATURE'] } },
  ),
  scenario(
    'id-token-expired',
    'Expired ID token',
    'ID tokens whose exp is in the past (idTokenErrors TOKEN_EXPIRED).',
    { errors: { idTokenErrors: ['TOKEN_EXPIRED'] } },
  ),
  scenario(
    'id-token-nonce-mismatch',
    'ID token nonce does not match',
    'ID tokens carry a nonce other than the one sent to /authorize (idTokenErrors NONCE_NOT_MATCHING).',
    { errors: { idTokenErrors: ['NONCE_NOT_MATCHING'] } },
  ),
  scenario(
    'expired-core-identity',
    'Expired core identity',
    'A verified user whose core identity JWT has expired (coreIdentityErrors TOKEN_EXPIRED).',
    { persona: 'identity-passport', errors: { coreIdentityErrors: ['TOKEN_EXPIRED'] } },
  ),
  scenario(
    'core-identity-wrong-sub',
    'Core identity for another user',
    'The core identity JWT sub differs from the ID token sub (coreIdentityErrors INCORRECT_SUB).',
    { persona: 'identity-passport', errors: { coreIdentityErrors: ['INCORRECT_SUB'] } },
  ),
  scenario(
    'access-denied-at-authorize',
    'Access denied at authorize',
    '/authorize redirects back with error=access_denied (authoriseErrors ACCESS_DENIED).',
    { errors: { authoriseErrors: ['ACCESS_DENIED'] } },
  ),
  scenario(
    'temporarily-unavailable',
    'Service temporarily unavailable',
    '/authorize redirects back with error=temporarily_unavailable (authoriseErrors TEMPORARILY_UNAVAILABLE).',
    { errors: { authoriseErrors: ['TEMPORARILY_UNAVAILABLE'] } },
  ),
  scenario(
    'client-deactivated',
    'Client deactivated',
    '/authorize redirects back with error=unauthorized_client, "client deactivated" (authoriseErrors UNAUTHORIZED_CLIENT): show your own error page.',
    { errors: { authoriseErrors: ['UNAUTHORIZED_CLIENT'] } },
  ),
  scenario(
    'access-token-expired',
    'Access token expired at userinfo',
    '/userinfo answers 401 with error="invalid_token" in WWW-Authenticate, as for an expired or revoked access token (userInfoErrors INVALID_TOKEN).',
    { errors: { userInfoErrors: ['INVALID_TOKEN'] } },
  ),
  scenario(
    'jwks-outage',
    'Key set outage',
    'The JWKS answers 503 until switched off: a relying party must keep verifying with its cached key set (faults: jwks outage).',
    { errors: { faults: [{ target: 'jwks', kind: 'outage', status: 503 }] } },
  ),
  scenario(
    'slow-token-endpoint',
    'Slow token endpoint',
    '/token answers after 5 seconds, to check the relying party’s timeouts (faults: token latency 5000 ms).',
    { errors: { faults: [{ target: 'token', kind: 'latency', ms: 5000 }] } },
  ),
  scenario(
    'pkce-enforced',
    'PKCE enforced',
    'The client must send code_challenge and code_challenge_method=S256 to /authorize and code_verifier to /token.',
    { clientConfiguration: { pkceEnforced: true } },
  ),
  scenario(
    'rs256-id-tokens',
    'RS256 ID tokens',
    'ID tokens signed with RS256 instead of ES256, as for clients whose tooling cannot use ES256.',
    { clientConfiguration: { idTokenSigningAlgorithm: 'RS256' } },
  ),
  scenario(
    'key-rotation-in-progress',
    'Key rotation in progress',
    'New ID token and core identity signing keys are published next to the old ones; tokens are still signed with the old keys.',
    { flags: { publishNewIdTokenSigningKeys: true, publishNewCoreIdentitySigningKeys: true } },
  ),
  scenario(
    'key-rotation-new-keys-in-use',
    'Key rotation: new keys in use',
    'The new signing keys are published and now sign ID tokens and core identities; the old keys are still published.',
    {
      flags: {
        publishNewIdTokenSigningKeys: true,
        useNewIdTokenSigningKeys: true,
        publishNewCoreIdentitySigningKeys: true,
        useNewCoreIdentitySigningKeys: true,
      },
    },
  ),
  scenario(
    'key-rotation-old-keys-retired',
    'Key rotation: old keys retired',
    'The rotation is complete: the old ID token keys are gone from the JWKS and the old core identity key from the DID document; tokens signed with them must be refused.',
    {
      flags: {
        publishNewIdTokenSigningKeys: true,
        useNewIdTokenSigningKeys: true,
        retireOldIdTokenSigningKeys: true,
        publishNewCoreIdentitySigningKeys: true,
        useNewCoreIdentitySigningKeys: true,
        retireOldCoreIdentitySigningKeys: true,
      },
    },
  ),
  scenario(
    'interactive-mode',
    'Interactive mode',
    'After /authorize a form lets the tester edit the response configuration for that one sign-in.',
    { flags: { interactiveMode: true } },
  ),
];

export function findBuiltInScenario(id: string): Scenario | undefined {
  return BUILT_IN_SCENARIOS.find((s) => s.id === id);
}
