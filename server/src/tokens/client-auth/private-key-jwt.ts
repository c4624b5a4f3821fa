import { errors as joseErrors } from 'jose';
import { epochSeconds, type Clock } from '../../state/clock.js';
import type { SimulatorConfig } from '../../config/config-types.js';
import {
  invalidClient,
  invalidRequest,
  temporarilyUnavailableJson,
  type OAuthError,
} from '../../errors/oauth-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import { CLIENT_ASSERTION_ALGS } from '../../rules/client-assertion-algs.js';
import { acceptedAssertionAudiences } from '../../rules/provider-rules.js';
import type { ClientKeyResolver } from './client-key-resolver.js';
import { parseClientAssertion } from './parse-client-assertion.js';
import { verifyAssertionSignature } from './verify-assertion-signature.js';
import { MAX_LIVE_ASSERTION_IDS, type UsedAssertionIds } from './used-assertion-ids.js';

export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
export const INVALID_PRIVATE_KEY_JWT = 'Invalid private_key_jwt';
export const INVALID_SIGNATURE = 'Invalid signature in private_key_jwt';
/** /token's 503 when the replay store holds its maximum of unexpired assertion ids. */
export const TOO_MANY_LIVE_ASSERTIONS = `The simulator already remembers ${MAX_LIVE_ASSERTION_IDS.toLocaleString('en-GB')} unexpired client assertions (each jti is single use until its exp); retry when older ones expire`;

export interface AssertionInput {
  clientAssertionType: string;
  clientAssertion: string;
  clientId?: string | undefined;
}

export interface AssertionDeps {
  config: Readonly<SimulatorConfig>;
  clock: Clock;
  clientKeys: ClientKeyResolver;
  usedAssertionIds: UsedAssertionIds;
  /** The back-channel origin (BACKCHANNEL_URL), where discovery places the token endpoint. */
  backchannelUrl?: string | undefined;
}

const isNumericDate = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Authenticates the client by its signed assertion (private_key_jwt), in the provider's order. */
export async function authenticatePrivateKeyJwt(
  input: AssertionInput,
  deps: AssertionDeps,
): Promise<Result<{ clientId: string }, OAuthError>> {
  const { config, clock } = deps;
  const client = config.clientConfiguration;
  if (input.clientAssertionType !== ASSERTION_TYPE)
    return err(
      invalidRequest(INVALID_PRIVATE_KEY_JWT, { cause: 'client_assertion_type is not jwt-bearer' }),
    );

  const parsed = parseClientAssertion(input.clientAssertion);
  if (!parsed.ok) {
    const problem = parsed.error;
    if (problem.kind === 'shape')
      return err(invalidRequest(INVALID_PRIVATE_KEY_JWT, { cause: problem.cause }));
    if (problem.kind === 'header')
      return err(
        invalidRequest(INVALID_PRIVATE_KEY_JWT, {
          cause: `header member ${problem.member} is not a string`,
        }),
      );
    return err(
      invalidClient(
        `private_key_jwt ${problem.member} must be ${problem.member === 'aud' ? 'a string or an array of strings' : 'a string'}`,
      ),
    );
  }
  const { claims } = parsed.value;
  const alg = parsed.value.header.alg;
  if (!claims.sub || !claims.iss || claims.aud === undefined)
    return err(invalidRequest(INVALID_PRIVATE_KEY_JWT, { cause: 'sub, iss or aud missing' }));
  if (claims.exp === undefined)
    return err(invalidRequest(INVALID_PRIVATE_KEY_JWT, { cause: 'exp missing' }));
  for (const name of ['exp', 'iat', 'nbf'] as const) {
    if (claims[name] !== undefined && !isNumericDate(claims[name]))
      return err(invalidClient(`private_key_jwt ${name} must be a number`));
  }
  if (typeof alg !== 'string' || !(CLIENT_ASSERTION_ALGS as readonly string[]).includes(alg))
    return err(
      invalidRequest(INVALID_PRIVATE_KEY_JWT, { cause: `alg ${alg ?? '(none)'} not accepted` }),
    );
  if (input.clientId !== undefined && input.clientId !== claims.sub)
    return err(
      invalidRequest(INVALID_PRIVATE_KEY_JWT, {
        cause: 'client_id differs from the assertion sub',
      }),
    );
  if (claims.sub !== client.clientId) return err(invalidClient('Client authentication failed'));

  const now = epochSeconds(clock);
  const exp = claims.exp as number;
  if (now > exp) return err(invalidClient('private_key_jwt has expired'));
  // Any future exp is accepted: the provider only recommends 5 minutes (a warning in the log).
  const accepted = acceptedAssertionAudiences(
    `${config.simulatorUrl}/`,
    `${config.simulatorUrl}/token`,
    deps.backchannelUrl === undefined ? undefined : `${deps.backchannelUrl}/token`,
  );
  const auds = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (auds.length === 0 || !auds.every((a) => accepted.includes(a)))
    return err(invalidClient(INVALID_SIGNATURE, { cause: 'aud is not the token endpoint' }));
  if (claims.sub !== claims.iss)
    return err(invalidClient(INVALID_SIGNATURE, { cause: 'iss differs from sub' }));

  try {
    await verifyAssertionSignature(
      input.clientAssertion,
      parsed.value.header,
      alg,
      deps.clientKeys.keyFor(client),
    );
  } catch (error) {
    if (
      error instanceof joseErrors.JWKSTimeout ||
      error instanceof joseErrors.JWKSInvalid ||
      // A JWKS answered with a status other than 200, or with a body that is not JSON.
      (error instanceof joseErrors.JOSEError && error.code === 'ERR_JOSE_GENERIC') ||
      (error instanceof Error && error.name === 'TypeError' && 'cause' in error)
    )
      return err(
        invalidClient('Failed to fetch or parse JWKS to verify signature of private_key_jwt'),
      );
    return err(invalidClient(INVALID_SIGNATURE, { cause: 'signature does not verify' }));
  }
  if (isNumericDate(claims.nbf) && claims.nbf > now)
    return err(invalidClient(INVALID_SIGNATURE, { cause: 'nbf is in the future' }));

  if (typeof claims.jti !== 'string' || claims.jti === '')
    return err(invalidClient('private_key_jwt must carry a jti'));
  const seen = deps.usedAssertionIds.remember(claims.sub, claims.jti, exp, now);
  if (seen === 'replayed') return err(invalidClient('private_key_jwt jti has already been used'));
  if (seen === 'full') return err(temporarilyUnavailableJson(TOO_MANY_LIVE_ASSERTIONS));
  return ok({ clientId: claims.sub });
}
