import type { ClientConfiguration } from '../../config/config-types.js';
import {
  invalidClient,
  temporarilyUnavailableJson,
  type OAuthError,
} from '../../errors/oauth-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { SecretVerifier } from './create-secret-verifier.js';
import { parseArgon2idHash } from '../../config/parse-argon2id-hash.js';

/**
 * Authenticates the client by client_id and client_secret in the form body. The Argon2id hash
 * is computed by the verifier's worker thread, never on the event loop.
 */
export async function authenticateClientSecretPost(
  clientId: string,
  secret: string,
  client: ClientConfiguration,
  verifier: SecretVerifier,
): Promise<Result<{ clientId: string }, OAuthError>> {
  if (clientId !== client.clientId) return err(invalidClient('Client authentication failed'));
  if (client.token_auth_method !== 'client_secret_post')
    return err(invalidClient('Client is not registered to use client_secret_post'));
  if (!client.client_secret_hash) return err(invalidClient('No client secret registered'));
  // The configuration refuses hashes that do not parse or cost too much; this is the backstop.
  const hash = parseArgon2idHash(client.client_secret_hash);
  if (!hash.ok) return err(invalidClient('Invalid client secret', { cause: hash.error }));
  const check = await verifier.verify(hash.value, secret);
  if (check === 'busy')
    return err(
      temporarilyUnavailableJson('Too many client secret checks are waiting; retry shortly'),
    );
  if (check === 'mismatch') return err(invalidClient('Invalid client secret'));
  return ok({ clientId });
}
