/**
 * Hostile input for the property tests: arbitraries for strings, query strings, JSON values and
 * broken JWTs, plus a raw HTTP client for what a well-behaved client library refuses to send
 * (raw bytes, malformed request lines).
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import { SignJWT, base64url, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { DEFAULT_CLIENT_ID, defaultClientKey, runFlow } from '../helpers/relying-party.js';
import { DEFAULT_CLIENT_PUBLIC_KEY } from '../../src/config/defaults.js';

/** Runs per property: enough to find shallow faults, bounded so the suite stays fast. */
export const RUNS = { numRuns: 100 } as const;
export const FEW_RUNS = { numRuns: 40 } as const;
/** For properties that make several requests per run. */
export const SOME_RUNS = { numRuns: 60 } as const;

/** Strings that have broken parsers before: escapes, invalid UTF-8, markup, prototype keys. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\r\n',
  '%',
  '%%',
  '%2',
  '%C3%28',
  '%FF',
  '%E0%A4%A',
  '%ED%A0%80',
  '%00',
  '+',
  '&',
  '=',
  '#',
  '?',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '<script>alert(1)</script>',
  '"\'><img src=x onerror=alert(1)>',
  '{"a":',
  '[',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\ud83d\ude00\u0301\u200d',
  '\ud800',
  '\udfff',
  'Ω≈ç√∫˜µ≤≥÷',
  'ｔｅｓｔ',
  'a'.repeat(5000),
  'openid email phone',
  '["Cl.Cm"]',
  '["Cl.Cm.P2"]',
  'Cl.Cm',
  'http://localhost:8080/oidc/authorization-code/callback',
  'javascript:alert(1)',
  'data:text/html,hi',
] as const;

/** Any string, including whole-unicode, lone surrogates and the nasty list. */
export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 12_000 }).map((n) => 'x'.repeat(n)) },
  );

/** Strings Node's HTTP client accepts as a header value (visible ASCII and Latin-1). */
export const headerSafeString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\t\x20-\x7e]/g, '')),
    fc.constantFrom(
      '',
      'Bearer',
      'Bearer ',
      'bearer x',
      'Basic dXNlcjpwYXNz',
      'Bearer a.b.c',
      'Bearer ....',
      'Bearer ' + 'A'.repeat(8000),
      'Bearer eyJhbGciOiJub25lIn0.e30.',
      'Bearer  eyJ',
      'Bearer %FF%C3%28',
      'Bearer é',
    ),
  );

/** A percent-encoded query string, with repeated keys, invalid escapes and bracket syntax. */
export const hostileQuery = (keys: readonly string[]): fc.Arbitrary<string> => {
  const rawPiece = fc.oneof(
    fc.constantFrom('%C3%28', '%FF', '%E0%A4%A', '%', '%%', '%00', '%2', '+', '%20', '%ED%A0%80'),
    fc.string({ maxLength: 10 }).map(encodeURIComponent),
    hostileString().map((s) => {
      try {
        return encodeURIComponent(s);
      } catch {
        return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''));
      }
    }),
  );
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: fc.constantFrom(...keys).map((k) => `${k}[]`) },
    { weight: 1, arbitrary: fc.constantFrom(...keys).map((k) => `${k}[a]`) },
    { weight: 1, arbitrary: rawPiece },
  );
  const pair = fc.oneof(
    fc.tuple(key, fc.array(rawPiece, { maxLength: 4 })).map(([k, v]) => `${k}=${v.join('')}`),
    key,
  );
  return fc.array(pair, { maxLength: 12 }).map((pairs) => pairs.join('&'));
};

/** An array nested `depth` levels deep, as JSON text (never built as an object here). */
export const deepArrayJson = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

/** How deeply a JSON value nests: 0 for a scalar, 1 for a flat object or array. */
export function jsonDepth(value: unknown): number {
  let depth = 0;
  let level: unknown[] = [value];
  while (level.length) {
    const next: unknown[] = [];
    for (const v of level) if (typeof v === 'object' && v !== null) next.push(...Object.values(v));
    if (next.length === 0 && !level.some((v) => typeof v === 'object' && v !== null)) break;
    depth++;
    level = next;
  }
  return depth;
}

/** An object nested `depth` levels deep, as JSON text: {"a":{"a":…}}. */
export const deepObjectJson = (depth: number): string =>
  '{"a":'.repeat(depth) + '{}' + '}'.repeat(depth);

/** An object nested `depth` levels deep: {"a":{"a":…}}. */
export function deepObject(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Any JSON value, plus the shapes that break naive code: deep nesting, huge strings, odd keys. */
export const hostileJson = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, true, 0, -0, 1e308, -1, '', [], {}) },
    { weight: 1, arbitrary: hostileString() },
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 3000 }).map(deepObject) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString'),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    },
  );

export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

let otherKey: Promise<CryptoKey> | undefined;
/** A key the simulator has never heard of. */
function strangerKey(): Promise<CryptoKey> {
  otherKey ??= generateKeyPair('RS256').then((k) => k.privateKey);
  return otherKey;
}

