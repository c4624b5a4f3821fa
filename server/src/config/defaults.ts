import type { SimulatorConfig } from './config-types.js';
import { VOCAB_URL } from './config-types.js';

/** The default client's public key; its private half is server/keys/default-client-private-key.pem. */
export const DEFAULT_CLIENT_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAmXXR3EsRvUMVhEJMtQ1w
exJjfQ00Q0MQ7ARfShN53BnOQEPFnS/I8ntBddkKdE3q+vMTI72w6Fv3SsMM+ciR
2LIHdEQfKgsLt6PGNcV1kG6GG/3nSW3psW8w65Q3fmy81P1748qezDrVfaGrF4PD
XALzX1ph+nz8mpKmck6aY6LEUJ4B+TIfYzlKmmwFe3ri0spSW+J5wE9mmT3VkR2y
SuHRYHQlxlF9dfX7ltOTsbgJFzN6TO01ZQDhY0iLwzdGwhSxO6R6N/ZINYHCKFPa
QD+tdKsrw7QDIYnx0IiXFnkGnizl3UtqSmXAaceTvPM2Pz84x2JiwHrp2Sml6RYL
CQIDAQAB
-----END PUBLIC KEY-----`;

export const DEFAULT_PORT = 3000;

export const IDENTITY_CLAIMS = [
  `${VOCAB_URL}/v1/passport`,
  `${VOCAB_URL}/v1/drivingPermit`,
  `${VOCAB_URL}/v1/coreIdentityJWT`,
  `${VOCAB_URL}/v1/address`,
  `${VOCAB_URL}/v1/returnCode`,
] as const;
export type IdentityClaim = (typeof IDENTITY_CLAIMS)[number];

export const SUPPORTED_SCOPES = ['openid', 'email', 'phone'] as const;
export const LEVELS_OF_CONFIDENCE = ['P0', 'P1', 'P2', 'P3'] as const;

/** A fresh copy of the default configuration for the given simulator URL. */
export function defaultConfig(simulatorUrl = `http://localhost:${DEFAULT_PORT}`): SimulatorConfig {
  return {
    clientConfiguration: {
      clientId: 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw',
      publicKeySource: 'STATIC',
      publicKey: DEFAULT_CLIENT_PUBLIC_KEY,
      scopes: ['openid', 'email', 'phone'],
      redirectUrls: ['http://localhost:8080/oidc/authorization-code/callback'],
      postLogoutRedirectUrls: ['http://localhost:8080/signed-out'],
      claims: [
        `${VOCAB_URL}/v1/coreIdentityJWT`,
        `${VOCAB_URL}/v1/address`,
        `${VOCAB_URL}/v1/returnCode`,
      ],
      identityVerificationSupported: true,
      idTokenSigningAlgorithm: 'ES256',
      clientLoCs: ['P0', 'P2'],
      token_auth_method: 'private_key_jwt',
      pkceEnforced: false,
      maxAgeEnabled: false,
    },
    responseConfiguration: {
      sub: 'urn:fdc:gov.uk:2022:56P4CMsGh_02YOlWpd8PAOI-2sVlB2nsNU7mcLZYhYw=',
      email: 'test@example.com',
      emailVerified: true,
      // E.164, as the provider document says phone_number is (the public simulator's is national).
      phoneNumber: '+447123456789',
      phoneNumberVerified: true,
      maxLoCAchieved: 'P2',
      coreIdentityVerifiableCredentials: {
        type: ['VerifiableCredential', 'VerifiableIdentityCredential'],
        credentialSubject: {
          name: [
            {
              nameParts: [
                { value: 'GEOFFREY', type: 'GivenName' },
                { value: 'HEARNSHAW', type: 'FamilyName' },
              ],
            },
          ],
          birthDate: [{ value: '1955-04-19' }],
        },
      },
      passportDetails: null,
      drivingPermitDetails: null,
      postalAddressDetails: [
        {
          addressCountry: 'GB',
          buildingName: '',
          streetName: 'FRAMPTON ROAD',
          postalCode: 'GL1 5QB',
          buildingNumber: '26',
          addressLocality: 'GLOUCESTER',
          validFrom: '2000-01-01',
          uprn: 100120472196,
          subBuildingName: '',
        },
      ],
      returnCodes: [],
    },
    errorConfiguration: {
      coreIdentityErrors: [],
      idTokenErrors: [],
      authoriseErrors: [],
      tokenErrors: [],
      userInfoErrors: [],
      faults: [],
    },
    simulatorUrl,
    publishNewIdTokenKeysEnabled: false,
    usingNewIdTokenSigningKeys: false,
    publishNewCoreIdentityKeysEnabled: false,
    usingNewCoreIdentitySigningKeys: false,
    oldIdTokenKeysRetired: false,
    oldCoreIdentityKeysRetired: false,
    interactiveMode: false,
  };
}
