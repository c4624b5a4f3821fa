import { IDENTITY_CLAIMS, LEVELS_OF_CONFIDENCE, SUPPORTED_SCOPES } from '../config/defaults.js';
import { MAX_STRING } from '../config/field-rules.js';
import { ERROR_LISTS } from '../scenarios/names.js';
import {
  FAULT_TARGETS,
  MAX_FAULT_REQUESTS,
  MAX_FAULTS,
  MAX_LATENCY_MS,
} from '../scenarios/faults.js';
import { ID_PATTERN, MAX_ID_LENGTH } from '../shared/preset-id.js';
import { SCENARIO_FLAGS } from './preset-types.js';

/**
 * The JSON Schema (draft 2020-12) documents of persona and scenario files. They state the same
 * rules the simulator checks (server/src/config/field-rules.ts); a few checks cannot be written
 * in JSON Schema and are made only by the simulator: that a public key parses, that URLs are
 * http(s) without a fragment, and the rules spanning fields (a persona id must exist; new keys
 * are used only once published; JWKS needs jwksUrl).
 *
 * server/schemas/*.schema.json are these objects written out (a test keeps them equal).
 */

export const PERSONA_SCHEMA_ID = 'urn:identity-simulator:schema:persona:1';
export const SCENARIO_SCHEMA_ID = 'urn:identity-simulator:schema:scenario:1';
/** What saved files put in "$schema": the schema copy kept in <dataDir>/schemas/. */
export const PERSONA_SCHEMA_REF = '../schemas/persona.schema.json';
export const SCENARIO_SCHEMA_REF = '../schemas/scenario.schema.json';

export const MAX_NAME_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 2000;
/** At least one visible character, no control characters. */
export const NAME_PATTERN = '^(?=.*\\S)[^\\u0000-\\u001f\\u007f]+$';

export type Schema = Record<string, unknown>;

const text = (description: string): Schema => ({ description });

const str = (extra: Schema = {}): Schema => ({ type: 'string', maxLength: MAX_STRING, ...extra });
const strOrNull = (extra: Schema = {}): Schema => ({
  type: ['string', 'null'],
  maxLength: MAX_STRING,
  ...extra,
});
const listOfObjectsOrNull = (description: string, properties: Record<string, Schema>): Schema => ({
  description,
  type: ['array', 'null'],
  maxItems: 100,
  items: { type: 'object', properties },
});

const nonEmpty = { minLength: 1, pattern: '\\S' };

const ADDRESS_PROPERTIES: Record<string, Schema> = {
  validFrom: text('ISO 8601 date the user moved in; only the year is collected (YYYY-01-01).'),
  validUntil: text(
    'ISO 8601 date the user moved out (YYYY-01-01); omitted for the current address.',
  ),
  uprn: text('Unique Property Reference Number. UK addresses only.'),
  organisationName: text('ORGANISATION_NAME'),
  departmentName: text('DEPARTMENT_NAME'),
  subBuildingName: text('SUB_BUILDING_NAME'),
  buildingNumber: text('BUILDING_NUMBER'),
  buildingName: text('BUILDING_NAME'),
  dependentStreetName: text('DEPENDENT_THOROUGHFARE_NAME'),
  streetName: text('THOROUGHFARE_NAME'),
  doubleDependentAddressLocality: text('DOUBLE_DEPENDENT_LOCALITY'),
  dependentAddressLocality: text('DEPENDENT_LOCALITY'),
  addressLocality: text('POST_TOWN'),
  addressRegion: text('International addresses only: a region such as a state or province.'),
  postalCode: text('POST_CODE'),
  addressCountry: text('ISO 3166-1 alpha-2 country code, e.g. GB.'),
};

