/**
 * A small relying party for tests: builds /authorize requests, signs client assertions and
 * request objects with jose, and drives whole flows over real HTTP (fetch).
 */
import { readFileSync } from 'node:fs';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SignJWT, base64url, importPKCS8, type CryptoKey, type JWTPayload } from 'jose';

export const DEFAULT_CLIENT_ID = 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw';
export const DEFAULT_REDIRECT_URI = 'http://localhost:8080/oidc/authorization-code/callback';
export const VOCAB = 'https://vocab.account.gov.uk/v1';
export const PRIVATE_KEY_PATH = fileURLToPath(
  new URL('../../keys/default-client-private-key.pem', import.meta.url),
);
export const DEFAULT_CLIENT_PRIVATE_KEY_PEM = readFileSync(PRIVATE_KEY_PATH, 'utf8');

const keyCache = new Map<string, Promise<CryptoKey>>();
/** The default client's private key (public test material), imported for an algorithm. */
export function defaultClientKey(alg = 'RS256'): Promise<CryptoKey> {
  let key = keyCache.get(alg);
  if (!key) {
    key = importPKCS8(DEFAULT_CLIENT_PRIVATE_KEY_PEM, alg);
    keyCache.set(alg, key);
  }
  return key;
}

export interface AssertionOptions {
  baseUrl: string;
  clientId?: string;
  key?: CryptoKey;
  alg?: string;
  /** Claims to add or replace; a value of undefined removes the claim. */
  claims?: Record<string, unknown>;
  header?: Record<string, unknown>;
}

/** A private_key_jwt client assertion, valid unless overridden. */
export async function signClientAssertion(options: AssertionOptions): Promise<string> {
  const alg = options.alg ?? 'RS256';
  const key = options.key ?? (await defaultClientKey(alg));
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    aud: `${options.baseUrl}/token`,
    iss: clientId,
    sub: clientId,
    exp: now + 300,
    iat: now,
    jti: randomUUID(),
    ...options.claims,
  };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  return new SignJWT(claims as JWTPayload).setProtectedHeader({ alg, ...options.header }).sign(key);
}

/** A signed request object (JAR) with sensible defaults. */
export async function signRequestObject(
  baseUrl: string,
  claims: Record<string, unknown>,
  options: { key?: CryptoKey; alg?: string; clientId?: string } = {},
): Promise<string> {
  const alg = options.alg ?? 'RS256';
  const key = options.key ?? (await defaultClientKey(alg));
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const body: Record<string, unknown> = {
    aud: `${baseUrl}/authorize`,
    iss: clientId,
    client_id: clientId,
    response_type: 'code',
    scope: 'openid email phone',
    redirect_uri: DEFAULT_REDIRECT_URI,
    state: 'state-jar',
    nonce: 'nonce-jar',
    ...claims,
  };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  return new SignJWT(body as JWTPayload).setProtectedHeader({ alg }).sign(key);
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = base64url.encode(randomBytes(32));
  const challenge = base64url.encode(createHash('sha256').update(verifier).digest());
  return { verifier, challenge };
}

export interface AuthorizeParams {
  [name: string]: string | undefined;
}

/** The default /authorize query for the default client; override or remove (undefined) any. */
export function authorizeQuery(overrides: AuthorizeParams = {}): URLSearchParams {
  const params: AuthorizeParams = {
    response_type: 'code',
    scope: 'openid email phone',
    client_id: DEFAULT_CLIENT_ID,
    redirect_uri: DEFAULT_REDIRECT_URI,
    state: 'state-1',
    nonce: 'nonce-1',
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, v);
  return search;
}

export const IDENTITY_CLAIMS_REQUEST = JSON.stringify({
  userinfo: {
    [`${VOCAB}/coreIdentityJWT`]: null,
    [`${VOCAB}/address`]: null,
    [`${VOCAB}/returnCode`]: null,
  },
});

export interface FlowOptions {
  authorize?: AuthorizeParams;
  tokenParams?: Record<string, string | undefined>;
  userAgent?: string;
  assertion?: Omit<AssertionOptions, 'baseUrl'>;
}

export interface FlowResult {
  authorizeStatus: number;
  location: URL;
  code: string;
  tokenStatus: number;
  tokenBody: Record<string, unknown>;
  userinfoStatus: number;
  userinfo: Record<string, unknown>;
}

/** Params of a redirect, from its query or fragment. */
export function redirectParams(location: string): URLSearchParams {
  const url = new URL(location);
  return url.hash ? new URLSearchParams(url.hash.slice(1)) : url.searchParams;
}

/** A complete authorize → token → userinfo flow over HTTP, failing loudly at the first surprise. */
export async function runFlow(baseUrl: string, options: FlowOptions = {}): Promise<FlowResult> {
  const ua = options.userAgent ?? 'identity-simulator-tests';
  const query = authorizeQuery(options.authorize);
  const authorize = await fetch(`${baseUrl}/authorize?${query}`, { redirect: 'manual' });
  const locationHeader = authorize.headers.get('location');
  if (authorize.status !== 302 || !locationHeader)
    throw new Error(`authorize answered ${authorize.status}: ${await authorize.text()}`);
  const location = new URL(locationHeader);
  const params = redirectParams(locationHeader);
  const code = params.get('code');
  if (!code) throw new Error(`authorize gave no code: ${locationHeader}`);

  const assertion = await signClientAssertion({ baseUrl, ...options.assertion });
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: query.get('redirect_uri') ?? DEFAULT_REDIRECT_URI,
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
  });
  for (const [k, v] of Object.entries(options.tokenParams ?? {})) {
    if (v === undefined) form.delete(k);
    else form.set(k, v);
  }
  const token = await fetch(`${baseUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': ua },
    body: form,
  });
  const tokenBody = (await token.json()) as Record<string, unknown>;
  if (token.status !== 200)
    throw new Error(`token answered ${token.status}: ${JSON.stringify(tokenBody)}`);
  const userinfo = await fetch(`${baseUrl}/userinfo`, {
    headers: { authorization: `Bearer ${String(tokenBody.access_token)}`, 'user-agent': ua },
  });
  const userinfoBody = (await userinfo.json()) as Record<string, unknown>;
  return {
    authorizeStatus: authorize.status,
    location,
    code,
    tokenStatus: token.status,
    tokenBody,
    userinfoStatus: userinfo.status,
    userinfo: userinfoBody,
  };
}
