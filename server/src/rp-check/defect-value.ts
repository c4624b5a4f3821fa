import { decodeToken } from '../analysis/decode-token.js';
import type { Exchange } from '../log/exchange-types.js';
import { tokenOf } from './journey-facts.js';

/**
 * The value a defect put in a token, as a reason states it (`vot "Cl"`, `alg "HS256"`), read from
 * the token the simulator issued in the exchange. Undefined when the token is not there.
 */

const text = (v: unknown): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s === undefined ? 'none' : s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

const time = (v: unknown): string =>
  typeof v === 'number' && Number.isFinite(v) ? new Date(v * 1000).toISOString() : text(v);

/** What each defect changes, by scenario name (ID token and core identity JWT alike). */
const SHOWN: Record<string, (claims: Record<string, unknown>, alg: unknown) => string> = {
  INCORRECT_VOT: (c) => `vot "${text(c.vot)}"`,
  INVALID_ALG_HEADER: (_c, alg) => `alg "${text(alg)}"`,
  INVALID_AUD: (c) => `aud "${text(c.aud)}"`,
  INVALID_ISS: (c) => `iss "${text(c.iss)}"`,
  INVALID_SIGNATURE: () => 'a signature that does not verify',
  NONCE_NOT_MATCHING: (c) => `nonce "${text(c.nonce)}"`,
  TOKEN_EXPIRED: (c) => `exp ${time(c.exp)}`,
  TOKEN_NOT_VALID_YET: (c) =>
    `iat ${time(c.iat)}${c.nbf !== undefined ? `, nbf ${time(c.nbf)}` : ''}`,
  INCORRECT_SUB: (c) => `sub "${text(c.sub)}"`,
};

export function defectValue(
  exchange: Exchange | undefined,
  role: 'id_token' | 'core_identity',
  scenarios: readonly string[],
): string | undefined {
  const compact = exchange ? tokenOf(exchange, role) : undefined;
  if (!compact) return undefined;
  const decoded = decodeToken(compact);
  if (!decoded.ok) return undefined;
  const header = decoded.header as Record<string, unknown> | null;
  const shown = scenarios
    .map((name) => SHOWN[name]?.(decoded.claims, header?.alg))
    .filter((s): s is string => s !== undefined);
  return shown.length ? shown.join(', ') : undefined;
}