export const RESPONSE_CONFIGURATION_SCHEMA: Schema = {
  type: 'object',
  description:
    'Who the user is: what /userinfo returns. Omitted fields take the simulator defaults.',
  additionalProperties: false,
  properties: {
    sub: str({
      ...nonEmpty,
      description: 'Pairwise subject identifier.',
      examples: ['urn:fdc:gov.uk:2022:zkbXxo_VULuV14ETYbppry3bU0sPAn-StFT3Stii0F4'],
    }),
    email: strOrNull({ examples: ['alex.morgan@example.com'] }),
    emailVerified: { type: 'boolean' },
    phoneNumber: strOrNull({
      description: 'E.164 without spaces; null for a user without a phone (no phone_number claim).',
      examples: ['+447700900000'],
    }),
    phoneNumberVerified: { type: 'boolean' },
    maxLoCAchieved: {
      enum: [...LEVELS_OF_CONFIDENCE],
      description:
        'Highest level of confidence the user reached; below the requested one means identity not proven.',
    },
    coreIdentityVerifiableCredentials: {
      type: ['object', 'null'],
      description:
        'The vc claim of the core identity JWT (null: identity not proven, no coreIdentityJWT).',
      properties: {
        type: text('VerifiableCredential and VerifiableIdentityCredential.'),
        credentialSubject: {
          description: 'name (nameParts of GivenName/FamilyName) and birthDate ([{value}]).',
          properties: {
            name: text(
              '[{ nameParts: [{ value, type: GivenName | FamilyName }], validFrom?, validUntil? }]',
            ),
            birthDate: text('[{ value: ISO 8601 date }], most confident first.'),
          },
        },
      },
    },
    passportDetails: listOfObjectsOrNull('Passports the user submitted, or null.', {
      documentNumber: text('Passport number.'),
      icaoIssuerCode: text('ICAO 9303 issuing state, up to 3 characters (GBR).'),
      expiryDate: text('ISO 8601 date.'),
    }),
    drivingPermitDetails: listOfObjectsOrNull('Driving licences the user submitted, or null.', {
      expiryDate: text('ISO 8601 date.'),
      issueNumber: text('Last 2 characters of the licence number (DVLA licences only).'),
      issuedBy: text('Issuing organisation, e.g. DVLA or DVA.'),
      personalNumber: text('Driver number.'),
    }),
    postalAddressDetails: listOfObjectsOrNull(
      'Every address the user entered, current and previous, or null.',
      ADDRESS_PROPERTIES,
    ),
    returnCodes: {
      type: ['array', 'null'],
      description:
        'Return codes ([{code}]); returned only when the client allows and the request asks for the returnCode claim.',
      maxItems: 100,
      items: {
        type: 'object',
        required: ['code'],
        properties: { code: { type: 'string', minLength: 1 } },
      },
    },
  },
};

const stringList = (items: Schema, extra: Schema = {}): Schema => ({
  type: 'array',
  maxItems: 100,
  items,
  ...extra,
});
const url = { type: 'string', maxLength: 2000, format: 'uri' };

export const CLIENT_CONFIGURATION_SCHEMA: Schema = {
  type: 'object',
  description: 'Client fields to change; the others stay as the simulator started.',
  additionalProperties: false,
  properties: {
    clientId: str(nonEmpty),
    publicKeySource: { enum: ['STATIC', 'JWKS'] },
    publicKey: str({ description: 'PEM-encoded RSA or EC public key.' }),
    jwksUrl: { type: ['string', 'null'], maxLength: 2000, format: 'uri' },
    scopes: stringList({ enum: [...SUPPORTED_SCOPES] }),
    redirectUrls: stringList(url, { minItems: 1 }),
    postLogoutRedirectUrls: stringList(url),
    claims: stringList({ enum: [...IDENTITY_CLAIMS] }),
    identityVerificationSupported: { type: 'boolean' },
    idTokenSigningAlgorithm: { enum: ['ES256', 'RS256'] },
    clientLoCs: stringList({ enum: [...LEVELS_OF_CONFIDENCE] }),
    token_auth_method: { enum: ['private_key_jwt', 'client_secret_post'] },
    client_secret_hash: {
      type: ['string', 'null'],
      pattern:
        '^\\$argon2id\\$v=19\\$m=\\d+,t=\\d+,p=\\d+\\$[A-Za-z0-9+/]+={0,2}\\$[A-Za-z0-9+/]+={0,2}$',
    },
    pkceEnforced: { type: 'boolean' },
    maxAgeEnabled: { type: 'boolean' },
  },
};

const errorList = (names: readonly string[]): Schema => ({
  type: 'array',
  maxItems: 100,
  items: { enum: [...names] },
});

export const ERROR_CONFIGURATION_SCHEMA: Schema = {
  type: 'object',
  description: 'Errors to inject; omitted lists are empty.',
  additionalProperties: false,
  properties: {
    authoriseErrors: errorList(ERROR_LISTS.authoriseErrors.names),
    idTokenErrors: errorList(ERROR_LISTS.idTokenErrors.names),
    coreIdentityErrors: errorList(ERROR_LISTS.coreIdentityErrors.names),
    tokenErrors: errorList(ERROR_LISTS.tokenErrors.names),
    userInfoErrors: errorList(ERROR_LISTS.userInfoErrors.names),
    faults: {
      type: 'array',
      description:
        'Faults at endpoints: an outage (5xx status), a dropped connection or added latency, for the next `requests` requests or until switched off. One outage-or-drop and one latency per endpoint.',
      maxItems: MAX_FAULTS,
      items: { $ref: '#/$defs/fault' },
    },
  },
};

