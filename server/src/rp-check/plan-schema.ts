import { ID_PATTERN, MAX_ID_LENGTH } from '../shared/preset-id.js';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  NAME_PATTERN,
  SCENARIO_SCHEMA,
} from '../presets/preset-schemas.js';
import { MAX_DRIVE_TEXT, MAX_DRIVE_URL } from './drive/drive-settings.js';
import { MAX_LINE, MAX_STEPS, MAX_TIMEOUT_SECONDS } from './parse-plan.js';
import { STEP_KINDS } from './rp-check-types.js';

/**
 * The JSON Schema (draft 2020-12) of relying-party check plan files. A step's inline scenario
 * follows scenario.schema.json (its definitions are carried over). The simulator checks the same
 * rules (parse-plan.ts) plus those JSON Schema cannot state: step ids unique, a named scenario
 * exists. server/schemas/rp-check-plan.schema.json is this object written out (a test keeps
 * them equal).
 */

export const PLAN_SCHEMA_ID = 'urn:identity-simulator:schema:rp-check-plan:1';
/** What saved plan files put in "$schema": the schema copy kept in <dataDir>/schemas/. */
export const PLAN_SCHEMA_REF = '../schemas/rp-check-plan.schema.json';

type Schema = Record<string, unknown>;

const id: Schema = {
  type: 'string',
  maxLength: MAX_ID_LENGTH,
  pattern: ID_PATTERN,
  description: 'Lowercase letters, digits and single hyphens.',
};
const name: Schema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_NAME_LENGTH,
  pattern: NAME_PATTERN,
};
const line: Schema = { type: 'string', minLength: 1, maxLength: MAX_LINE, pattern: '\\S' };
const seconds = (description: string): Schema => ({
  type: 'integer',
  minimum: 1,
  maximum: MAX_TIMEOUT_SECONDS,
  description,
});

const address = (description: string): Schema => ({
  type: 'string',
  maxLength: MAX_DRIVE_URL,
  pattern: '^https?://',
  description,
});
const text = (description: string): Schema => ({
  type: 'string',
  minLength: 1,
  maxLength: MAX_DRIVE_TEXT,
  pattern: '\\S',
  description,
});

const { $schema: _s, $id: _i, $defs: scenarioDefs, title: _t, ...scenarioBody } = SCENARIO_SCHEMA;

export const PLAN_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: PLAN_SCHEMA_ID,
  title: 'Identity Simulator relying-party check plan',
  description:
    'An ordered list of steps. Each applies a scenario, tells the tester what to do and is judged from the requests the relying party sends.',
  type: 'object',
  required: ['name', 'steps'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    id: { ...id, description: 'The file name without .json.' },
    name,
    description: { type: 'string', maxLength: MAX_DESCRIPTION_LENGTH },
    timeoutSeconds: seconds(
      'A journey ends when the relying party sends nothing more for this long (default 10).',
    ),
    waitSeconds: seconds(
      'Unattended runs: how long a step waits for the first request before it is judged (default 120).',
    ),
    keySetMaxAgeSeconds: seconds(
      'During the run discovery and the key set advertise this max-age; a key rotation step publishes the new key, waits this long, then signs with it.',
    ),
    service: {
      type: 'object',
      required: ['signIn', 'signedIn'],
      additionalProperties: false,
      description:
        "The service's own addresses: the check drives the service itself, as the user's browser (the --drive-* flags win).",
      properties: {
        signIn: address('Opens a sign-in (authentication only).'),
        identitySignIn: address(
          'Opens a sign-in asking for identity; without it, identity steps are not judged.',
        ),
        signedIn: address(
          'The signed-in probe: answers 2xx, without sending the browser to sign in, only to a signed-in user.',
        ),
        signedInText: text('The probe counts as signed in only when its page shows this text.'),
        signOut: address('Signs the user out; opened after each step.'),
        identityText: text(
          'Shows the identity was accepted (default: the family name of the verified name in force).',
        ),
        reauthenticate: address(
          'Re-authenticates a signed-in user (the service asks the provider with prompt=login); without it the login_required step is not judged.',
        ),
      },
    },
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_STEPS,
      items: { $ref: '#/$defs/step' },
    },
  },
  $defs: {
    step: {
      type: 'object',
      required: ['id', 'title', 'kind', 'instruction', 'expectation'],
      additionalProperties: false,
      properties: {
        id: { ...id, description: 'Unique in the plan.' },
        title: name,
        kind: {
          enum: [...STEP_KINDS],
          description:
            'sign-in: completes the sign-in; id-token-defect: redeems the code, then neither calls /userinfo nor loops; authorize-error: never calls /token; key-rotation: fetches the key set again; jwks-outage: signs in with cached keys; core-identity-defect: the tester judges.',
        },
        scenario: {
          description:
            'A scenario id (built-in or saved) or a scenario written inline. Omitted: the setup the simulator started with.',
          oneOf: [id, { $ref: '#/$defs/scenario' }],
        },
        instruction: { ...line, description: 'What the tester does, in one line.' },
        expectation: { ...line, description: 'What a correct relying party does, in one line.' },
        expect: {
          type: 'object',
          additionalProperties: false,
          description:
            'What the journey must also show (sign-in steps), and what the step asks of it.',
          properties: {
            identity: {
              type: 'boolean',
              description: 'A P2 vtr with the coreIdentityJWT claim, and a core identity returned.',
            },
            returnCode: {
              type: 'boolean',
              description: 'The returnCode claim asked for, and return codes returned.',
            },
            reauthenticate: {
              type: 'boolean',
              description:
                'The user is already signed in and the sign-in is a re-authentication (prompt=login).',
            },
          },
        },
      },
    },
    scenario: scenarioBody,
    ...(scenarioDefs as Schema),
  },
};
