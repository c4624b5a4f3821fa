import type { TokenRole } from '../../../../server/src/contract.js';

/** What each token is, in one line. */
export const ROLE_LABELS: Record<TokenRole, string> = {
  id_token: 'ID token',
  access_token: 'Access token',
  core_identity: 'Core identity JWT',
  client_assertion: 'Client assertion',
  request_object: 'Request object',
  id_token_hint: 'ID token hint',
};

export const ROLE_SUMMARIES: Record<TokenRole, string> = {
  id_token:
    'Issued by /token and signed with a key from the JWKS (ES256 by default, RS256 if the client is registered for it). The relying party must validate it before trusting the sign-in.',
  access_token:
    'Bearer token for /userinfo. Relying parties must treat it as opaque and must not depend on its content.',
  core_identity:
    'The identity claim from /userinfo, signed with ES256 by a key published in the DID document. Valid for 30 minutes; it must not be stored raw or decoded.',
  client_assertion:
    'Signed by the relying party with its private key to authenticate at /token (private_key_jwt). Checked against the registered public key.',
  request_object:
    'A signed request object (JAR) sent to /authorize in place of the query parameters.',
  id_token_hint: 'An ID token sent back to /logout to say which session ends.',
};

type Explanations = Record<string, string>;

const COMMON: Explanations = {
  iss: 'Issuer. Must exactly equal the issuer in the discovery document.',
  sub: 'Subject: the user’s unique, pairwise identifier (URN-shaped). Keep your own primary key and map it to sub.',
  aud: 'Audience: the client_id of the relying party the token is meant for.',
  exp: 'Expiry (seconds since the epoch). The token must not be accepted after it.',
  iat: 'Issued at (seconds since the epoch). A token issued in the future is not valid yet.',
  nbf: 'Not before (seconds since the epoch). The token must not be accepted before it.',
  jti: 'Unique identifier of this token.',
};

const BY_ROLE: Partial<Record<TokenRole, Explanations>> = {
  id_token: {
    nonce:
      'Echo of the nonce sent to /authorize. Must equal the value the relying party stored for this sign-in.',
    vot: 'Vector of trust: the credential trust level achieved (for example Cl.Cm), even for identity requests. Must equal the level requested.',
    vtm: 'Trustmark URL listing the accepted and provided vector values.',
    sid: 'Identifier of the user’s journey (session) within the service.',
    auth_time:
      'When the user last authenticated. With max_age, must be ≥ now − max_age, or re-authenticate.',
    at_hash:
      'Access-token hash: left half of the SHA-256 of the access token, base64url. Validating it is optional.',
  },
  id_token_hint: {
    nonce: 'Nonce of the original sign-in.',
    vot: 'Credential trust level of the original sign-in.',
    sid: 'Session identifier being logged out.',
  },
  core_identity: {
    iss: 'Issuer URL of the identity host for the environment. Must equal the expected identity issuer.',
    sub: 'Must equal the sub of the ID token from the same sign-in.',
    aud: 'Must equal the client_id.',
    exp: 'Expiry: 30 minutes after issue. Reject the identity after it.',
    vot: 'Level of identity confidence achieved, for example P2.',
    vtm: 'Trustmark URL.',
    vc: 'Verifiable credential: type (VerifiableCredential, VerifiableIdentityCredential) and credentialSubject with name and birthDate.',
  },
  access_token: {
    client_id: 'The client the access token was issued to.',
    scope: 'Scopes granted, which decide what /userinfo returns.',
    claims: 'Identity claims requested at /authorize and returned by /userinfo.',
    sid: 'Session identifier.',
  },
  client_assertion: {
    iss: 'Must be the client_id.',
    sub: 'Must be the client_id.',
    aud: 'The token endpoint ({simulator_url}/token) or the issuer. Changing simulatorUrl changes the expected audience.',
    exp: 'Required. The assertion must not be accepted after it; 5 minutes from creation is recommended.',
    jti: 'Required unique identifier. Each assertion may be used only once.',
    iat: 'Recommended: when the assertion was created.',
  },
  request_object: {
    iss: 'Must equal the client_id.',
    aud: 'Must equal {simulator_url}/authorize.',
    client_id: 'Must be identical to the client_id in the query.',
    response_type: 'Must be code, identical to the query.',
    scope: 'Space-separated; must include openid and be identical to the query.',
    redirect_uri: 'Must exactly match a registered redirect URI.',
    state: 'Returned unchanged in the response (anti-CSRF).',
    nonce: 'Unique, unguessable; echoed in the ID token.',
    vtr: 'Requested vector of trust, for example ["Cl.Cm"] or ["Cl.Cm.P2"].',
    ui_locales: 'en or cy.',
    claims: 'The userinfo claims wanted, as a JSON object.',
  },
};

const HEADER: Explanations = {
  alg: 'Signing algorithm. Must match the alg of the key chosen by kid (ES256 or RS256 for ID tokens, ES256 for core identity).',
  kid: 'Key id: picks the verification key from the JWKS (ID token) or, after the #, from the DID document (core identity).',
  typ: 'Media type of the token.',
};

/** The provider document's explanation of a claim for a given kind of token, if it has one. */
export function explainClaim(role: TokenRole, name: string): string | undefined {
  const specific = BY_ROLE[role]?.[name];
  if (specific) return specific;
  if (name.startsWith('https://vocab.account.gov.uk/v1/')) {
    return `Identity claim ${name.slice('https://vocab.account.gov.uk/v1/'.length)}.`;
  }
  return COMMON[name];
}

export function explainHeader(name: string, role: TokenRole): string | undefined {
  if (name === 'kid' && role === 'core_identity')
    return 'did:web:{identity_host}#<key id>. The part before # must equal the DID document id; the part after must match an assertionMethod entry.';
  if (name === 'kid' && role === 'client_assertion')
    return 'Key id of the relying party’s own signing key (optional).';
  return HEADER[name];
}
