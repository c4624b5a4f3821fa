import { describe, expect, it } from 'vitest';
import { parsePersonaDocument, parseScenarioDocument, isValidName } from './parse-preset.js';

const paths = (r: { ok: boolean; error?: { path: string }[] }) =>
  r.ok ? [] : (r.error ?? []).map((i) => i.path);

describe('parsePersonaDocument', () => {
  it('accepts a minimal persona and a $schema reference', () => {
    const r = parsePersonaDocument({
      $schema: '../schemas/persona.schema.json',
      name: 'Minimal',
      responseConfiguration: { sub: 'urn:fdc:gov.uk:2022:abc' },
    });
    expect(r.ok).toBe(true);
  });

  it('reports every problem with its field path', () => {
    const r = parsePersonaDocument({
      id: '../../etc',
      name: '',
      description: 5,
      colour: 'blue',
      responseConfiguration: {
        sub: '  ',
        email: 42,
        emailVerified: 'yes',
        maxLoCAchieved: 'P9',
        passportDetails: [1],
        returnCodes: [{ code: '' }],
        coreIdentityVerifiableCredentials: [],
        shoeSize: 9,
      },
    });
    expect(r.ok).toBe(false);
    expect(paths(r).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'colour',
        'responseConfiguration.sub',
        'responseConfiguration.email',
        'responseConfiguration.emailVerified',
        'responseConfiguration.maxLoCAchieved',
        'responseConfiguration.passportDetails',
        'responseConfiguration.returnCodes',
        'responseConfiguration.coreIdentityVerifiableCredentials',
        'responseConfiguration.shoeSize',
      ].sort(),
    );
    if (!r.ok) {
      const byPath = Object.fromEntries(r.error.map((i) => [i.path, i.message]));
      expect(byPath['responseConfiguration.maxLoCAchieved']).toBe('must be one of P0, P1, P2, P3');
      expect(byPath.colour).toBe('unknown field');
    }
  });

  it('requires a name and a response configuration', () => {
    expect(paths(parsePersonaDocument({}))).toEqual(['name', 'responseConfiguration']);
    expect(paths(parsePersonaDocument({ name: 'x', responseConfiguration: [] }))).toEqual([
      'responseConfiguration',
    ]);
  });

  it.each([null, [], 'persona', 7, true])('refuses a document that is not an object: %j', (v) => {
    expect(paths(parsePersonaDocument(v))).toEqual(['']);
  });

  it('takes an optional Welsh name and description, checked as the English ones', () => {
    const base = { name: 'Tess', responseConfiguration: {} };
    expect(
      parsePersonaDocument({ ...base, nameCy: 'Tess (Cymraeg)', descriptionCy: 'Disgrifiad' }).ok,
    ).toBe(true);
    for (const nameCy of [null, 7, [], {}, '', '   ', 'a\nb', 'x'.repeat(101)])
      expect(paths(parsePersonaDocument({ ...base, nameCy })), JSON.stringify(nameCy)).toEqual([
        'nameCy',
      ]);
    for (const descriptionCy of [null, 7, [], {}, 'x'.repeat(2001)])
      expect(
        paths(parsePersonaDocument({ ...base, descriptionCy })),
        JSON.stringify(descriptionCy),
      ).toEqual(['descriptionCy']);
    expect(
      paths(
        parseScenarioDocument({ name: 'S', persona: { ...base, nameCy: 5, descriptionCy: [] } }),
      ),
    ).toEqual(['persona.nameCy', 'persona.descriptionCy']);
  });

  it('refuses names with control characters or too long', () => {
    expect(isValidName('Line\nbreak')).toBe(false);
    expect(isValidName('Tab\there')).toBe(false);
    expect(isValidName('x'.repeat(101))).toBe(false);
    expect(isValidName('Welsh: Siân ap Gruffydd')).toBe(true);
  });
});

describe('parseScenarioDocument', () => {
  it('accepts a persona by id, inline, client changes, errors and flags', () => {
    expect(
      parseScenarioDocument({
        name: 'All',
        persona: 'identity-passport',
        clientConfiguration: { pkceEnforced: true, scopes: ['openid'] },
        errorConfiguration: { idTokenErrors: ['INVALID_SIGNATURE'] },
        flags: { publishNewIdTokenSigningKeys: true },
      }).ok,
    ).toBe(true);
    expect(
      parseScenarioDocument({
        name: 'Inline',
        persona: { name: 'Pat', responseConfiguration: { phoneNumber: null } },
      }).ok,
    ).toBe(true);
  });

  it('reports unknown error names and wrong types with paths', () => {
    const r = parseScenarioDocument({
      name: 'Bad',
      persona: { name: 'P', responseConfiguration: { sub: '' }, extra: 1 },
      clientConfiguration: { pkceEnforced: 'yes', idTokenSigningAlgorithm: 'HS256', nope: 1 },
      errorConfiguration: { idTokenErrors: ['INVALID_SIGNATURE', 'MADE_UP'], authoriseErrors: 'x' },
      flags: { interactiveMode: 'true', other: true },
    });
    expect(paths(r).sort()).toEqual(
      [
        'persona.responseConfiguration.sub',
        'persona.extra',
        'clientConfiguration.pkceEnforced',
        'clientConfiguration.idTokenSigningAlgorithm',
        'clientConfiguration.nope',
        'errorConfiguration.idTokenErrors[1]',
        'errorConfiguration.authoriseErrors',
        'flags.interactiveMode',
        'flags.other',
      ].sort(),
    );
  });

  it('accepts the new switches, faults and retirement flags; refuses bad ones with paths', () => {
    expect(
      parseScenarioDocument({
        name: 'Outage',
        errorConfiguration: {
          tokenErrors: ['INVALID_GRANT'],
          userInfoErrors: ['INVALID_TOKEN'],
          faults: [{ target: 'jwks', kind: 'outage', status: 503, requests: 2 }],
        },
        flags: { retireOldIdTokenSigningKeys: true },
      }).ok,
    ).toBe(true);
    const r = parseScenarioDocument({
      name: 'Bad',
      errorConfiguration: {
        tokenErrors: ['NOPE'],
        userInfoErrors: 'INVALID_TOKEN',
        faults: [
          { target: 'mars', kind: 'drop' },
          { target: 'jwks', kind: 'latency', ms: -3 },
        ],
      },
      flags: { retireOldCoreIdentitySigningKeys: 'yes' },
    });
    expect(paths(r).sort()).toEqual(
      [
        'errorConfiguration.tokenErrors[0]',
        'errorConfiguration.userInfoErrors',
        'errorConfiguration.faults[0].target',
        'errorConfiguration.faults[1].ms',
        'flags.retireOldCoreIdentitySigningKeys',
      ].sort(),
    );
  });

  it('refuses a persona that is neither an id nor an object', () => {
    expect(paths(parseScenarioDocument({ name: 'x', persona: 3 }))).toEqual(['persona']);
    expect(paths(parseScenarioDocument({ name: 'x', persona: '../x' }))).toEqual(['persona']);
  });

  it('refuses oversize lists', () => {
    const r = parseScenarioDocument({
      name: 'x',
      errorConfiguration: { idTokenErrors: Array(101).fill('INVALID_SIGNATURE') },
    });
    expect(paths(r)).toEqual(['errorConfiguration.idTokenErrors']);
  });
});
