import { describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIOS } from './built-in-scenarios.js';
import { findBuiltInPersona } from './built-in-personas.js';
import { exportScenario, importScenario } from './scenario-formats.js';
import { resolvePortable, toScenario } from './resolve-preset.js';
import { EXPORT_FORMATS, type Persona, type Scenario } from './preset-types.js';
import { configFromEnv } from '../config/from-env.js';
import { parseEnvText } from './env-text.js';
import { defaultConfig } from '../config/defaults.js';

const saved: Persona = {
  id: 'my-tester',
  name: "Saved tester (O'Neill)",
  description: 'Saved in a data folder',
  builtIn: false,
  responseConfiguration: {
    ...defaultConfig().responseConfiguration,
    sub: 'urn:fdc:gov.uk:2022:saved',
    email: null,
    phoneNumber: null,
    postalAddressDetails: [
      { buildingName: "O'NEILL HOUSE", streetName: 'HIGH ST', addressCountry: 'GB' },
    ],
    returnCodes: [{ code: 'X' }],
  },
};
const lookup = (id: string) => (id === saved.id ? saved : findBuiltInPersona(id));

const custom: Scenario[] = [
  toScenario(
    {
      name: 'Everything at once: $dollars, "quotes" & O\'Brien',
      description: 'A description\nover two lines',
      persona: 'my-tester',
      clientConfiguration: {
        clientId: 'client-$1',
        scopes: ['openid', 'email'],
        redirectUrls: ['https://rp.example/cb?x=1', 'http://localhost:9000/cb'],
        postLogoutRedirectUrls: ['https://rp.example/bye'],
        claims: [
          'https://vocab.account.gov.uk/v1/passport',
          'https://vocab.account.gov.uk/v1/returnCode',
        ],
        clientLoCs: ['P2'],
        identityVerificationSupported: true,
        idTokenSigningAlgorithm: 'RS256',
        pkceEnforced: true,
        maxAgeEnabled: true,
        token_auth_method: 'client_secret_post',
        client_secret_hash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      },
      errorConfiguration: {
        idTokenErrors: ['INVALID_SIGNATURE', 'TOKEN_EXPIRED'],
        coreIdentityErrors: ['INCORRECT_SUB'],
        authoriseErrors: ['TEMPORARILY_UNAVAILABLE'],
      },
      flags: {
        publishNewIdTokenSigningKeys: true,
        useNewIdTokenSigningKeys: true,
        interactiveMode: true,
      },
    },
    'everything',
  ),
  toScenario(
    {
      name: 'Inline persona with unicode',
      persona: {
        name: 'Siân ap Gruffydd',
        responseConfiguration: {
          sub: 'urn:fdc:gov.uk:2022:siân',
          phoneNumber: '+447700900999',
          coreIdentityVerifiableCredentials: {
            type: ['VerifiableCredential', 'VerifiableIdentityCredential'],
            credentialSubject: {
              name: [{ nameParts: [{ value: 'SIÂN', type: 'GivenName' }] }],
              birthDate: [{ value: '2000-02-29' }],
            },
          },
          maxLoCAchieved: 'P3',
        },
      },
    },
    'inline-unicode',
  ),
];

const all = [...BUILT_IN_SCENARIOS, ...custom];

function resolved(s: Scenario) {
  const r = resolvePortable(s, lookup);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.config;
}

describe('export then import gives the same configuration', () => {
  for (const format of EXPORT_FORMATS)
    it.each(all.map((s) => [s.id, s]))(`${format}: %s`, (_id, scenario) => {
      const exported = exportScenario(scenario, format, lookup);
      expect(exported.ok).toBe(true);
      if (!exported.ok) return;
      const imported = importScenario(format, exported.value.text, {
        lookup,
        ...(format === 'config' ? { name: scenario.name } : {}),
      });
      expect(imported.ok, JSON.stringify(imported)).toBe(true);
      if (!imported.ok) return;
      expect(imported.value.scenario.name).toBe(scenario.name);
      if (format !== 'config') expect(imported.value.scenario.id).toBe(scenario.id);
      expect(resolved(imported.value.scenario)).toEqual(resolved(scenario));
      // Keeping the current persona survives the round trip too.
      expect(imported.value.scenario.persona === undefined).toBe(scenario.persona === undefined);
    });
});

