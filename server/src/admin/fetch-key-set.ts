import { createLocalJWKSet, type CompactVerifyGetKey, type JSONWebKeySet, type JWK } from 'jose';
import { err, ok, type Result } from '../shared/result.js';

/** The longest key set document read (a JWKS or DID document is a few kB). */
export const MAX_KEY_SET_BYTES = 256 * 1024;
export const KEY_SET_TIMEOUT_MS = 5000;

export interface KeySetTargets {
  /** The simulator's own URL (as given at start-up): its JWKS and DID document may be fetched. */
  simulatorUrl: string;
  /** The client's configured JWKS URL, when it has one: that exact URL may be fetched. */
  jwksUrl?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Whether the admin API may fetch this URL for the tester: http(s) only, no credentials, and
 * only loopback addresses, the simulator's own origin or the client's configured JWKS URL. Names
 * are compared as written, never resolved, so a name that resolves to an inner address is not
 * let through (server-side request forgery).
 */
export function checkKeySetUrl(text: string, targets: KeySetTargets): Result<URL, string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return err('url is not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return err('url must be http or https');
  if (url.username || url.password) return err('url must not carry a user name or password');
  const own = new URL(targets.simulatorUrl).origin;
  if (isLoopback(url.hostname) || url.origin === own || url.href === targets.jwksUrl)
    return ok(url);
  return err(
    `url may name only a loopback address, the simulator's own address (${own}) or the client's configured JWKS URL`,
  );
}

/** The body, refused beyond MAX_KEY_SET_BYTES. */
async function readCapped(response: Response): Promise<Result<string, string>> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_KEY_SET_BYTES)
    return err(`the answer is larger than ${MAX_KEY_SET_BYTES} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return ok('');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_KEY_SET_BYTES) {
      await reader.cancel();
      return err(`the answer is larger than ${MAX_KEY_SET_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return ok(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The keys of a JWKS or DID document (its assertionMethod/verificationMethod keys, each with its
 * method id as kid, so a core identity JWT's "did:…#key" kid finds its key).
 */
export function keysOfDocument(doc: unknown): Result<{ keys: JWK[]; kind: string }, string> {
  if (!isRecord(doc)) return err('the answer is not a JSON object');
  if (Array.isArray(doc.keys))
    return ok({ keys: doc.keys.filter(isRecord) as JWK[], kind: 'JWKS' });
  const methods = [
    ...(Array.isArray(doc.assertionMethod) ? doc.assertionMethod : []),
    ...(Array.isArray(doc.verificationMethod) ? doc.verificationMethod : []),
  ].filter(isRecord);
  if (methods.length > 0 || typeof doc.id === 'string') {
    const keys = methods.flatMap((m) =>
      isRecord(m.publicKeyJwk) && typeof m.id === 'string'
        ? [{ ...(m.publicKeyJwk as JWK), kid: m.id }]
        : [],
    );
    return ok({ keys, kind: 'DID document' });
  }
  return err('the answer is neither a JWKS ({"keys": […]}) nor a DID document');
}

/**
 * Fetches a JWKS or DID document for the inspector: the URL must pass checkKeySetUrl; redirects
 * are not followed, the wait is bounded and the size capped.
 */
export async function fetchKeySet(
  text: string,
  targets: KeySetTargets,
): Promise<Result<{ key: CompactVerifyGetKey; description: string }, string>> {
  const checked = checkKeySetUrl(text, targets);
  if (!checked.ok) return checked;
  const url = checked.value;
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'manual',
      headers: { accept: 'application/json', 'user-agent': 'identity-simulator-inspector' },
      signal: AbortSignal.timeout(KEY_SET_TIMEOUT_MS),
    });
  } catch (error) {
    return err(
      (error as { name?: string }).name === 'TimeoutError'
        ? `${url.href} did not answer within ${KEY_SET_TIMEOUT_MS / 1000} s`
        : `${url.href} could not be reached`,
    );
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    return err(
      `${url.href} answered with a redirect (HTTP ${response.status}), which is not followed`,
    );
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return err(`${url.href} answered HTTP ${response.status}`);
  }
  let body: Result<string, string>;
  try {
    body = await readCapped(response);
  } catch (error) {
    // The time limit covers the body too: one that trickles in is cut off when it runs out.
    return err(
      (error as { name?: string }).name === 'TimeoutError'
        ? `${url.href} did not send its whole answer within ${KEY_SET_TIMEOUT_MS / 1000} s`
        : `${url.href}: the answer could not be read`,
    );
  }
  if (!body.ok) return err(`${url.href}: ${body.error}`);
  let doc: unknown;
  try {
    doc = JSON.parse(body.value);
  } catch {
    return err(`${url.href} did not answer JSON`);
  }
  const keys = keysOfDocument(doc);
  if (!keys.ok) return err(`${url.href}: ${keys.error}`);
  const { kind } = keys.value;
  const count = keys.value.keys.length;
  try {
    return ok({
      key: createLocalJWKSet({ keys: keys.value.keys } as JSONWebKeySet),
      description: `the ${kind} at ${url.href} (${count} key${count === 1 ? '' : 's'})`,
    });
  } catch {
    return err(`${url.href}: the keys could not be read`);
  }
}
