import type { SimulatorConfig } from '../config/config-types.js';
import type { TestClientCommands, TestClientFlow } from './test-client-types.js';
import type { PastedPrivateKey } from '../keys/parse-key-text.js';
import { RECOMMENDED_ASSERTION_LIFETIME_SECONDS } from '../rules/provider-rules.js';
import { journeyRequest } from './journey-request.js';
import { defaultClientPrivateKey, signClientAssertion } from './sign-client-assertion.js';

/** A value in single quotes for a POSIX shell. */
const quote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * The test client's journey for the tester to run by hand: the authorize URL (for a browser, or
 * curl to read the Location header), then /token with a client assertion signed now (valid for
 * the lifetime the provider recommends) and /userinfo. The code and access token are shell variables
 * the tester fills in.
 */
export async function buildCurlCommands(
  flow: TestClientFlow,
  key: PastedPrivateKey | undefined,
  config: Readonly<SimulatorConfig>,
  now: number,
): Promise<TestClientCommands | string> {
  const client = config.clientConfiguration;
  if (client.token_auth_method !== 'private_key_jwt')
    return 'The client in force authenticates with client_secret_post: no client assertion to sign (send client_id and client_secret in the token request instead).';
  const redirectUri = client.redirectUrls[0];
  if (redirectUri === undefined) return 'The client in force has no redirect URL.';
  const base = config.simulatorUrl.replace(/\/+$/, '');
  const journey = journeyRequest(flow, config, redirectUri);
  const exp = now + RECOMMENDED_ASSERTION_LIFETIME_SECONDS;
  const assertion = await signClientAssertion({
    clientId: client.clientId,
    audience: `${base}/token`,
    key: key?.key ?? defaultClientPrivateKey(),
    alg: key?.alg ?? 'RS256',
    ...(key?.kid ? { kid: key.kid } : {}),
    now,
    lifetimeSeconds: RECOMMENDED_ASSERTION_LIFETIME_SECONDS,
  });
  const authorizeUrl = `${base}/authorize?${journey.query}`;
  const curl = [
    `# 1. Sign in: open the URL in a browser, or read the code from the Location header\ncurl -si ${quote(authorizeUrl)} | grep -i '^location'`,
    `# 2. Exchange the code (the value of code= in that Location)\nCODE='paste-the-code-here'\ncurl -s -X POST ${quote(`${base}/token`)} \\\n  -d grant_type=authorization_code \\\n  --data-urlencode "code=$CODE" \\\n  --data-urlencode ${quote(`redirect_uri=${redirectUri}`)} \\\n  -d code_verifier=${journey.codeVerifier} \\\n  --data-urlencode 'client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer' \\\n  -d client_assertion=${assertion}`,
    `# 3. Ask for the claims (access_token from the token response)\nACCESS_TOKEN='paste-the-access-token-here'\ncurl -s ${quote(`${base}/userinfo`)} -H "Authorization: Bearer $ACCESS_TOKEN"`,
  ];
  const notes = [
    `The client assertion is signed now with the ${key ? 'pasted' : 'default client'} key and expires at ${new Date(exp * 1000).toISOString()}; its jti can be used once.`,
    'The browser ends on the redirect URL, which may not answer: the code is in its address bar.',
  ];
  if (config.interactiveMode)
    notes.push(
      'Interactive mode is on: /authorize shows a form, so open the URL in a browser (curl gets the form page, not a redirect).',
    );
  return {
    flow,
    authorizeUrl,
    codeVerifier: journey.codeVerifier,
    curl,
    assertionExpiresAt: new Date(exp * 1000).toISOString(),
    notes,
  };
}
