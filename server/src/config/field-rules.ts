import { createPublicKey } from 'node:crypto';
import { IDENTITY_CLAIMS, LEVELS_OF_CONFIDENCE, SUPPORTED_SCOPES } from './defaults.js';
import { parseArgon2idHash } from './parse-argon2id-hash.js';

/**
 * One rule per configuration field, shared by POST /config, the environment variables, the
 * interactive form and (through the same messages) the renderer. A rule answers null when the
 * value is acceptable, or a message saying why it is refused.
 */
export type Rule = (value: unknown) => string | null;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const MAX_STRING = 10_000;

export const nonEmptyString: Rule = (v) => {
  if (typeof v !== 'string') return 'must be a string';
  if (v.trim() === '') return 'must not be empty';
  if (v.length > MAX_STRING) return `must be at most ${MAX_STRING} characters`;
  return null;
};

export const stringOrNull: Rule = (v) => {
  if (v === null) return null;
  if (typeof v !== 'string') return 'must be a string or null';
  if (v.length > MAX_STRING) return `must be at most ${MAX_STRING} characters`;
  return null;
};

export const strictBoolean: Rule = (v) =>
  typeof v === 'boolean' ? null : 'must be true or false (a JSON boolean)';

const oneOf =
  (allowed: readonly string[]): Rule =>
  (v) =>
    typeof v === 'string' && allowed.includes(v) ? null : `must be one of ${allowed.join(', ')}`;

const listOf =
  (item: Rule, { nonEmpty = false } = {}): Rule =>
  (v) => {
    if (!Array.isArray(v)) return 'must be an array';
    if (nonEmpty && v.length === 0) return 'must not be empty';
    if (v.length > 100) return 'must have at most 100 items';
    for (let i = 0; i < v.length; i++) {
      const problem = item(v[i]);
      if (problem) return `item ${i} ${problem}`;
    }
    return null;
  };

/** A URL a browser can be sent to: absolute, http or https, no fragment. */
export const httpUrl: Rule = (v) => {
  if (typeof v !== 'string') return 'must be a string';
  if (v.length > 2000) return 'must be at most 2000 characters';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (url.hash) return 'must not have a fragment';
  return null;
};

/** The simulator's own base URL: http(s), no query or fragment. localhost is fine. */
export const simulatorUrl: Rule = (v) => {
  const problem = httpUrl(v);
  if (problem) return problem;
  // The URL parser drops tabs and newlines and trims spaces, but the text is what discovery and
  // the issuer repeat: a value it would change is refused rather than published broken.
  if ([...(v as string)].some((c) => c <= ' ' || c === '\u007f'))
    return 'must not contain spaces, tabs, newlines or other control characters';
  const url = new URL(v as string);
  if (url.search) return 'must not have a query';
  if (url.username || url.password) return 'must not carry credentials';
  return null;
};

/** A PEM (or bare base64 body) public key that Node can parse. */
export const publicKeyPem: Rule = (v) => {
  if (typeof v !== 'string') return 'must be a string';
  if (v.length > MAX_STRING) return `must be at most ${MAX_STRING} characters`;
  if (/PRIVATE KEY/.test(v))
    return 'is a private key: give the public key (-----BEGIN PUBLIC KEY----- …); keep the private key to yourself';
  try {
    const key = createPublicKey(normalisePem(v));
    const type = key.asymmetricKeyType;
    if (type !== 'rsa' && type !== 'rsa-pss' && type !== 'ec')
      return `must be an RSA or EC public key, not ${type ?? 'unknown'}`;
    return null;
  } catch {
    return 'must be a PEM-encoded public key (-----BEGIN PUBLIC KEY----- …)';
  }
};

