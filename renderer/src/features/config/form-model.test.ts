import { describe, expect, it } from 'vitest';
import { sampleConfig } from '../../../test/fake-admin-client.js';
import {
  ADDRESS_PROPERTIES,
  changedFields,
  getIn,
  isChangedFromDefault,
  propertyText,
  propertyValue,
  readIdentity,
  rowsValue,
  setIn,
  toggleInList,
  writeIdentity,
} from './form-model.js';

describe('getIn / setIn', () => {
  it('reads and writes nested values without touching the original', () => {
    const config = sampleConfig();
    const next = setIn(config, ['responseConfiguration', 'email'], 'x@example.com');
    expect(getIn(next, ['responseConfiguration', 'email'])).toBe('x@example.com');
    expect(config.responseConfiguration.email).toBe('test@example.com');
    expect(next.clientConfiguration).toBe(config.clientConfiguration);
  });

  it('writes inside arrays and creates missing containers', () => {
    expect(setIn({ list: ['a', 'b'] }, ['list', 1], 'c')).toEqual({ list: ['a', 'c'] });
    expect(setIn({}, ['a', 0], 'x')).toEqual({ a: ['x'] });
    expect(getIn({ a: null }, ['a', 'b'])).toBeUndefined();
  });
});

describe('changed from default', () => {
  it('marks a changed field and not the others', () => {
    const defaults = sampleConfig();
    const draft = setIn(defaults, ['responseConfiguration', 'email'], 'other@example.com');
    expect(isChangedFromDefault(draft, defaults, ['responseConfiguration', 'email'])).toBe(true);
    expect(isChangedFromDefault(draft, defaults, ['responseConfiguration', 'sub'])).toBe(false);
    expect(isChangedFromDefault(draft, null, ['responseConfiguration', 'email'])).toBe(false);
  });

  it('treats empty and absent as the same', () => {
    const defaults = sampleConfig();
    const draft = setIn(defaults, ['clientConfiguration', 'jwksUrl'], '');
    expect(isChangedFromDefault(draft, defaults, ['clientConfiguration', 'jwksUrl'])).toBe(false);
  });

  it('lists the labels of the fields that differ', () => {
    const a = sampleConfig();
    const b = { ...setIn(a, ['clientConfiguration', 'scopes'], ['openid']), interactiveMode: true };
    expect(changedFields(a, b)).toEqual(['Scopes', 'Interactive mode']);
    expect(changedFields(a, null)).toEqual([]);
  });
});

describe('lists and properties', () => {
  it('toggles an item keeping the vocabulary order and unknown items', () => {
    expect(toggleInList(['phone', 'openid'], 'email', true, ['openid', 'email', 'phone'])).toEqual([
      'openid',
      'email',
      'phone',
    ]);
    expect(toggleInList(['openid', 'custom'], 'openid', false, ['openid'])).toEqual(['custom']);
  });

  it('stores a UPRN typed as digits as a number, anything else as text', () => {
    const uprn = ADDRESS_PROPERTIES.find((p) => p.key === 'uprn');
    expect(propertyValue(uprn, '100120472196')).toBe(100120472196);
    expect(propertyValue(uprn, '12ab')).toBe('12ab');
    expect(propertyValue(undefined, '42')).toBe('42');
    expect(propertyText(100120472196)).toBe('100120472196');
    expect(propertyText(null)).toBe('');
    expect(propertyText({ a: 1 })).toBe('{"a":1}');
  });

  it('maps no rows to null or an empty list as the field expects', () => {
    expect(rowsValue([], null)).toBeNull();
    expect(rowsValue([], [])).toEqual([]);
    expect(rowsValue([{ code: 'A' }], null)).toEqual([{ code: 'A' }]);
  });
});

describe('identity rows', () => {
  it('reads names and birth dates from the credential subject', () => {
    const rows = readIdentity(
      sampleConfig().responseConfiguration.coreIdentityVerifiableCredentials,
    );
    expect(rows).toEqual({
      names: [
        {
          parts: [
            { type: 'GivenName', value: 'GEOFFREY' },
            { type: 'FamilyName', value: 'HEARNSHAW' },
          ],
        },
      ],
      birthDates: ['1955-04-19'],
    });
  });

  it('round-trips the default credential exactly', () => {
    const vc = sampleConfig().responseConfiguration.coreIdentityVerifiableCredentials;
    const rows = readIdentity(vc);
    expect(rows).not.toBeNull();
    if (rows) expect(writeIdentity(vc, rows)).toEqual(vc);
  });

  it('keeps other members of the credential when rows change', () => {
    const vc = {
      type: ['X'],
      extra: 1,
      credentialSubject: { other: true, name: [], birthDate: [] },
    };
    const out = writeIdentity(vc, {
      names: [{ parts: [{ type: 'FamilyName', value: 'Doe' }], validFrom: '2000-01-01' }],
      birthDates: ['1990-01-01'],
    });
    expect(out).toEqual({
      type: ['X'],
      extra: 1,
      credentialSubject: {
        other: true,
        name: [{ validFrom: '2000-01-01', nameParts: [{ value: 'Doe', type: 'FamilyName' }] }],
        birthDate: [{ value: '1990-01-01' }],
      },
    });
  });

  it('reads odd shapes without failing', () => {
    expect(readIdentity(null)).toBeNull();
    expect(readIdentity({ credentialSubject: 'x' })).toEqual({ names: [], birthDates: [] });
    expect(
      readIdentity({
        credentialSubject: {
          name: [{ nameParts: [{ value: 3 }] }, 'bad'],
          birthDate: [{ value: 19550419 }],
        },
      }),
    ).toEqual({
      names: [{ parts: [{ type: 'GivenName', value: '3' }] }],
      birthDates: ['19550419'],
    });
  });

  it('creates a credential with the standard type when there was none', () => {
    expect(writeIdentity(null, { names: [], birthDates: [] }).type).toEqual([
      'VerifiableCredential',
      'VerifiableIdentityCredential',
    ]);
  });
});
