import { describe, expect, it } from 'vitest';
import { findScenario, SCENARIO_CATALOGUE } from './scenario-catalogue.js';

describe('scenario catalogue', () => {
  // The browser tests check that the simulator accepts every one of these names.
  it('has one toggle per documented scenario, in the simulator’s spelling', () => {
    const names = (group: string) =>
      SCENARIO_CATALOGUE.find((g) => g.group === group)?.scenarios.map((s) => s.name);
    expect(names('authoriseErrors')).toEqual(['ACCESS_DENIED', 'TEMPORARILY_UNAVAILABLE']);
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

  it('finds a scenario by group and name only', () => {
    expect(findScenario('idTokenErrors', 'INVALID_SIGNATURE')?.effect).toMatch(/signature/);
    expect(findScenario('authoriseErrors', 'INVALID_SIGNATURE')).toBeUndefined();
  });
});
