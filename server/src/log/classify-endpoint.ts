import type { ExchangeEndpoint } from './exchange-types.js';

/** Every endpoint name an exchange can carry, in the order the UI lists them. */
export const EXCHANGE_ENDPOINTS = [
  'authorize',
  'token',
  'userinfo',
  'logout',
  'discovery',
  'jwks',
  'did',
  'trustmark',
  'config',
  'interactive',
  'root',
  'other',
] as const satisfies readonly ExchangeEndpoint[];

const EXACT: Record<string, ExchangeEndpoint> = {
  '/': 'root',
  '/authorize': 'authorize',
  '/token': 'token',
  '/userinfo': 'userinfo',
  '/logout': 'logout',
  '/.well-known/openid-configuration': 'discovery',
  '/.well-known/jwks.json': 'jwks',
  '/.well-known/did.json': 'did',
  '/trustmark': 'trustmark',
  '/config': 'config',
  '/form-submit': 'interactive',
};

/**
 * Names the endpoint a request path belongs to, matching as the router does: case-insensitive, a
 * trailing slash ignored, and /authorize with any sub-path.
 */
export function classifyEndpoint(path: string): ExchangeEndpoint {
  let p = path.toLowerCase();
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  const exact = EXACT[p];
  if (exact) return exact;
  if (p.startsWith('/authorize/')) return 'authorize';
  return 'other';
}