const faultCommon = (kind: string, extra: Record<string, Schema>, required: string[]): Schema => ({
  type: 'object',
  required: ['target', 'kind', ...required],
  additionalProperties: false,
  properties: {
    target: { enum: [...FAULT_TARGETS] },
    kind: { const: kind },
    ...extra,
    requests: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_FAULT_REQUESTS,
      description: 'How many more requests the fault hits; omitted: until switched off.',
    },
  },
});

export const FAULT_SCHEMA: Schema = {
  oneOf: [
    faultCommon(
      'outage',
      { status: { type: 'integer', minimum: 500, maximum: 599, description: 'The status sent.' } },
      ['status'],
    ),
    faultCommon('drop', {}, []),
    faultCommon(
      'latency',
      {
        ms: {
          type: 'integer',
          minimum: 0,
          maximum: MAX_LATENCY_MS,
          description: 'Milliseconds added before the answer.',
        },
      },
      ['ms'],
    ),
  ],
};

export const FLAGS_SCHEMA: Schema = {
  type: 'object',
  description: 'Key rotation and interactive mode; omitted: as the simulator started.',
  additionalProperties: false,
  properties: Object.fromEntries(SCENARIO_FLAGS.map((f) => [f, { type: 'boolean' }])),
};

const idSchema: Schema = {
  type: 'string',
  maxLength: MAX_ID_LENGTH,
  pattern: ID_PATTERN,
  description: 'Lowercase letters, digits and single hyphens; the file name without .json.',
};
const nameSchema: Schema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_NAME_LENGTH,
  pattern: NAME_PATTERN,
};
const descriptionSchema: Schema = { type: 'string', maxLength: MAX_DESCRIPTION_LENGTH };

const personaProperties = {
  $schema: { type: 'string' },
  id: idSchema,
  name: nameSchema,
  description: descriptionSchema,
  nameCy: { ...nameSchema, description: 'The name on the Welsh form (ui_locales=cy).' },
  descriptionCy: {
    ...descriptionSchema,
    description: 'The description on the Welsh form (ui_locales=cy).',
  },
  responseConfiguration: { $ref: '#/$defs/responseConfiguration' },
};

export const PERSONA_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: PERSONA_SCHEMA_ID,
  title: 'Identity Simulator persona',
  description:
    'A named user: the response configuration of the simulator (what /userinfo returns).',
  type: 'object',
  required: ['name', 'responseConfiguration'],
  additionalProperties: false,
  properties: personaProperties,
  $defs: { responseConfiguration: RESPONSE_CONFIGURATION_SCHEMA },
};

export const SCENARIO_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: SCENARIO_SCHEMA_ID,
  title: 'Identity Simulator scenario',
  description:
    'A named situation: a persona, client configuration changes, errors to inject and key/interactive switches, applied as one POST /config.',
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    id: idSchema,
    name: nameSchema,
    description: descriptionSchema,
    persona: {
      description:
        'A persona id (built-in or saved) or a persona written inline. Omitted: keep the current one.',
      oneOf: [idSchema, { $ref: '#/$defs/inlinePersona' }],
    },
    clientConfiguration: { $ref: '#/$defs/clientConfiguration' },
    errorConfiguration: { $ref: '#/$defs/errorConfiguration' },
    flags: { $ref: '#/$defs/flags' },
  },
  $defs: {
    inlinePersona: {
      type: 'object',
      required: ['name', 'responseConfiguration'],
      additionalProperties: false,
      properties: {
        id: idSchema,
        name: nameSchema,
        description: descriptionSchema,
        nameCy: personaProperties.nameCy,
        descriptionCy: personaProperties.descriptionCy,
        responseConfiguration: { $ref: '#/$defs/responseConfiguration' },
      },
    },
    responseConfiguration: RESPONSE_CONFIGURATION_SCHEMA,
    clientConfiguration: CLIENT_CONFIGURATION_SCHEMA,
    errorConfiguration: ERROR_CONFIGURATION_SCHEMA,
    fault: FAULT_SCHEMA,
    flags: FLAGS_SCHEMA,
  },
};

/** The text of a schema file, as written to server/schemas and <dataDir>/schemas. */
export function schemaFileText(schema: Schema): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
