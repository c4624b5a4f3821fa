/** The default client as a certified relying-party library (openid-client) sees it. */
import * as client from 'openid-client';
import { DEFAULT_CLIENT_ID, defaultClientKey } from './relying-party.js';

/**
 * Discovers the simulator at `baseUrl` for the default client (private_key_jwt with its RS256
 * key, ES256 ID tokens, plain HTTP allowed), verifying ID token signatures against the JWKS
 * unless `verifySignatures` is false.
 */
export async function discoverDefaultClient(
  baseUrl: string,
  { verifySignatures = true }: { verifySignatures?: boolean } = {},
): Promise<client.Configuration> {
  const config = await client.discovery(
    new URL(baseUrl),
    DEFAULT_CLIENT_ID,
    { id_token_signed_response_alg: 'ES256' },
    client.PrivateKeyJwt(await defaultClientKey('RS256')),
    { execute: [client.allowInsecureRequests] },
  );
  if (verifySignatures) client.enableNonRepudiationChecks(config);
  return config;
}
