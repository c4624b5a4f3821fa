import { describe, expect, it } from 'vitest';
import { BUILT_IN_PERSONAS } from './built-in-personas.js';
import { BUILT_IN_SCENARIOS } from './built-in-scenarios.js';
import { parsePersonaDocument, parseScenarioDocument } from './parse-preset.js';
import { isPresetId } from '../shared/preset-id.js';
import { personaToDocument, resolvePortable, scenarioToDocument } from './resolve-preset.js';
import { findBuiltInPersona } from './built-in-personas.js';
import { defaultConfig } from '../config/defaults.js';

const lookup = (id: string) => findBuiltInPersona(id);
const E164 = /^\+[1-9]\d{7,14}$/;
const SUB = /^urn:fdc:gov\.uk:2022:[A-Za-z0-9_-]{43}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ADDRESS_CHARS = /^[0-9A-Za-z '.,\\/*-]*$/;

describe('built-in personas', () => {
  it('each have a Welsh name and description for the Welsh form', () => {
    for (const p of BUILT_IN_PERSONAS) {
      expect(p.nameCy, p.id).toMatch(/\S/);
      expect(p.descriptionCy, p.id).toMatch(/\S/);
      expect(p.nameCy, p.id).not.toBe(p.name);
    }
  });

  it('have unique valid ids and valid documents', () => {
    const ids = BUILT_IN_PERSONAS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of BUILT_IN_PERSONAS) {
      expect(isPresetId(p.id)).toBe(true);
      expect(p.builtIn).toBe(true);
      expect(parsePersonaDocument(personaToDocument(p))).toMatchObject({ ok: true });
    }
  });

  it.each(BUILT_IN_PERSONAS.filter((p) => p.id !== 'default-user').map((p) => [p.id, p]))(
    '%s carries realistic data in the documents’ shapes',
    (_id, p) => {
      const r = p.responseConfiguration;
      expect(r.sub).toMatch(SUB);
      expect(r.email).toMatch(/^[a-z.]+@example\.com$/);
      if (r.phoneNumber !== null) expect(r.phoneNumber).toMatch(E164);
      const vc = r.coreIdentityVerifiableCredentials as {
        type: string[];
        credentialSubject: {
          name: { nameParts: { type: string }[] }[];
          birthDate: { value: string }[];
        };
      } | null;
      if (vc) {
        expect(vc.type).toEqual(['VerifiableCredential', 'VerifiableIdentityCredential']);
        for (const part of vc.credentialSubject.name[0]?.nameParts ?? [])
          expect(['GivenName', 'FamilyName']).toContain(part.type);
        expect(vc.credentialSubject.birthDate[0]?.value).toMatch(ISO_DATE);
        expect(r.maxLoCAchieved).toBe('P2');
      } else expect(r.maxLoCAchieved).toBe('P0');
      for (const passport of r.passportDetails ?? []) {
        expect(String(passport.icaoIssuerCode).length).toBeLessThanOrEqual(3);
        expect(passport.expiryDate).toMatch(ISO_DATE);
      }
      for (const address of r.postalAddressDetails ?? []) {
        for (const key of ['validFrom', 'validUntil'])
          if (address[key] !== undefined) expect(address[key]).toMatch(/^\d{4}-01-01$/);
        for (const [k, v] of Object.entries(address))
          if (typeof v === 'string' && k !== 'validFrom' && k !== 'validUntil')
            expect(v).toMatch(ADDRESS_CHARS);
        if (address.addressCountry !== 'GB') expect(address.uprn).toBeUndefined();
      }
      for (const rc of r.returnCodes ?? []) expect(rc.code).toMatch(/^[A-Z]$/);
    },
  );

  it('cover the documents’ cases', () => {
    const byId = (id: string) => findBuiltInPersona(id)?.responseConfiguration;
    expect(byId('identity-passport')?.passportDetails).toHaveLength(1);
    expect(byId('identity-driving-licence')?.drivingPermitDetails?.[0]).toMatchObject({
      issuedBy: 'DVLA',
      issueNumber: '12',
    });
    const history = byId('address-history')?.postalAddressDetails ?? [];
    expect(history.length).toBeGreaterThanOrEqual(3);
    expect(history.filter((a) => a.validUntil === undefined)).toHaveLength(1);
    expect(byId('identity-not-proven')).toMatchObject({
      maxLoCAchieved: 'P0',
      coreIdentityVerifiableCredentials: null,
    });
    expect(byId('return-code-identity-succeeds')).toMatchObject({
      maxLoCAchieved: 'P2',
      returnCodes: [{ code: 'X' }],
    });
    expect(byId('return-code-identity-fails')).toMatchObject({
      maxLoCAchieved: 'P0',
      coreIdentityVerifiableCredentials: null,
    });
    const abroad = byId('international-address')?.postalAddressDetails?.[0];
    expect(abroad).toMatchObject({ addressRegion: expect.any(String) });
    expect(abroad?.addressCountry).not.toBe('GB');
    expect(abroad && 'uprn' in abroad).toBe(false);
    expect(byId('no-phone')?.phoneNumber).toBeNull();
    expect(byId('default-user')).toEqual(defaultConfig().responseConfiguration);
  });
});

describe('built-in scenarios', () => {
  it('have unique ids, valid documents, and resolve', () => {
    const ids = BUILT_IN_SCENARIOS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of BUILT_IN_SCENARIOS) {
      expect(parseScenarioDocument(scenarioToDocument(s))).toMatchObject({ ok: true });
      const resolved = resolvePortable(s, lookup);
      expect(resolved.ok, `${s.id}: ${JSON.stringify(resolved)}`).toBe(true);
    }
  });

  it('include the situations testers ask for', () => {
    const get = (id: string) => {
      const s = BUILT_IN_SCENARIOS.find((x) => x.id === id);
      if (!s) throw new Error(id);
      const r = resolvePortable(s, lookup);
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      return r.value.config;
    };
    expect(get('id-token-wrong-key').errorConfiguration.idTokenErrors).toEqual([
      'INVALID_SIGNATURE',
    ]);
    expect(get('expired-core-identity').errorConfiguration.coreIdentityErrors).toEqual([
      'TOKEN_EXPIRED',
    ]);
    expect(get('access-denied-at-authorize').errorConfiguration.authoriseErrors).toEqual([
      'ACCESS_DENIED',
    ]);
    expect(get('pkce-enforced').clientConfiguration.pkceEnforced).toBe(true);
    expect(get('rs256-id-tokens').clientConfiguration.idTokenSigningAlgorithm).toBe('RS256');
    expect(get('client-deactivated').errorConfiguration.authoriseErrors).toEqual([
      'UNAUTHORIZED_CLIENT',
    ]);
    expect(get('access-token-expired').errorConfiguration.userInfoErrors).toEqual([
      'INVALID_TOKEN',
    ]);
    expect(get('jwks-outage').errorConfiguration.faults).toEqual([
      { target: 'jwks', kind: 'outage', status: 503 },
    ]);
    expect(get('key-rotation-old-keys-retired')).toMatchObject({
      oldIdTokenKeysRetired: true,
      oldCoreIdentityKeysRetired: true,
    });
    expect(get('key-rotation-in-progress')).toMatchObject({
      publishNewIdTokenKeysEnabled: true,
      usingNewIdTokenSigningKeys: false,
    });
  });
});
