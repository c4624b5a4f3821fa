import type { ExchangeEndpoint } from '../shared/exchange-endpoints.js';

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
