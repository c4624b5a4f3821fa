import { randomBytes } from 'node:crypto';
import { base64url } from 'jose';

/** A random, readable value for a claim a scenario must make wrong. */
export const wrongValue = (label: string): string => `${label}-${randomBytes(12).toString('hex')}`;

/** Replaces the protected header, keeping payload and signature (which no longer match). */
export function replaceHeader(compact: string, header: Record<string, unknown>): string {
  const [, payload, signature] = compact.split('.');
  return `${base64url.encode(JSON.stringify(header))}.${payload}.${signature}`;
}

/** Replaces the signature by random bytes of a plausible length. */
export function replaceSignature(compact: string): string {
  const [header, payload] = compact.split('.');
  return `${header}.${payload}.${base64url.encode(randomBytes(64))}`;
}
