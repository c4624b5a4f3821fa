/**
 * The JSON Schema documents: server/schemas/*.schema.json match the objects the simulator serves,
 * are valid draft 2020-12, and accept exactly what the simulator's own checks accept (checked
 * with an independent validator, Ajv, over generated documents).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  PERSONA_SCHEMA,
  PERSONA_SCHEMA_ID,
  SCENARIO_SCHEMA,
  SCENARIO_SCHEMA_ID,
} from './preset-schemas.js';
import { parsePersonaDocument, parseScenarioDocument } from './parse-preset.js';
import { BUILT_IN_PERSONAS } from './built-in-personas.js';
import { BUILT_IN_SCENARIOS } from './built-in-scenarios.js';
import { personaToDocument, scenarioToDocument } from './resolve-preset.js';

const schemaFile = (name: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../schemas/${name}`, import.meta.url)), 'utf8'),
  ) as unknown;

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validatePersona = ajv.compile(PERSONA_SCHEMA);
const validateScenario = ajv.compile(SCENARIO_SCHEMA);

describe('schema files', () => {
  it('server/schemas holds the schemas the simulator serves (regenerate them if this fails)', () => {
    expect(schemaFile('persona.schema.json')).toEqual(PERSONA_SCHEMA);
    expect(schemaFile('scenario.schema.json')).toEqual(SCENARIO_SCHEMA);
  });

  it('are draft 2020-12 documents with an $id', () => {
    expect(PERSONA_SCHEMA.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(PERSONA_SCHEMA.$id).toBe(PERSONA_SCHEMA_ID);
    expect(SCENARIO_SCHEMA.$id).toBe(SCENARIO_SCHEMA_ID);
    expect(ajv.validateSchema(PERSONA_SCHEMA)).toBe(true);
    expect(ajv.validateSchema(SCENARIO_SCHEMA)).toBe(true);
  });

  it('accept every built-in persona and scenario file', () => {
    for (const p of BUILT_IN_PERSONAS) expect(validatePersona(personaToDocument(p))).toBe(true);
    for (const s of BUILT_IN_SCENARIOS) expect(validateScenario(scenarioToDocument(s))).toBe(true);
  });
});

const pick = <T>(values: T[]) => fc.constantFrom(...values);
/** Mostly valid values, sometimes an invalid one: so that both outcomes are common. */
const field = (valid: unknown[], invalid: unknown[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 12 },
    { arbitrary: fc.constantFrom(...invalid), weight: 1 },
  );
/** A key that should not be there, now and then. */
const rare = (value: unknown) => fc.option(fc.constant(value), { nil: undefined, freq: 15 });
const defined = <T extends Record<string, unknown>>(arb: fc.Arbitrary<T>) =>
  arb.map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));

const responseArb = defined(
  fc.record(
    {
      sub: field(['urn:fdc:gov.uk:2022:abc'], ['', '   ', 5, null]),
      email: field(['a@example.com', '', null], [3]),
      emailVerified: field([true, false], ['true', null]),
      phoneNumber: field(['+447700900000', null], [7]),
      phoneNumberVerified: field([true], [0]),
      maxLoCAchieved: field(['P0', 'P2', 'P3'], ['P4', 2]),
      coreIdentityVerifiableCredentials: field([{}, null, { type: 'x' }], [[], 'vc']),
      passportDetails: field([[], null, [{}], [{ documentNumber: 1 }]], [[1], {}, [[]]]),
      drivingPermitDetails: field([null, [{ issuedBy: 'DVLA' }]], ['x']),
      postalAddressDetails: field([null, [{ uprn: 1 }]], [[null], Array(101).fill({})]),
      returnCodes: field(
        [[], null, [{ code: 'X' }], [{ code: 'X', extra: 1 }]],
        [[{ code: '' }], [{}], [{ code: 1 }], 'X'],
      ),
      shoeSize: rare(9),
    },
    { requiredKeys: [] },
  ),
);

const nameArb = field(['Pat', 'Siân', 'a\u2028b'], ['', '  ', 'a\nb', 'x'.repeat(101), 5]);
const idArb = field(['ok-id', 'a1'], ['Bad', 'a--b', '-a', 'x'.repeat(65)]);

