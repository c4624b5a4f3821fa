import type { JWTPayload } from 'jose';
import type { CoreIdentityError } from './names.js';
import { replaceHeader, replaceSignature, wrongValue } from './break-token.js';

const DAY = 86_400;

export function applyCoreIdentityClaimScenarios(
  claims: JWTPayload,
  scenarios: readonly CoreIdentityError[],
  now: number,
): JWTPayload {
  const out = { ...claims };
  for (const s of scenarios) {
    switch (s) {
      case 'INVALID_ISS':
        out.iss = wrongValue('https://not-the-identity-issuer.example');
        break;
      case 'INVALID_AUD':
        out.aud = wrongValue('not-the-client');
        break;
      case 'INCORRECT_SUB':
        out.sub = wrongValue('urn:fdc:gov.uk:2022:not-the-user');
        break;
      case 'TOKEN_EXPIRED':
        out.exp = now - DAY;
        break;
      default:
        break;
    }
  }
  return out;
}

export function applyCoreIdentitySignatureScenarios(
  compact: string,
  scenarios: readonly CoreIdentityError[],
  kid: string,
): string {
  let out = compact;
  if (scenarios.includes('INVALID_ALG_HEADER')) out = replaceHeader(out, { kid, alg: 'HS256' });
  if (scenarios.includes('INVALID_SIGNATURE')) out = replaceSignature(out);
  return out;
}