describe('exports', () => {
  it('json: the scenario file, a saved persona written inline', () => {
    const exported = exportScenario(custom[0] as Scenario, 'json', lookup);
    if (!exported.ok) throw new Error('export failed');
    const doc = JSON.parse(exported.value.text) as Record<string, unknown>;
    expect(doc.$schema).toBe('../schemas/scenario.schema.json');
    expect(doc.persona).toMatchObject({ id: 'my-tester', name: saved.name });
    expect(exported.value.contentType).toBe('application/json');
  });

  it('json: a built-in persona stays a reference', () => {
    const s = BUILT_IN_SCENARIOS.find((x) => x.id === 'verified-with-passport') as Scenario;
    const exported = exportScenario(s, 'json', lookup);
    if (!exported.ok) throw new Error('export failed');
    expect(JSON.parse(exported.value.text).persona).toBe('identity-passport');
  });

  it('env: every new response variable, JSON single-quoted, nulls as NO_*', () => {
    const exported = exportScenario(custom[0] as Scenario, 'env', lookup);
    if (!exported.ok) throw new Error('export failed');
    const text = exported.value.text;
    expect(text).toContain(`POSTAL_ADDRESS_DETAILS='[{"buildingName":"O'\\''NEILL HOUSE"`);
    expect(text).toContain(`RETURN_CODES='[{"code":"X"}]'`);
    expect(text).toContain('NO_EMAIL=true');
    expect(text).toContain('NO_PHONE_NUMBER=true');
    expect(text).toContain("CLIENT_SECRET_HASH='$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$");
    expect(text).toMatch(/^# name: Everything at once/m);
    expect(text).toMatch(/^# description: A description over two lines$/m);
    // The variables give the configuration directly, too.
    const parsed = parseEnvText(text);
    if (!parsed.ok) throw new Error('parse failed');
    const settings = configFromEnv(parsed.value.vars);
    expect(settings.ok).toBe(true);
    if (settings.ok)
      expect({ ...settings.value.config, simulatorUrl: '' }).toEqual({
        ...resolved(custom[0] as Scenario),
        simulatorUrl: '',
      });
  });

  it('env: says which values no variable can express', () => {
    const s = toScenario({ name: 'No scopes', clientConfiguration: { scopes: [] } }, 'no-scopes');
    const exported = exportScenario(s, 'env', lookup);
    if (!exported.ok) throw new Error('export failed');
    expect(exported.value.text).toContain(
      '# not expressible as an environment variable: clientConfiguration.scopes = []',
    );
    expect(exported.value.text).not.toMatch(/^SCOPES=/m);
  });

  it('config: a POST /config body, without responses when the scenario keeps the persona', () => {
    const s = BUILT_IN_SCENARIOS.find((x) => x.id === 'pkce-enforced') as Scenario;
    const exported = exportScenario(s, 'config', lookup);
    if (!exported.ok) throw new Error('export failed');
    const body = JSON.parse(exported.value.text) as Record<string, unknown>;
    expect(Object.keys(body)).not.toContain('responseConfiguration');
    expect(body).toMatchObject({
      clientConfiguration: { pkceEnforced: true },
      errorConfiguration: { idTokenErrors: [] },
      interactiveMode: false,
    });
  });

  it('compose: an environment block with quoted values and $$', () => {
    const exported = exportScenario(custom[0] as Scenario, 'compose', lookup);
    if (!exported.ok) throw new Error('export failed');
    expect(exported.value.text).toMatch(/^environment:$/m);
    expect(exported.value.text).toContain("  PKCE_ENABLED: 'true'");
    expect(exported.value.text).toContain("  CLIENT_ID: 'client-$$1'");
  });

  it('refuses a scenario whose persona does not exist', () => {
    const s = toScenario({ name: 'Dangling', persona: 'gone' }, 'dangling');
    for (const format of ['env', 'config', 'compose'] as const)
      expect(exportScenario(s, format, lookup)).toMatchObject({
        ok: false,
        error: [{ path: 'persona' }],
      });
  });
});

describe('imports refuse bad input, listing every problem with its path', () => {
  const fail = (format: (typeof EXPORT_FORMATS)[number], text: string) => {
    const r = importScenario(format, text, { lookup });
    expect(r.ok).toBe(false);
    return r.ok ? [] : r.error.map((i) => i.path);
  };

  it('json', () => {
    // Syntax errors first (path ''), then what the text read so far lacks: its name.
    expect(fail('json', '{not json')).toEqual(['', '', '', 'name']);
    expect(fail('json', '[]')).toEqual(['']);
    expect(
      fail(
        'json',
        JSON.stringify({
          name: 'x',
          persona: 'nobody',
          clientConfiguration: { pkceEnforced: 'yes' },
        }),
      ),
    ).toEqual(['clientConfiguration.pkceEnforced']);
    expect(fail('json', JSON.stringify({ name: 'x', persona: 'nobody' }))).toEqual(['persona']);
    expect(
      fail('json', JSON.stringify({ name: 'x', flags: { useNewIdTokenSigningKeys: true } })),
    ).toEqual(['flags.useNewIdTokenSigningKeys']);
  });

  it('config', () => {
    expect(
      fail(
        'config',
        JSON.stringify({
          clientConfiguration: { scopes: 'openid' },
          responseConfiguration: { maxLoCAchieved: 'P7' },
          errorConfiguration: { idTokenErrors: ['NOT_A_THING'] },
          surprise: 1,
        }),
      ).sort(),
    ).toEqual(
      [
        'surprise',
        'clientConfiguration.scopes',
        'responseConfiguration.maxLoCAchieved',
        'errorConfiguration.idTokenErrors[0]',
      ].sort(),
    );
  });

  it('env', () => {
    expect(
      fail(
        'env',
        [
          'PKCE_ENABLED=maybe',
          'MAX_LOC_ACHIEVED=P9',
          'RETURN_CODES=\'[{"code":1}]\'',
          "PASSPORT_DETAILS='{broken'",
          'ID_TOKEN_ERRORS=INVALID_SIGNATURE,NOT_REAL',
          'FAVOURITE_COLOUR=blue',
          'PHONE_NUMBER=+44',
          'NO_PHONE_NUMBER=true',
        ].join('\n'),
      ).sort(),
    ).toEqual(
      [
        'PKCE_ENABLED',
        'MAX_LOC_ACHIEVED',
        'RETURN_CODES',
        'PASSPORT_DETAILS',
        'ID_TOKEN_ERRORS',
        'FAVOURITE_COLOUR',
        'NO_PHONE_NUMBER',
      ].sort(),
    );
  });

  it('says on which line an unknown variable is, and which one it probably meant', () => {
    const env = importScenario(
      'env',
      '# a comment\nSUB=urn:x\n\nPKCE_ENABLD=true\nDATABASE_URL=x\n',
      {
        lookup,
      },
    );
    expect(env.ok).toBe(false);
    if (!env.ok)
      expect(env.error).toEqual([
        {
          path: 'PKCE_ENABLD',
          message: 'is not a variable the simulator reads; did you mean PKCE_ENABLED? (line 4)',
        },
        { path: 'DATABASE_URL', message: 'is not a variable the simulator reads (line 5)' },
      ]);
    const compose = importScenario('compose', 'environment:\n  SUB: x\n  CLEINT_ID: abc\n', {
      lookup,
    });
    expect(compose.ok).toBe(false);
    if (!compose.ok)
      expect(compose.error).toEqual([
        {
          path: 'CLEINT_ID',
          message: 'is not a variable the simulator reads; did you mean CLIENT_ID? (line 3)',
        },
      ]);
  });

  it('compose', () => {
    expect(
      fail('compose', 'environment:\n  CORE_IDENTITY_VC: "[1]"\n  SUB: "   "\n').sort(),
    ).toEqual(['CORE_IDENTITY_VC', 'SUB'].sort());
  });

  it('leaves deployment settings out with a warning', () => {
    const r = importScenario('env', 'PORT=4000\nSIMULATOR_URL=http://x\nPKCE_ENABLED=true\n', {
      lookup,
      name: 'Deploy',
    });
    expect(r).toMatchObject({ ok: true, value: { scenario: { name: 'Deploy', id: 'deploy' } } });
    if (r.ok) expect(r.value.warnings).toHaveLength(2);
  });
});

describe('imports with JSON syntax errors list every error and the other problems too', () => {
  it('json and config: each syntax error with its line and column, then the field problems', () => {
    const text =
      '{\n  "name": "x",\n  "persona": "nobody" \n  "clientConfiguration": { "pkceEnforced": "yes", }\n}';
    const r = importScenario('json', text, { lookup });
    expect(r.ok).toBe(false);
    const issues = r.ok ? [] : r.error;
    const syntax = issues.filter((i) => i.path === '').map((i) => i.message);
    expect(syntax).toEqual([
      'is not valid JSON (CommaExpected at line 4, column 3)',
      'is not valid JSON (PropertyNameExpected at line 4, column 51)',
      'is not valid JSON (ValueExpected at line 4, column 51)',
    ]);
    expect(issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['clientConfiguration.pkceEnforced']),
    );
    const config = importScenario(
      'config',
      '{"responseConfiguration": {"maxLoCAchieved": "P7"} "x": 1',
      {
        lookup,
      },
    );
    const paths = config.ok ? [] : config.error.map((i) => `${i.path}: ${i.message}`);
    expect(paths.some((p) => p.startsWith(': is not valid JSON (CommaExpected'))).toBe(true);
    expect(paths.some((p) => p.startsWith('responseConfiguration.maxLoCAchieved'))).toBe(true);
  });

  it('text that is not JSON at all, or nested past any reader, still gets one clear problem', () => {
    const r = importScenario('json', 'hello world', { lookup });
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error[0]?.message).toMatch(
      /^is not valid JSON \(InvalidSymbol at line 1, column 1\)$/,
    );
    const deep = `${'['.repeat(200_000)}x`;
    const d = importScenario('json', deep, { lookup });
    expect(d.ok).toBe(false);
    expect(d.ok ? [] : d.error.map((i) => i.message)).toEqual([
      expect.stringMatching(/^is (not valid JSON|nested more than)/),
    ]);
  });
});

describe('imports are not fooled by prototype keys', () => {
  it('refuses __proto__ and friends as variable names or fields', () => {
    const env = importScenario('env', '__proto__=x\nconstructor=y\n', { lookup });
    expect(env.ok).toBe(false);
    if (!env.ok) expect(env.error.map((i) => i.path)).toEqual(['__proto__', 'constructor']);
    const json = importScenario('json', '{"name":"x","__proto__":{"polluted":true}}', { lookup });
    expect(json.ok).toBe(false);
    if (!json.ok) expect(json.error.map((i) => i.path)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
