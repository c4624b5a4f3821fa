/**
 * The algorithms the provider accepts on a client assertion (private_key_jwt) and a request
 * object, in the order discovery advertises them.
 */
export const CLIENT_ASSERTION_ALGS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
] as const;
