import { describe, expect, it } from 'vitest';
import { defaultConfig } from './defaults.js';
import { BUILT_IN_PERSONAS } from '../presets/built-in-personas.js';
import {
  checkCoreIdentityPlausibility,
  checkResponsePlausibility,
  isE164,
  isIsoDate,
  isUprn,
} from './check-plausibility.js';

const messages = (response: unknown) => checkResponsePlausibility(response).map((w) => w.message);

describe('plausibility rules of the provider document', () => {
  it('raise nothing for the defaults or any built-in persona (a fresh start shows no warning)', () => {
    // The default phone number is E.164, as the provider document says phone_number is.
    expect(messages(defaultConfig().responseConfiguration)).toEqual([]);
    for (const p of BUILT_IN_PERSONAS)
      expect(checkResponsePlausibility(p.responseConfiguration), p.id).toEqual([]);
  });

  it('still warn about a national phone number (the public simulator’s default)', () => {
    expect(
      messages({ ...defaultConfig().responseConfiguration, phoneNumber: '07123456789' }),
    ).toEqual([
      '"07123456789" is not an E.164 number (+ and up to 15 digits, no spaces: +447700900000)',
    ]);
  });

  it('ISO 8601 dates: real calendar dates only', () => {
    for (const ok of ['1985-02-08', '2000-02-29', '2024-12-31'])
      expect(isIsoDate(ok), ok).toBe(true);
    for (const bad of [
      '1985-13-45',
      '2023-02-29',
      '1985-2-8',
      '08/02/1985',
      '1985-02-08T00:00',
      '',
      19850208,
      null,
    ])
      expect(isIsoDate(bad), String(bad)).toBe(false);
  });

  it('E.164 phone numbers', () => {
    expect(isE164('+447700900000')).toBe(true);
    for (const bad of [
      '07700 900000',
      '+44 7700 900000',
      '+0447700900000',
      '+4477009000001234',
      447700900000,
    ])
      expect(isE164(bad), String(bad)).toBe(false);
  });

  it('warns, with the field and the item, about each value the provider would never send', () => {
    const response = {
      phoneNumber: '07700 900000',
      coreIdentityVerifiableCredentials: {
        credentialSubject: {
          birthDate: [{ value: '1985-13-45' }],
          name: [{ nameParts: [], validFrom: '2020-02-30' }],
        },
      },
      postalAddressDetails: [
        {
          buildingNumber: '8',
          streetName: '<script>',
          validFrom: '2019-05-03',
          addressCountry: 'GB',
        },
        { validFrom: '2001-01-01', validUntil: 'soon', addressCountry: 'GBR' },
      ],
      passportDetails: [{ icaoIssuerCode: 'GBRX', expiryDate: '2031-08-01' }],
      drivingPermitDetails: [{ expiryDate: '31/08/2031' }],
      returnCodes: [{ code: 'D' }, { code: 'DX' }],
    };
    expect(checkResponsePlausibility(response).map((w) => w.path)).toEqual([
      'responseConfiguration.phoneNumber',
      'responseConfiguration.coreIdentityVerifiableCredentials',
      'responseConfiguration.coreIdentityVerifiableCredentials',
      'responseConfiguration.postalAddressDetails',
      'responseConfiguration.postalAddressDetails',
      'responseConfiguration.postalAddressDetails',
      'responseConfiguration.postalAddressDetails',
      'responseConfiguration.passportDetails',
      'responseConfiguration.drivingPermitDetails',
      'responseConfiguration.returnCodes',
    ]);
    const all = messages(response).join('\n');
    expect(all).toContain('"07700 900000" is not an E.164 number');
    expect(all).toContain('birthDate item 0: value "1985-13-45" is not an ISO 8601 date');
    expect(all).toContain('name item 0: validFrom "2020-02-30" is not an ISO 8601 date');
    expect(all).toContain('item 0 validFrom: "2019-05-03": only the year is collected');
    expect(all).toContain('item 0 streetName: "<script>" has characters an address never holds');
    expect(all).toContain('item 1 validUntil: "soon" is not an ISO 8601 date');
    expect(all).toContain('item 1 addressCountry: "GBR" is not an ISO 3166-1 alpha-2 code');
    expect(all).toContain('item 0 icaoIssuerCode: "GBRX" is longer than 3 characters');
    expect(all).toContain('item 0 expiryDate: "31/08/2031" is not an ISO 8601 date');
    expect(all).toContain('item 1 code: "DX" is not a single letter');
  });

  it('warns about a UPRN that is not a whole number of up to 12 digits', () => {
    const address = (uprn: unknown) => ({
      postalAddressDetails: [{ uprn, validFrom: '2019-01-01', addressCountry: 'GB' }],
    });
    for (const bad of ['abc', -5, 1.5, 0, 1234567890123, '12 34', true, { n: 1 }])
      expect(messages(address(bad)), String(bad)).toEqual([
        `item 0 uprn: ${JSON.stringify(bad)} is not a UPRN (a whole number of up to 12 digits)`,
      ]);
    for (const ok of [10022812929, 1, 999999999999, '100023336956'])
      expect(messages(address(ok)), String(ok)).toEqual([]);
    expect(isUprn(null)).toBe(false);
  });

  it('ignores what is absent, null or of another shape (the type checks are elsewhere)', () => {
    for (const value of [null, undefined, 42, 'text', [], { phoneNumber: null }]) {
      expect(checkResponsePlausibility(value)).toEqual([]);
    }
    expect(
      checkResponsePlausibility({
        postalAddressDetails: [null, 5, { validFrom: null, uprn: 100023336956 }],
        passportDetails: 'x',
        returnCodes: [{ code: 5 }, null],
        coreIdentityVerifiableCredentials: { credentialSubject: { birthDate: 'x', name: [null] } },
      }),
    ).toEqual([]);
    expect(checkCoreIdentityPlausibility({ credentialSubject: [] }, 'vc')).toEqual([]);
  });
});