const personaArb = defined(
  fc.record(
    {
      $schema: field(['../schemas/persona.schema.json'], [4]),
      id: idArb,
      name: nameArb,
      description: field(['text'], ['x'.repeat(2001), 1]),
      responseConfiguration: fc.oneof(
        { arbitrary: responseArb, weight: 12 },
        { arbitrary: pick<unknown>([null, [], 'x']), weight: 1 },
      ),
      extra: rare(1),
    },
    { requiredKeys: ['name', 'responseConfiguration'] },
  ),
).chain((doc) =>
  // Now and then drop a required key.
  fc.constantFrom('', '', '', '', '', '', 'name', 'responseConfiguration').map((drop) => {
    const copy: Record<string, unknown> = { ...doc };
    if (drop) delete copy[drop];
    return copy;
  }),
);

const scenarioArb = defined(
  fc.record(
    {
      $schema: field(['../schemas/scenario.schema.json'], [1]),
      id: idArb,
      name: nameArb,
      description: field(['text'], [3]),
      persona: fc.oneof(
        { arbitrary: field(['identity-passport'], ['../x', 5, null]), weight: 2 },
        {
          arbitrary: defined(
            fc.record(
              { id: idArb, name: nameArb, responseConfiguration: responseArb, $schema: rare('x') },
              { requiredKeys: ['name', 'responseConfiguration'] },
            ),
          ),
          weight: 1,
        },
      ),
      clientConfiguration: fc.oneof(
        {
          arbitrary: defined(
            fc.record(
              {
                pkceEnforced: field([true, false], ['yes']),
                scopes: field([['openid'], []], [['bad'], 'openid']),
                idTokenSigningAlgorithm: field(['RS256'], ['HS256']),
                clientLoCs: field([['P2']], [['P9']]),
                claims: field([[], ['https://vocab.account.gov.uk/v1/passport']], [['passport']]),
                clientId: field(['abc'], ['', ' ']),
                token_auth_method: field(['client_secret_post'], ['none']),
                client_secret_hash: field([null], ['plain']),
                unknownField: rare(1),
              },
              { requiredKeys: [] },
            ),
          ),
          weight: 12,
        },
        { arbitrary: pick<unknown>([null, 'x']), weight: 1 },
      ),
      errorConfiguration: fc.oneof(
        {
          arbitrary: defined(
            fc.record(
              {
                idTokenErrors: field([['INVALID_SIGNATURE'], []], [['NOPE'], 'x']),
                authoriseErrors: field([['ACCESS_DENIED']], [[1]]),
                coreIdentityErrors: field([['INCORRECT_SUB']], [['INCORRECT_VOT']]),
                other: rare([]),
              },
              { requiredKeys: [] },
            ),
          ),
          weight: 12,
        },
        { arbitrary: pick<unknown>([[], 1]), weight: 1 },
      ),
      flags: fc.oneof(
        {
          arbitrary: defined(
            fc.record(
              { interactiveMode: field([true, false], ['true']), bogus: rare(true) },
              { requiredKeys: [] },
            ),
          ),
          weight: 12,
        },
        { arbitrary: pick<unknown>(['on']), weight: 1 },
      ),
    },
    { requiredKeys: ['name'] },
  ),
);

describe('the schemas and the simulator agree', () => {
  it('on persona documents', () => {
    fc.assert(
      fc.property(personaArb, (doc) => {
        const ours = parsePersonaDocument(doc).ok;
        const theirs = validatePersona(doc);
        expect({ doc, ours }).toEqual({ doc, ours: theirs });
      }),
      { numRuns: 1500 },
    );
  });

  it('on scenario documents', () => {
    fc.assert(
      fc.property(scenarioArb, (doc) => {
        const ours = parseScenarioDocument(doc).ok;
        const theirs = validateScenario(doc);
        expect({ doc, ours }).toEqual({ doc, ours: theirs });
      }),
      { numRuns: 1500 },
    );
  });
});

describe('the generated documents', () => {
  it('include both valid and invalid ones, so the agreement means something', () => {
    const personas = fc.sample(personaArb, { numRuns: 3000, seed: 1 });
    const scenarios = fc.sample(scenarioArb, { numRuns: 3000, seed: 1 });
    const validPersonas = personas.filter((d) => parsePersonaDocument(d).ok).length;
    const validScenarios = scenarios.filter((d) => parseScenarioDocument(d).ok).length;
    expect(validPersonas).toBeGreaterThan(5);
    expect(validPersonas).toBeLessThan(personas.length);
    expect(validScenarios).toBeGreaterThan(5);
    expect(validScenarios).toBeLessThan(scenarios.length);
  });
});
