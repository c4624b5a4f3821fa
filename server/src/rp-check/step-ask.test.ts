import { describe, expect, it } from 'vitest';
import { buildDefaultPlan } from './default-plan.js';
import { askOf } from './step-ask.js';

const VOCAB = 'https://vocab.account.gov.uk/v1';
const plan = buildDefaultPlan();
const stepById = (id: string) => {
  const s = plan.steps.find((x) => x.id === id);
  if (!s) throw new Error(`no step ${id}`);
  return s;
};

describe('askOf: what a step asks of the sign-in', () => {
  it('authentication only asks for nothing more', () => {
    expect(askOf(stepById('auth-only'))).toEqual({
      identity: false,
      returnCode: false,
      reauthenticate: false,
      claims: [],
    });
  });

  it('identity, return code and core identity steps ask for P2 and their claims', () => {
    expect(askOf(stepById('identity'))).toMatchObject({
      identity: true,
      claims: [`${VOCAB}/coreIdentityJWT`],
    });
    expect(askOf(stepById('return-code'))).toMatchObject({
      identity: true,
      returnCode: true,
      claims: [`${VOCAB}/returnCode`],
    });
    const core = askOf(stepById('core-identity-invalid-signature'));
    expect(core.identity).toBe(true);
    expect(core.claims[0]).toBe(`${VOCAB}/coreIdentityJWT`);
    expect(askOf(stepById('authorize-access-denied-evidence')).identity).toBe(true);
  });

  it('the login_required step asks for a re-authentication, in its ask and its instruction', () => {
    const step = stepById('authorize-login-required');
    expect(askOf(step)).toMatchObject({ reauthenticate: true, identity: false });
    expect(step.instruction).toMatch(/re-authenticate you \(prompt=login\)/);
    const others = plan.steps.filter((s) => s.id !== step.id && askOf(s).reauthenticate);
    expect(others).toEqual([]);
  });
});