export const JWT_BREAKS = [
  'valid-shape',
  'truncated',
  'no-signature',
  'alg-none',
  'alg-hs256',
  'wrong-key',
  'header-not-json',
  'payload-not-json',
  'payload-array',
  'deep-claims',
  'huge-claims',
  'oversize-claims',
  'two-parts',
  'many-parts',
  'claim-types',
  'unicode-claims',
] as const;
export type JwtBreak = (typeof JWT_BREAKS)[number];

const enc = (value: unknown): string =>
  base64url.encode(typeof value === 'string' ? value : JSON.stringify(value));

/**
 * A client assertion broken in one way (or, for valid-shape, a well-formed one whose claims the
 * caller chose). `extra` claims are merged in before breaking.
 */
export async function brokenAssertion(
  baseUrl: string,
  how: JwtBreak,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: DEFAULT_CLIENT_ID,
    sub: DEFAULT_CLIENT_ID,
    aud: `${baseUrl}/token`,
    jti: crypto.randomUUID(),
    iat: now,
    exp: now + 300,
    ...extra,
  };
  const sign = async (payload: Record<string, unknown>, key?: CryptoKey) =>
    new SignJWT(payload as JWTPayload)
      .setProtectedHeader({ alg: 'RS256' })
      .sign(key ?? (await defaultClientKey('RS256')));
  const valid = await sign(claims);
  const [h, p, s] = valid.split('.') as [string, string, string];
  switch (how) {
    case 'valid-shape':
      return valid;
    case 'truncated':
      return valid.slice(0, Math.max(1, valid.length - 20));
    case 'no-signature':
      return `${h}.${p}.`;
    case 'alg-none':
      return `${enc({ alg: 'none' })}.${p}.`;
    case 'alg-hs256':
      // The classic confusion attack: HMAC "signed" with the public key's PEM as the secret.
      return new SignJWT(claims as JWTPayload)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(DEFAULT_CLIENT_PUBLIC_KEY));
    case 'wrong-key':
      return sign(claims, await strangerKey());
    case 'header-not-json':
      return `${enc('{"alg":"RS256"')}.${p}.${s}`;
    case 'payload-not-json':
      return `${h}.${enc('{"sub":')}.${s}`;
    case 'payload-array':
      return `${h}.${enc([claims])}.${s}`;
    case 'deep-claims':
      return `${h}.${enc(`{"sub":"${DEFAULT_CLIENT_ID}","iss":"${DEFAULT_CLIENT_ID}","aud":"${baseUrl}/token","exp":${now + 300},"x":${deepArrayJson(5000)}}`)}.${s}`;
    case 'huge-claims':
      return sign({ ...claims, blob: 'y'.repeat(60_000) });
    case 'oversize-claims':
      // 90 kB of claims: past the 100 kB body limit once base64url-encoded.
      return sign({ ...claims, blob: 'y'.repeat(90_000) });
    case 'two-parts':
      return `${h}.${p}`;
    case 'many-parts':
      return `${h}.${p}.${s}.${s}.${p}`;
    case 'claim-types':
      return sign({ ...claims, exp: String(now + 300), iat: [now], nbf: { a: 1 }, aud: [1, null] });
    case 'unicode-claims':
      return sign({ ...claims, sub: '\u202e\ud83d\ude00', iss: 'Ω≈ç√' });
  }
}

export interface RawResponse {
  /** The whole response as text (latin1, so raw bytes survive). */
  text: string;
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** The server closed without answering. */
  closedWithoutResponse: boolean;
}

/**
 * Sends bytes exactly as given on a fresh TCP connection and reads until the server closes or
 * `timeoutMs` passes. For request lines and bodies no HTTP client would produce.
 */
export function rawRequest(
  port: number,
  bytes: Buffer | string,
  timeoutMs = 3000,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      const head = headEnd === -1 ? text : text.slice(0, headEnd);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      const headers: Record<string, string> = {};
      for (const line of head.split('\r\n').slice(1)) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({
        text,
        status: status ? Number(status[1]) : null,
        headers,
        body: headEnd === -1 ? '' : text.slice(headEnd + 4),
        closedWithoutResponse: chunks.length === 0,
      });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      socket.destroy();
      done();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
        done();
        return;
      }
      clearTimeout(timer);
      reject(error);
    });
    socket.write(bytes);
  });
}

/**
 * Refusals made by Node's HTTP layer or the body parser before any route runs: a URI or header
 * too large (414, 431) or a body too large (413).
 */
export const TRANSPORT_LIMITS: readonly number[] = [413, 414, 431];

/** Throws unless a complete, valid authorize → token → userinfo flow still succeeds. */
export async function expectFlowStillWorks(baseUrl: string): Promise<void> {
  const flow = await runFlow(baseUrl);
  if (flow.tokenStatus !== 200 || flow.userinfoStatus !== 200 || !flow.tokenBody.id_token)
    throw new Error(`the simulator no longer completes a valid flow: ${JSON.stringify(flow)}`);
}

/** A patterned stack frame ("    at fn (file.js:1:2)") or a file path: never on the wire. */
export const STACK_TRACE =
  /\n\s+at\s|\bat\s+\S+\s+\([^)]*:\d+:\d+\)|node_modules|\/dist\/server\/|\.(?:js|ts):\d+:\d+/;
