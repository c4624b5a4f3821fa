/** The environment variables added for response fields the simulator document gives none for. */
import { describe, expect, it } from 'vitest';
import { configFromEnv, ENV_VARS } from '../config/from-env.js';

const config = (env: Record<string, string>) => {
  const r = configFromEnv(env);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.config.responseConfiguration;
};
const issues = (env: Record<string, string>) => {
  const r = configFromEnv(env);
  return r.ok ? [] : r.error.map((i) => i.path);
};

describe('response variables', () => {
  it('are listed in ENV_VARS', () => {
    for (const name of [
      'MAX_LOC_ACHIEVED',
      'CORE_IDENTITY_VC',
      'PASSPORT_DETAILS',
      'DRIVING_PERMIT_DETAILS',
      'POSTAL_ADDRESS_DETAILS',
      'RETURN_CODES',
      'NO_EMAIL',
      'NO_PHONE_NUMBER',
    ])
      expect(ENV_VARS).toHaveProperty(name);
  });

  it('set the fields, JSON parsed', () => {
    expect(
      config({
        MAX_LOC_ACHIEVED: 'P0',
        CORE_IDENTITY_VC: 'null',
        PASSPORT_DETAILS: '[{"documentNumber":"1","icaoIssuerCode":"GBR"}]',
        DRIVING_PERMIT_DETAILS: '[{"issuedBy":"DVLA"}]',
        POSTAL_ADDRESS_DETAILS: '[{"buildingName":"O\'NEILL HOUSE"}]',
        RETURN_CODES: '[{"code":"X"}]',
        NO_PHONE_NUMBER: 'true',
        NO_EMAIL: 'true',
      }),
    ).toMatchObject({
      maxLoCAchieved: 'P0',
      coreIdentityVerifiableCredentials: null,
      passportDetails: [{ documentNumber: '1', icaoIssuerCode: 'GBR' }],
      drivingPermitDetails: [{ issuedBy: 'DVLA' }],
      postalAddressDetails: [{ buildingName: "O'NEILL HOUSE" }],
      returnCodes: [{ code: 'X' }],
      phoneNumber: null,
      email: null,
    });
  });

  it('leave the defaults when empty or false', () => {
    const defaults = config({});
    expect(
      config({ MAX_LOC_ACHIEVED: '', RETURN_CODES: ' ', NO_PHONE_NUMBER: 'false', NO_EMAIL: '' }),
    ).toEqual(defaults);
  });

  it('are checked with the POST /config rules, naming the variable', () => {
    expect(
      issues({
        MAX_LOC_ACHIEVED: 'P5',
        CORE_IDENTITY_VC: '[]',
        PASSPORT_DETAILS: '{"not":"a list"}',
        DRIVING_PERMIT_DETAILS: '[1]',
        POSTAL_ADDRESS_DETAILS: 'not json',
        RETURN_CODES: '[{"code":""}]',
      }).sort(),
    ).toEqual(
      [
        'MAX_LOC_ACHIEVED',
        'CORE_IDENTITY_VC',
        'PASSPORT_DETAILS',
        'DRIVING_PERMIT_DETAILS',
        'POSTAL_ADDRESS_DETAILS',
        'RETURN_CODES',
      ].sort(),
    );
  });

  it('refuse NO_PHONE_NUMBER=true with PHONE_NUMBER, and a non-boolean', () => {
    expect(issues({ NO_PHONE_NUMBER: 'true', PHONE_NUMBER: '+447700900000' })).toEqual([
      'NO_PHONE_NUMBER',
    ]);
    expect(issues({ NO_EMAIL: 'yes' })).toEqual(['NO_EMAIL']);
  });
});
