import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config/defaults.js';
import type { ResponseConfiguration } from '../../config/config-types.js';
import { MAX_STRING } from '../../config/field-rules.js';
import { CHECKBOXES_SHOWN, FORM_FIELDS } from './form-fields.js';
import { MAX_JSON_DEPTH, parseFormSubmission, type FormIssue } from './parse-form-submission.js';

const configured = (): ResponseConfiguration => defaultConfig().responseConfiguration;

function accepted(body: Record<string, unknown>): ResponseConfiguration {
  const result = parseFormSubmission(body, configured());
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error.issues)}`);
  return result.value;
}

function refused(body: Record<string, unknown>): FormIssue[] {
  const result = parseFormSubmission(body, configured());
  if (result.ok) throw new Error('accepted');
  return result.error.issues;
}

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('parseFormSubmission: absent fields keep the configured values', () => {
  it('an empty body changes nothing', () => {
    expect(accepted({})).toEqual(configured());
  });

  it('a body that is not an object changes nothing', () => {
    for (const body of [undefined, null, 'sub=x', 42, ['sub']]) {
      const result = parseFormSubmission(body, configured());
      expect(result.ok && result.value).toEqual(configured());
    }
  });

  it.each(FORM_FIELDS.map((f) => f.key))('%s left out keeps its configured value', (key) => {
    const base = { ...configured(), emailVerified: true, phoneNumberVerified: true };
    const others = Object.fromEntries(
      FORM_FIELDS.filter((f) => f.key !== key && f.kind === 'text').map((f) => [
        f.key,
        f.key === 'maxLoCAchieved' ? 'P1' : 'changed',
      ]),
    );
    const result = parseFormSubmission(others, base);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value[key]).toEqual(key in others ? others[key] : base[key]);
  });

  it('unknown fields, including forged redirect targets, are ignored', () => {
    expect(
      accepted({
        redirectUri: 'http://evil.example/cb',
        redirect_uri: 'http://evil.example/cb',
        authRequestParams: 'eyJ9',
        state: 'forged',
        continue: 'continue',
      }),
    ).toEqual(configured());
  });

  it('the configured values are copied, not shared', () => {
    const base = configured();
    const result = parseFormSubmission({}, base);
    expect(result.ok && result.value.postalAddressDetails).not.toBe(base.postalAddressDetails);
  });
});

describe('parseFormSubmission: sub', () => {
  it('accepts any non-empty string', () => {
    expect(accepted({ sub: 'urn:fdc:gov.uk:2022:abc' }).sub).toBe('urn:fdc:gov.uk:2022:abc');
  });
  it.each([
    ['', 'required', 'must not be empty'],
    ['   ', 'required', 'must not be empty'],
    [['a', 'b'], 'single', 'must be a string'],
    [42, 'text', 'must be a string'],
    [null, 'required', 'must be a string'],
    ['x'.repeat(MAX_STRING + 1), 'tooLong', `must be at most ${MAX_STRING} characters`],
  ])('refuses %j (%s)', (sub, code, msg) => {
    expect(refused({ sub })).toEqual([{ field: 'sub', code, msg }]);
  });
});

describe.each(['email', 'phoneNumber'] as const)('parseFormSubmission: %s', (key) => {
  it('accepts a string', () => {
    expect(accepted({ [key]: 'value@example.com' })[key]).toBe('value@example.com');
  });
  it('empty (or blank) means null', () => {
    expect(accepted({ [key]: '' })[key]).toBeNull();
    expect(accepted({ [key]: '  ' })[key]).toBeNull();
  });
  it('null from a JSON body means null', () => {
    expect(accepted({ [key]: null })[key]).toBeNull();
  });
  it.each([
    [['a', 'b'], 'single'],
    [{ a: 1 }, 'text'],
    [true, 'text'],
    ['x'.repeat(MAX_STRING + 1), 'tooLong'],
  ])('refuses %j (%s)', (value, code) => {
    const issues = refused({ [key]: value });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ field: key, code });
  });
});

describe('parseFormSubmission: maxLoCAchieved', () => {
  it.each(['P0', 'P1', 'P2', 'P3', ' P3 '])('accepts %j', (value) => {
    expect(accepted({ maxLoCAchieved: value }).maxLoCAchieved).toBe(value.trim());
  });
  it.each(['P9', '', 'p2', 'P2.Cl.Cm', '<script>'])('refuses %j', (value) => {
    expect(refused({ maxLoCAchieved: value })).toEqual([
      { field: 'maxLoCAchieved', code: 'level', msg: 'must be one of P0, P1, P2, P3' },
    ]);
  });
  it('refuses a repeated key', () => {
    expect(refused({ maxLoCAchieved: ['P1', 'P2'] })[0]).toMatchObject({ code: 'single' });
  });
});

describe.each(['emailVerified', 'phoneNumberVerified'] as const)(
  'parseFormSubmission: %s',
  (key) => {
    const base = { ...configured(), [key]: true };
    const parse = (body: Record<string, unknown>) => parseFormSubmission(body, base);

    it('"true" (a ticked box) means true', () => {
      const r = parseFormSubmission({ [key]: 'true' }, { ...configured(), [key]: false });
      expect(r.ok && r.value[key]).toBe(true);
    });
    it('left out while the form showed it (unticked) means false', () => {
      const r = parse({ [CHECKBOXES_SHOWN]: ['emailVerified', 'phoneNumberVerified'] });
      expect(r.ok && r.value[key]).toBe(false);
    });
    it('left out, the form not showing it, keeps the configured value', () => {
      const r = parse({ sub: 'someone' });
      expect(r.ok && r.value[key]).toBe(true);
    });
    it('a marker naming only the other checkbox keeps this one', () => {
      const other = key === 'emailVerified' ? 'phoneNumberVerified' : 'emailVerified';
      const r = parse({ [CHECKBOXES_SHOWN]: other });
      expect(r.ok && r.value[key]).toBe(true);
      expect(r.ok && r.value[other]).toBe(false);
    });
    it.each([
      ['false', false],
      ['', false],
      [false, false],
      [true, true],
    ])('%j means %j', (value, expected) => {
      const r = parse({ [key]: value });
      expect(r.ok && r.value[key]).toBe(expected);
    });
    it.each(['on', 'yes', '1', 'TRUE', ['true', 'false'], 1, null])('refuses %j', (value) => {
      expect(refused({ [key]: value })).toEqual([
        { field: key, code: 'boolean', msg: 'must be true or false (a JSON boolean)' },
      ]);
    });
  },
);

describe('parseFormSubmission: coreIdentityVerifiableCredentials', () => {
  const vc = { type: ['VerifiableCredential'], credentialSubject: { name: [] } };
  it('accepts a JSON object, as text or as a value', () => {
    expect(accepted({ coreIdentityVerifiableCredentials: JSON.stringify(vc) })).toMatchObject({
      coreIdentityVerifiableCredentials: vc,
    });
    expect(accepted({ coreIdentityVerifiableCredentials: vc })).toMatchObject({
      coreIdentityVerifiableCredentials: vc,
    });
  });
  it('an empty box means null', () => {
    expect(accepted({ coreIdentityVerifiableCredentials: ' \n' })).toMatchObject({
      coreIdentityVerifiableCredentials: null,
    });
  });
  it.each(['[]', '"text"', '42', 'true'])('refuses JSON that is not an object: %s', (text) => {
    expect(refused({ coreIdentityVerifiableCredentials: text })).toEqual([
      {
        field: 'coreIdentityVerifiableCredentials',
        code: 'shape',
        msg: 'must be a JSON object or null',
      },
    ]);
  });
  it('refuses invalid JSON, saying where', () => {
    const [issue] = refused({ coreIdentityVerifiableCredentials: '{"type": }' });
    expect(issue).toMatchObject({ field: 'coreIdentityVerifiableCredentials', code: 'json' });
    expect(issue?.msg).toMatch(/^must be valid JSON \(/);
  });
});

describe.each(['passportDetails', 'drivingPermitDetails', 'postalAddressDetails'] as const)(
  'parseFormSubmission: %s',
  (key) => {
    it('accepts a JSON array of objects', () => {
      expect(accepted({ [key]: '[{"documentNumber": "1"}]' })[key]).toEqual([
        { documentNumber: '1' },
      ]);
      expect(accepted({ [key]: [] })[key]).toEqual([]);
    });
    it('an empty box means null', () => {
      expect(accepted({ [key]: '' })[key]).toBeNull();
    });
    it.each(['{}', '[1, 2]', '["a"]', '"x"', 'null x'])('refuses %s', (text) => {
      const [issue] = refused({ [key]: text });
      expect(issue?.field).toBe(key);
      expect(['shape', 'json']).toContain(issue?.code);
    });
    it('refuses invalid JSON', () => {
      expect(refused({ [key]: '[{' })[0]).toMatchObject({ field: key, code: 'json' });
    });
    it('refuses more than 100 items', () => {
      const many = JSON.stringify(Array.from({ length: 101 }, () => ({})));
      expect(refused({ [key]: many })).toEqual([
        { field: key, code: 'tooMany', msg: 'must have at most 100 items' },
      ]);
    });
    it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels`, () => {
      expect(refused({ [key]: JSON.stringify([nested(MAX_JSON_DEPTH)]) })[0]).toMatchObject({
        field: key,
        code: 'tooDeep',
      });
      expect(accepted({ [key]: JSON.stringify([nested(MAX_JSON_DEPTH - 2)]) })[key]).toHaveLength(
        1,
      );
    });
    it('refuses a repeated key', () => {
      expect(refused({ [key]: ['[]', '[]'] })[0]).toMatchObject({ field: key, code: 'shape' });
    });
  },
);

