import { createPublicKey, randomUUID } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import type { Exchange } from '../log/exchange-types.js';
import type { ResendResult } from './admin-api-types.js';
import type { SimulatorEvents } from '../simulator/simulator-events.js';
import { err, ok, type Result } from '../shared/result.js';
import { DEFAULT_CLIENT_PUBLIC_KEY } from '../config/defaults.js';
import { decodeToken } from '../analysis/decode-token.js';
import { verifySignature } from '../analysis/verify-signature.js';
import { defaultClientPrivateKey } from '../test-client/sign-client-assertion.js';
import type { ResendOverrides } from './parse-resend-overrides.js';

/** The header naming the exchange a resent request repeats (it shows in the log). */
export const RESEND_HEADER = 'x-simulator-resend-of';
export const RESEND_TIMEOUT_MS = 30_000;

/** What to do with a client assertion in the request: re-sign it (fresh jti), or send it as it was. */
export const ASSERTION_MODES = ['resign', 'as-is'] as const;
export type AssertionMode = (typeof ASSERTION_MODES)[number];

/** Headers that belong to one connection, not to the request. */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'expect',
  'upgrade',
  RESEND_HEADER,
]);

export interface ResendRefusal {
  status: 404 | 409;
  description: string;
}

/**
 * The body as it was sent: a form as a form, JSON as JSON, text as text. Undefined when there
 * was none.
 */
function bodyText(exchange: Exchange): string | undefined {
  const { body, headers } = exchange.request;
  if (body === undefined) return undefined;
  if (typeof body === 'string') return body;
  const type = headers['content-type'] ?? '';
  if (type.includes('x-www-form-urlencoded') && typeof body === 'object' && body !== null) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      for (const item of Array.isArray(v) ? v : [v]) form.append(k, String(item));
    }
    return form.toString();
  }
  return JSON.stringify(body);
}

let defaultPublicKey: ReturnType<typeof createPublicKey> | undefined;

/**
 * The client assertion signed again with the default client key: the same header and claims,
 * with a fresh jti and iat, and exp as far ahead as the original allowed. Only an assertion the
 * default key verifies is re-signed (the simulator holds no other client's private key).
 */
async function resignAssertion(compact: string, now: number): Promise<Result<string, string>> {
  const decoded = decodeToken(compact);
  if (!decoded.ok) return err('the client assertion is not a JWT, so it cannot be re-signed');
  defaultPublicKey ??= createPublicKey(DEFAULT_CLIENT_PUBLIC_KEY);
  const signature = await verifySignature(compact, defaultPublicKey);
  if (!signature.ok)
    return err(
      'the client assertion was not signed with the default client key, and the simulator holds no other private key to re-sign it with',
    );
  const { header, claims } = decoded;
  const iat = typeof claims.iat === 'number' ? claims.iat : now;
  const life = typeof claims.exp === 'number' && claims.exp > iat ? claims.exp - iat : 300;
  const fresh: JWTPayload = { ...claims, jti: randomUUID(), iat: now, exp: now + life };
  if (typeof claims.nbf === 'number') fresh.nbf = now;
  const alg = typeof header.alg === 'string' ? header.alg : 'RS256';
  return ok(
    await new SignJWT(fresh).setProtectedHeader({ ...header, alg }).sign(defaultClientPrivateKey()),
  );
}

/**
 * Sends a logged request again to the simulator, as it was: method, path, query, headers and
 * body. A client assertion is re-signed with a fresh jti (default key only) unless `as-is` is
 * asked, since the provider refuses a jti it has seen. The new exchange is found in the log by
 * the RESEND_HEADER it carries.
 */
export async function resendExchange(
  exchange: Exchange,
  options: {
    baseUrl: string;
    events: SimulatorEvents;
    now: number;
    assertion: AssertionMode;
    overrides?: ResendOverrides;
  },
): Promise<Result<ResendResult, ResendRefusal>> {
  const overrides = options.overrides ?? {};
  if (exchange.request.bodyTruncated && overrides.body === undefined)
    return err({
      status: 409,
      description: 'The request body was cut off in the log, so the request cannot be sent again',
    });
  const changes: string[] = [];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(overrides.headers ?? exchange.request.headers))
    if (!HOP_HEADERS.has(name.toLowerCase())) headers[name] = value;
  headers[RESEND_HEADER] = exchange.id;
  if (overrides.headers) changes.push('headers edited');
  if (overrides.query) changes.push('query edited');
  if (overrides.body !== undefined) changes.push('body edited');

  let body = overrides.body ?? bodyText(exchange);
  const type = Object.entries(headers).find(([n]) => n.toLowerCase() === 'content-type')?.[1];
  const form =
    body !== undefined && (type ?? '').includes('x-www-form-urlencoded')
      ? new URLSearchParams(body)
      : undefined;
  const assertion = form?.get('client_assertion') ?? undefined;
  if (form && assertion !== undefined && options.assertion === 'resign') {
    const resigned = await resignAssertion(assertion, options.now);
    if (!resigned.ok)
      return err({
        status: 409,
        description: `Cannot resend: ${resigned.error}. Resend it unchanged with {"assertion": "as-is"} (the provider will see the same jti again).`,
      });
    form.set('client_assertion', resigned.value);
    body = form.toString();
    changes.push('client_assertion re-signed with the default client key and a fresh jti');
  }

  const query = new URLSearchParams(overrides.query ?? exchange.request.query).toString();
  // Always the simulator's own listening address: only the path and query come from the log.
  const url = `${new URL(options.baseUrl).origin}${exchange.request.path}${query ? `?${query}` : ''}`;

  let found: Exchange | undefined;
  const seen = new Promise<void>((resolve) => {
    const listener = (e: Exchange) => {
      if (e.request.headers[RESEND_HEADER] !== exchange.id || e.seq <= exchange.seq) return;
      found = e;
      options.events.off('exchange', listener);
      resolve();
    };
    options.events.on('exchange', listener);
    setTimeout(() => {
      options.events.off('exchange', listener);
      resolve();
    }, RESEND_TIMEOUT_MS + 2000).unref();
  });
  const result: ResendResult = { status: 0, changes };
  try {
    const method = exchange.request.method.toUpperCase();
    const response = await fetch(url, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
      redirect: 'manual',
      signal: AbortSignal.timeout(RESEND_TIMEOUT_MS),
    });
    result.status = response.status;
    await response.arrayBuffer();
  } catch (error) {
    result.error =
      (error as { name?: string }).name === 'TimeoutError'
        ? 'No answer in time'
        : 'The connection failed before an answer came';
  }
  await Promise.race([seen, new Promise((r) => setTimeout(r, 2000).unref())]);
  if (found) result.exchangeId = found.id;
  return ok(result);
}
