import type { SimulatorConfig } from '../../server/src/contract.js';

/** The simulator's default configuration (GET /config of a fresh simulator), for unit tests. */
export const SAMPLE_CONFIG: SimulatorConfig = {
  clientConfiguration: {
    clientId: 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw',
    publicKeySource: 'STATIC',
    publicKey:
      '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAmXXR3EsRvUMVhEJMtQ1w\nexJjfQ00Q0MQ7ARfShN53BnOQEPFnS/I8ntBddkKdE3q+vMTI72w6Fv3SsMM+ciR\n2LIHdEQfKgsLt6PGNcV1kG6GG/3nSW3psW8w65Q3fmy81P1748qezDrVfaGrF4PD\nXALzX1ph+nz8mpKmck6aY6LEUJ4B+TIfYzlKmmwFe3ri0spSW+J5wE9mmT3VkR2y\nSuHRYHQlxlF9dfX7ltOTsbgJFzN6TO01ZQDhY0iLwzdGwhSxO6R6N/ZINYHCKFPa\nQD+tdKsrw7QDIYnx0IiXFnkGnizl3UtqSmXAaceTvPM2Pz84x2JiwHrp2Sml6RYL\nCQIDAQAB\n-----END PUBLIC KEY-----',
    scopes: ['openid', 'email', 'phone'],
    redirectUrls: ['http://localhost:8080/oidc/authorization-code/callback'],
    postLogoutRedirectUrls: ['http://localhost:8080/signed-out'],
    claims: [
      'https://vocab.account.gov.uk/v1/coreIdentityJWT',
      'https://vocab.account.gov.uk/v1/address',
      'https://vocab.account.gov.uk/v1/returnCode',
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
    phoneNumber: '07123456789',
    phoneNumberVerified: true,
    maxLoCAchieved: 'P2',
    coreIdentityVerifiableCredentials: {
      type: ['VerifiableCredential', 'VerifiableIdentityCredential'],
      credentialSubject: {
        name: [
          {
            nameParts: [
              {
                value: 'GEOFFREY',
                type: 'GivenName',
              },
              {
                value: 'HEARNSHAW',
                type: 'FamilyName',
              },
            ],
          },
        ],
        birthDate: [
          {
            value: '1955-04-19',
          },
        ],
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
    tokenErrors: [],
    userInfoErrors: [],
    faults: [],
    idTokenErrors: [],
    authoriseErrors: [],
  },
  simulatorUrl: 'http://localhost:3000',
  publishNewIdTokenKeysEnabled: false,
  usingNewIdTokenSigningKeys: false,
  publishNewCoreIdentityKeysEnabled: false,
  usingNewCoreIdentitySigningKeys: false,
  oldIdTokenKeysRetired: false,
  oldCoreIdentityKeysRetired: false,
  interactiveMode: false,
};