describe('parseFormSubmission: returnCodes', () => {
  it('accepts objects with a string code', () => {
    expect(accepted({ returnCodes: '[{"code": "A"}, {"code": "B"}]' }).returnCodes).toEqual([
      { code: 'A' },
      { code: 'B' },
    ]);
    expect(accepted({ returnCodes: '[]' }).returnCodes).toEqual([]);
    expect(accepted({ returnCodes: '' }).returnCodes).toBeNull();
  });
  it.each(['[{"code": 1}]', '[{"code": ""}]', '[{}]', '["A"]', '{"code": "A"}'])(
    'refuses %s',
    (text) => {
      expect(refused({ returnCodes: text })[0]).toMatchObject({
        field: 'returnCodes',
        code: 'shape',
      });
    },
  );
  it('refuses invalid JSON', () => {
    expect(refused({ returnCodes: '[{"code": "A"' })[0]).toMatchObject({ code: 'json' });
  });
});

describe('parseFormSubmission: several problems at once', () => {
  it('reports each invalid field once, in form order, and keeps what was typed', () => {
    const result = parseFormSubmission(
      {
        returnCodes: 'nope',
        sub: '',
        maxLoCAchieved: 'P9',
        email: 'kept@example.com',
        emailVerified: 'maybe',
      },
      configured(),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.issues.map((i) => i.field)).toEqual([
      'sub',
      'emailVerified',
      'maxLoCAchieved',
      'returnCodes',
    ]);
    expect(result.error.submitted).toEqual({
      sub: '',
      email: 'kept@example.com',
      emailVerified: false,
      maxLoCAchieved: 'P9',
      returnCodes: 'nope',
    });
  });

  it('survives hostile input of every kind without throwing', () => {
    const hostile = [
      '"><script>alert(1)</script>',
      '\u0000',
      '{"__proto__": {"polluted": true}}',
      '[{"__proto__": {"polluted": true}}]',
      'x'.repeat(90_000),
      '['.repeat(5000),
      '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
      '[{"a":' + '[{"a":'.repeat(10_000) + '1' + '}]'.repeat(10_001),
    ];
    for (const value of hostile) {
      const body = Object.fromEntries(FORM_FIELDS.map((f) => [f.key, value]));
      expect(() => parseFormSubmission(body, configured())).not.toThrow();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
