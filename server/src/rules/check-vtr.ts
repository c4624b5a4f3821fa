import type { ClientConfiguration } from '../config/config-types.js';
import { invalidRequestRedirect, type OAuthError } from '../errors/oauth-error.js';
import { err, ok, type Result } from '../shared/result.js';
import type { Vector } from '../state/authorization-request.js';

export const VTR_NOT_VALID = 'Request vtr not valid';
const DEFAULT_VECTOR: Vector = { credentialTrust: 'Cl.Cm', levelOfConfidence: null };
const LOC = /^P[0-3]$/;

/** Marks a vtr given as text that is not JSON. */
export const VTR_NOT_JSON = Symbol('vtr not JSON');

/**
 * The vtr as a value: a query parameter's JSON text decoded (VTR_NOT_JSON when it is not JSON),
 * a request object's array (or anything else) as it is.
 */
export function decodeVtr(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return VTR_NOT_JSON;
  }
}

function parseVector(text: string): Vector | null {
  const parts = text.split('.');
  const credential = parts.filter((p) => p.startsWith('C')).sort();
  const loc = parts.filter((p) => p.startsWith('P'));
  const credentialTrust = credential.join('.');
  if (credentialTrust !== 'Cl' && credentialTrust !== 'Cl.Cm') return null;
  if (loc.length > 1) return null;
  const level = loc[0] ?? null;
  if (level !== null && !LOC.test(level)) return null;
  // Identity needs two-factor authentication: Cl with P1-P3 is not valid.
  if (credentialTrust === 'Cl' && level !== null && level !== 'P0') return null;
  return { credentialTrust, levelOfConfidence: level };
}

export const isIdentityVector = (v: Vector): boolean =>
  v.levelOfConfidence !== null && v.levelOfConfidence !== 'P0';

/**
 * The first vector as the request wrote it ("Cl.Cm.P2"), for showing it back; undefined when the
 * vtr is absent, empty or not readable (checkVtr says whether it is valid).
 */
export function requestedVector(raw: unknown): string | undefined {
  const list = decodeVtr(raw);
  return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
}

/** The vector, with the way the request wrote it when it wrote one. */
export function withRequested(vector: Vector, raw: unknown): Vector {
  const requested = requestedVector(raw);
  return requested === undefined ? vector : { ...vector, requested };
}

/**
 * Parses and checks a vtr (a JSON array of vector strings, or an array from a request object).
 * The first vector drives the ID token's vot and the identity claims.
 */
export function checkVtr(raw: unknown, client: ClientConfiguration): Result<Vector, OAuthError> {
  const invalid = err(invalidRequestRedirect(VTR_NOT_VALID));
  if (raw === undefined || raw === null || raw === '') return ok(DEFAULT_VECTOR);
  const list = decodeVtr(raw);
  if (!Array.isArray(list)) return invalid;
  if (list.length === 0) return ok(DEFAULT_VECTOR);
  if (list.length > 10 || !list.every((v): v is string => typeof v === 'string')) return invalid;
  const vectors = list.map(parseVector);
  if (vectors.some((v) => v === null)) return invalid;
  const parsed = vectors as Vector[];
  const identity = parsed.filter(isIdentityVector);
  if (identity.length > 0 && identity.length !== parsed.length) return invalid;
  for (const v of identity) {
    if (!client.clientLoCs.includes(v.levelOfConfidence as string)) return invalid;
    if (!client.identityVerificationSupported) return invalid;
    if (client.token_auth_method === 'client_secret_post') return invalid;
  }
  return ok(parsed[0] as Vector);
}
