import { err, ok, type Result } from '../shared/result.js';

/**
 * The most a client secret hash may cost. Real deployments stay within these: the argon2-cffi
 * and node-argon2 defaults are m=65536 (64 MiB), t=3, p=4; OWASP suggests m=19456 (19 MiB), t=2,
 * p=1 or less memory with more passes (m=7168, t=5). Costlier strings are refused where they
 * enter (POST /config, CLIENT_SECRET_HASH), so no single /token request can hold a worker for
 * long.
 */
export const ARGON2_LIMITS = {
  /** Memory, in KiB (m). */
  maxMemoryKiB: 65_536,
  /** Passes (t). */
  maxPasses: 10,
  /** Lanes (p). */
  maxLanes: 8,
  /** Memory times passes (m × t): 64 MiB × 4 or 19 MiB × 10, not 64 MiB × 10. */
  maxWork: 65_536 * 4,
} as const;

export interface Argon2idHash {
  m: number;
  t: number;
  p: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

const PHC =
  /^\$argon2id\$v=19\$m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,10})\$([A-Za-z0-9+/]+)={0,2}\$([A-Za-z0-9+/]+)={0,2}$/;

/**
 * Reads an Argon2id PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash) and checks its cost
 * against ARGON2_LIMITS and its parameters against RFC 9106. The error says what to change.
 */
export function parseArgon2idHash(text: unknown): Result<Argon2idHash, string> {
  if (typeof text !== 'string') return err('must be a string');
  const match = PHC.exec(text);
  if (!match) return err('must be an Argon2id PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash)');
  const [, mText, tText, pText, saltText, hashText] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const m = Number(mText);
  const t = Number(tText);
  const p = Number(pText);
  const L = ARGON2_LIMITS;
  if (t < 1 || p < 1) return err('t and p must be at least 1');
  if (m < 8 * p) return err(`m must be at least 8 × p (${8 * p} KiB for p=${p})`);
  if (m > L.maxMemoryKiB)
    return err(`m=${m} costs more memory than the ${L.maxMemoryKiB} KiB (64 MiB) accepted`);
  if (t > L.maxPasses) return err(`t=${t} is more passes than the ${L.maxPasses} accepted`);
  if (p > L.maxLanes) return err(`p=${p} is more lanes than the ${L.maxLanes} accepted`);
  if (m * t > L.maxWork)
    return err(
      `m × t = ${m * t} is more work than the ${L.maxWork} accepted (64 MiB with t=4 at most)`,
    );
  const salt = Buffer.from(saltText, 'base64');
  const hash = Buffer.from(hashText, 'base64');
  if (salt.length < 8) return err('the salt must be at least 8 bytes');
  if (hash.length < 4 || hash.length > 1024) return err('the hash must be 4 to 1024 bytes');
  return ok({ m, t, p, salt: new Uint8Array(salt), hash: new Uint8Array(hash) });
}
