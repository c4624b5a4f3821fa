import type { JWTPayload } from 'jose';
import type { IdTokenError } from './names.js';
import { replaceHeader, replaceSignature, wrongValue } from './break-token.js';

export const BOGUS_ISSUER = 'https://example.com/identity-provider';
const DAY = 86_400;

/** Claim defects: each scenario changes exactly its claim and nothing else. */
export function applyIdTokenClaimScenarios(
  claims: JWTPayload & { vot?: string; nonce?: string },
  scenarios: readonly IdTokenError[],
  now: number,
): JWTPayload {
  const out = { ...claims };
  for (const s of scenarios) {
    switch (s) {
      case 'INVALID_ISS':
        out.iss = BOGUS_ISSUER;
        break;
      case 'INVALID_AUD':
        out.aud = wrongValue('not-the-client');
        break;
      case 'NONCE_NOT_MATCHING':
        out.nonce = wrongValue('not-the-nonce');
        break;
      case 'TOKEN_EXPIRED':
        out.exp = now - DAY;
        break;
      case 'TOKEN_NOT_VALID_YET':
        out.iat = now + DAY;
        break;
      case 'INCORRECT_VOT':
        out.vot = out.vot === 'Cl.Cm' ? 'Cl' : 'Cl.Cm';
        break;
      default:
        break;
    }
  }
  return out;
}

/** Header and signature defects, applied to the signed token. */
export function applyIdTokenSignatureScenarios(
  compact: string,
  scenarios: readonly IdTokenError[],
  kid: string,
): string {
  let out = compact;
  if (scenarios.includes('INVALID_ALG_HEADER')) out = replaceHeader(out, { alg: 'HS256', kid });
  if (scenarios.includes('INVALID_SIGNATURE')) out = replaceSignature(out);
  return out;
}
