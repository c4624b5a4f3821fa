/**
 * Every endpoint name an exchange can carry, in the order a flow uses them (the order the
 * request log's filter lists them): one list for the server's classification, the admin API's
 * filter and the window.
 */
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
] as const;

export type ExchangeEndpoint = (typeof EXCHANGE_ENDPOINTS)[number];
