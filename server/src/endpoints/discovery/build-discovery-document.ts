import { IDENTITY_CLAIMS } from '../../config/defaults.js';
import type { SimulatorConfig } from '../../config/config-types.js';
import { CLIENT_ASSERTION_ALGS } from '../../rules/client-assertion-algs.js';

/**
 * The discovery document, keys in the order the public simulator serves them. With a back-channel
 * URL, the endpoints a relying party's server calls (token, userinfo, JWKS) are placed there;
 * authorize, logout, the trustmark and the issuer stay at simulatorUrl (the browser's address).
 */
export function buildDiscoveryDocument(
  config: SimulatorConfig,
  backchannelUrl?: string,
): Record<string, unknown> {
  const s = config.simulatorUrl;
  const b = backchannelUrl ?? s;
  const doc: Record<string, unknown> = {
    authorization_endpoint: `${s}/authorize`,
    token_endpoint: `${b}/token`,
    issuer: `${s}/`,
    jwks_uri: `${b}/.well-known/jwks.json`,
    scopes_supported: ['openid', 'email', 'phone'],
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code'],
    token_endpoint_auth_methods_supported: ['private_key_jwt', 'client_secret_post'],
    token_endpoint_auth_signing_alg_values_supported: [...CLIENT_ASSERTION_ALGS],
    ui_locales_supported: ['en', 'cy'],
    service_documentation: 'https://docs.sign-in.service.gov.uk/',
    op_policy_uri: 'https://signin.account.gov.uk/privacy-notice',
    op_tos_uri: 'https://signin.account.gov.uk/terms-and-conditions',
    request_parameter_supported: true,
    trustmarks: `${s}/trustmark`,
    subject_types_supported: ['public', 'pairwise'],
    userinfo_endpoint: `${b}/userinfo`,
    end_session_endpoint: `${s}/logout`,
    id_token_signing_alg_values_supported: ['ES256', 'RS256'],
    claim_types_supported: ['normal'],
    claims_supported: [
      'sub',
      'email',
      'email_verified',
      'phone_number',
      'phone_number_verified',
      ...IDENTITY_CLAIMS,
    ],
    request_uri_parameter_supported: false,
    response_modes_supported: ['query', 'fragment'],
    request_object_signing_alg_values_supported: [...CLIENT_ASSERTION_ALGS],
  };
  if (config.clientConfiguration.pkceEnforced) doc.code_challenge_methods_supported = ['S256'];
  return doc;
}
