import { VOCAB_URL } from '../../config/config-types.js';
import type { ResponseField } from '../../config/field-rules.js';
import type { AuthorizationRequest } from '../../state/authorization-request.js';
import { isIdentityVector } from '../../rules/check-vtr.js';

const CLAIM_FIELDS: Record<string, ResponseField> = {
  [`${VOCAB_URL}/v1/coreIdentityJWT`]: 'coreIdentityVerifiableCredentials',
  [`${VOCAB_URL}/v1/passport`]: 'passportDetails',
  [`${VOCAB_URL}/v1/drivingPermit`]: 'drivingPermitDetails',
  [`${VOCAB_URL}/v1/address`]: 'postalAddressDetails',
  [`${VOCAB_URL}/v1/returnCode`]: 'returnCodes',
};

/**
 * The response fields a request asks for through its scopes, claims and vector of trust: what
 * the relying party can receive (the client configuration may still hold some back).
 */
export function requestedFields(request: AuthorizationRequest): Set<ResponseField> {
  const fields = new Set<ResponseField>(['sub']);
  if (request.scopes.includes('email')) {
    fields.add('email');
    fields.add('emailVerified');
  }
  if (request.scopes.includes('phone')) {
    fields.add('phoneNumber');
    fields.add('phoneNumberVerified');
  }
  if (isIdentityVector(request.vtr)) fields.add('maxLoCAchieved');
  for (const claim of request.claims) {
    const field = CLAIM_FIELDS[claim];
    if (field) fields.add(field);
  }
  return fields;
}

/** A claim URL as testers know it: its last path segment (address, coreIdentityJWT …). */
export function shortClaimName(claim: string): string {
  const prefix = `${VOCAB_URL}/v1/`;
  return claim.startsWith(prefix) ? claim.slice(prefix.length) : claim;
}

/**
 * The vector of trust as the request wrote it ("Cl.Cm.P2" stays "Cl.Cm.P2"); without one, the
 * default "Cl.Cm", or the parts in the usual order.
 */
export function vectorText(request: AuthorizationRequest): string {
  const { credentialTrust, levelOfConfidence, requested } = request.vtr;
  if (requested !== undefined) return requested;
  return levelOfConfidence ? `${levelOfConfidence}.${credentialTrust}` : credentialTrust;
}