/** Adds the PEM armour when only the base64 body was given (as the public simulator does). */
export function normalisePem(pem: string): string {
  const trimmed = pem.trim();
  if (trimmed.includes('-----BEGIN')) return trimmed.replace(/\\n/g, '\n');
  const body = trimmed.replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----`;
}

/** An Argon2id PHC string whose cost stays within ARGON2_LIMITS (null: none registered). */
export const argon2Hash: Rule = (v) => {
  if (v === null || v === undefined) return null;
  const parsed = parseArgon2idHash(v);
  return parsed.ok ? null : parsed.error;
};

/** JSON values nested deeper than this are refused: no credential or address nests so far. */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON value nests deeper than `limit` (iterative: any depth is safe to ask). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
const TOO_DEEP = `must not be nested more than ${MAX_JSON_DEPTH} levels deep`;

const objectOrNull: Rule = (v) => {
  if (v !== null && !isPlainObject(v)) return 'must be a JSON object or null';
  return nestsDeeperThan(v, MAX_JSON_DEPTH) ? TOO_DEEP : null;
};

const arrayOfObjectsOrNull: Rule = (v) => {
  if (v === null) return null;
  if (!Array.isArray(v)) return 'must be an array of objects or null';
  if (v.length > 100) return 'must have at most 100 items';
  if (!v.every(isPlainObject)) return 'must be an array of objects or null';
  return nestsDeeperThan(v, MAX_JSON_DEPTH) ? TOO_DEEP : null;
};

const returnCodesRule: Rule = (v) => {
  if (v === null) return null;
  if (!Array.isArray(v)) return 'must be an array of {"code": "…"} objects or null';
  if (nestsDeeperThan(v, MAX_JSON_DEPTH)) return TOO_DEEP;
  if (v.length > 100) return 'must have at most 100 items';
  for (let i = 0; i < v.length; i++) {
    const item: unknown = v[i];
    if (!isPlainObject(item) || typeof item.code !== 'string' || item.code === '')
      return `item ${i} must be an object with a non-empty string "code"`;
  }
  return null;
};

export const CLIENT_RULES = {
  clientId: nonEmptyString,
  publicKeySource: oneOf(['STATIC', 'JWKS']),
  publicKey: publicKeyPem,
  jwksUrl: (v: unknown) => (v === null ? null : httpUrl(v)),
  scopes: listOf(oneOf(SUPPORTED_SCOPES)),
  redirectUrls: listOf(httpUrl, { nonEmpty: true }),
  postLogoutRedirectUrls: listOf(httpUrl),
  claims: listOf(oneOf(IDENTITY_CLAIMS)),
  identityVerificationSupported: strictBoolean,
  idTokenSigningAlgorithm: oneOf(['ES256', 'RS256']),
  clientLoCs: listOf(oneOf(LEVELS_OF_CONFIDENCE)),
  token_auth_method: oneOf(['private_key_jwt', 'client_secret_post']),
  client_secret_hash: argon2Hash,
  pkceEnforced: strictBoolean,
  maxAgeEnabled: strictBoolean,
} satisfies Record<string, Rule>;

export const RESPONSE_RULES = {
  sub: nonEmptyString,
  email: stringOrNull,
  emailVerified: strictBoolean,
  phoneNumber: stringOrNull,
  phoneNumberVerified: strictBoolean,
  maxLoCAchieved: oneOf(LEVELS_OF_CONFIDENCE),
  coreIdentityVerifiableCredentials: objectOrNull,
  passportDetails: arrayOfObjectsOrNull,
  drivingPermitDetails: arrayOfObjectsOrNull,
  postalAddressDetails: arrayOfObjectsOrNull,
  returnCodes: returnCodesRule,
} satisfies Record<string, Rule>;

export type ClientField = keyof typeof CLIENT_RULES;
export type ResponseField = keyof typeof RESPONSE_RULES;
export const CLIENT_FIELDS = Object.keys(CLIENT_RULES) as ClientField[];
export const RESPONSE_FIELDS = Object.keys(RESPONSE_RULES) as ResponseField[];

export { isPlainObject };
