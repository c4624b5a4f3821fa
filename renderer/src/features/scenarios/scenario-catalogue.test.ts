import { describe, expect, it } from 'vitest';
import {
  FAULT_TARGETS,
  faultName,
  findScenario,
  injectedName,
  SCENARIO_CATALOGUE,
  switchName,
} from './scenario-catalogue.js';

describe('scenario catalogue', () => {
  // The browser tests check that the simulator accepts every one of these names.
  it('has one toggle per documented scenario, in the simulator’s spelling', () => {
    const names = (group: string) =>
      SCENARIO_CATALOGUE.find((g) => g.group === group)?.scenarios.map((s) => s.name);
    expect(names('authoriseErrors')).toEqual([
      'ACCESS_DENIED',
      'TEMPORARILY_UNAVAILABLE',
      'UNAUTHORIZED_CLIENT',
      'SERVER_ERROR',
      'TEMPORARILY_UNAVAILABLE_IDENTITY',
      'ACCESS_DENIED_EVIDENCE',
      'LOGIN_REQUIRED',
    ]);
    expect(names('tokenErrors')).toEqual([
      'INVALID_GRANT',
      'INVALID_CLIENT',
      'UNAUTHORIZED_CLIENT',
      'SERVER_ERROR',
    ]);
    expect(names('userInfoErrors')).toEqual(['INVALID_TOKEN', 'SERVER_ERROR']);
    expect(names('idTokenErrors')).toEqual([
      'INCORRECT_VOT',
      'INVALID_ALG_HEADER',
      'INVALID_AUD',
      'INVALID_ISS',
      'INVALID_SIGNATURE',
      'NONCE_NOT_MATCHING',
      'TOKEN_EXPIRED',
      'TOKEN_NOT_VALID_YET',
    ]);
    expect(names('coreIdentityErrors')).toEqual([
      'INCORRECT_SUB',
      'INVALID_ALG_HEADER',
      'INVALID_AUD',
      'INVALID_ISS',
      'INVALID_SIGNATURE',
      'TOKEN_EXPIRED',
    ]);
  });

  it('says what each one does and what a relying party must do', () => {
    for (const group of SCENARIO_CATALOGUE)
      for (const s of group.scenarios) {
        expect(s.effect.length, s.name).toBeGreaterThan(10);
        expect(s.expect.length, s.name).toBeGreaterThan(10);
      }
  });

  it('names the protocol switches by their wire code and the faults by endpoint', () => {
    expect(switchName('authoriseErrors', 'UNAUTHORIZED_CLIENT')).toBe('unauthorized_client');
    expect(switchName('authoriseErrors', 'ACCESS_DENIED_EVIDENCE')).toBe(
      'access_denied (evidence)',
    );
    expect(switchName('idTokenErrors', 'INVALID_ISS')).toBe('INVALID_ISS');
    expect(faultName({ target: 'jwks', kind: 'outage' })).toBe('JWKS outage');
    expect(faultName({ target: 'did', kind: 'drop' })).toBe('DID document connection dropped');
    expect(injectedName('fault:jwks:outage')).toBe('JWKS outage');
    expect(injectedName('token:INVALID_GRANT')).toBe('invalid_grant');
    expect(injectedName('userinfo:INVALID_TOKEN')).toBe('invalid_token');
    expect(injectedName('authorize:LOGIN_REQUIRED')).toBe('login_required');
    expect(injectedName('INVALID_SIGNATURE')).toBe('INVALID_SIGNATURE');
    expect(injectedName('idToken:INVALID_SIGNATURE')).toBe('INVALID_SIGNATURE');
    expect(injectedName('coreIdentity:INCORRECT_SUB')).toBe('INCORRECT_SUB');
    expect(FAULT_TARGETS.map((t) => t.target)).toEqual([
      'discovery',
      'jwks',
      'did',
      'trustmark',
      'authorize',
      'token',
      'userinfo',
      'logout',
    ]);
  });

  it('finds a scenario by group and name only', () => {
    expect(findScenario('idTokenErrors', 'INVALID_SIGNATURE')?.effect).toMatch(/signature/);
    expect(findScenario('authoriseErrors', 'INVALID_SIGNATURE')).toBeUndefined();
  });
});
