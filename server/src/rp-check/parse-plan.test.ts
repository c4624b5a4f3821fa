import { describe, expect, it } from 'vitest';
import { buildDefaultPlan } from './default-plan.js';
import { parsePlanDocument, toPlan } from './parse-plan.js';
import { planToDocument } from './plan-store.js';
import { AUTHORISE_ERRORS, CORE_IDENTITY_ERRORS, ID_TOKEN_ERRORS } from '../scenarios/names.js';

const step = (extra: Record<string, unknown> = {}) => ({
  id: 'one',
  title: 'One',
  kind: 'sign-in',
  instruction: 'Sign in.',
  expectation: 'It works.',
  ...extra,
});
const plan = (extra: Record<string, unknown> = {}) => ({ name: 'P', steps: [step()], ...extra });
const issuesOf = (value: unknown) => {
  const r = parsePlanDocument(value);
  return r.ok ? [] : r.error.map((i) => `${i.path}: ${i.message}`);
};

describe('parsePlanDocument', () => {
  it('accepts a minimal plan and fills the defaults', () => {
    const r = parsePlanDocument(plan());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const p = toPlan(r.value, 'mine');
    expect(p).toMatchObject({ id: 'mine', timeoutSeconds: 10, waitSeconds: 120, builtIn: false });
  });

  it('accepts a step scenario by id or inline', () => {
    expect(issuesOf(plan({ steps: [step({ scenario: 'pkce-enforced' })] }))).toEqual([]);
    const inline = { name: 'S', errorConfiguration: { idTokenErrors: ['INVALID_ISS'] } };
    expect(issuesOf(plan({ steps: [step({ scenario: inline })] }))).toEqual([]);
  });

  it('keeps a service section (the check drives the service itself)', () => {
    const service = {
      signIn: 'http://localhost:8080/login',
      identitySignIn: 'http://localhost:8080/login-identity',
      signedIn: 'http://localhost:8080/account',
      signedInText: 'Your account',
      signOut: 'http://localhost:8080/logout',
      identityText: 'PATEL',
    };
    const r = parsePlanDocument(plan({ service }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const p = toPlan(r.value, 'mine');
    expect(p.service).toEqual(service);
    expect(planToDocument(p).service).toEqual(service);
  });

  it('round-trips the default plan through its file form', () => {
    const doc = planToDocument(buildDefaultPlan());
    const r = parsePlanDocument(JSON.parse(JSON.stringify(doc)));
    expect(r.ok).toBe(true);
  });

  const bad: [string, unknown, string][] = [
    ['null', null, ': must be a JSON object'],
    ['an array', [plan()], ': must be a JSON object'],
    ['a number', 7, ': must be a JSON object'],
    ['no name', { steps: [step()] }, 'name: must be a string'],
    ['a numeric name', plan({ name: 5 }), 'name: must be a string'],
    ['no steps', { name: 'P' }, 'steps: must be a list of 1 to 200 steps'],
    ['empty steps', plan({ steps: [] }), 'steps: must be a list of 1 to 200 steps'],
    ['steps as an object', plan({ steps: { a: 1 } }), 'steps: must be a list'],
    ['a step that is a string', plan({ steps: ['x'] }), 'steps[0]: must be an object'],
    ['a step that is null', plan({ steps: [null] }), 'steps[0]: must be an object'],
    [
      'an unknown step kind',
      plan({ steps: [step({ kind: 'nope' })] }),
      'steps[0].kind: must be one of',
    ],
    ['a kind that is an array', plan({ steps: [step({ kind: ['sign-in'] })] }), 'steps[0].kind'],
    ['a bad step id', plan({ steps: [step({ id: 'Bad Id' })] }), 'steps[0].id: must be lowercase'],
    ['a service that is a string', plan({ service: 'http://x' }), 'service: must be an object'],
    ['a service that is null', plan({ service: null }), 'service: must be an object'],
    ['a service that is an array', plan({ service: [] }), 'service: must be an object'],
    [
      'a service without signedIn',
      plan({ service: { signIn: 'http://x/l' } }),
      'service.signedIn: is required',
    ],
    [
      'a service address that is a number',
      plan({ service: { signIn: 8080, signedIn: 'http://x/me' } }),
      'service.signIn: must be an http(s) address',
    ],
    [
      'a service address that is not http',
      plan({ service: { signIn: 'javascript:alert(1)', signedIn: 'http://x/me' } }),
      'service.signIn: must be an http(s) address',
    ],
    [
      'a service text that is an object',
      plan({ service: { signIn: 'http://x/l', signedIn: 'http://x/me', signedInText: {} } }),
      'service.signedInText: must be a non-empty string',
    ],
    [
      'an unknown service field',
      plan({ service: { signIn: 'http://x/l', signedIn: 'http://x/me', probe: 'http://x' } }),
      'service.probe: unknown field',
    ],
    [
      'duplicate step ids',
      plan({ steps: [step(), step()] }),
      'steps[1].id: "one" is the id of an earlier step',
    ],
    ['an empty instruction', plan({ steps: [step({ instruction: ' ' })] }), 'steps[0].instruction'],
    ['an object expectation', plan({ steps: [step({ expectation: {} })] }), 'steps[0].expectation'],
    ['a numeric scenario', plan({ steps: [step({ scenario: 3 })] }), 'steps[0].scenario: must be'],
    ['an array scenario', plan({ steps: [step({ scenario: [] })] }), 'steps[0].scenario: must be'],
    [
      'an invalid inline scenario',
      plan({
        steps: [step({ scenario: { name: 'S', errorConfiguration: { idTokenErrors: 'X' } } })],
      }),
      'steps[0].scenario.errorConfiguration.idTokenErrors',
    ],
    [
      'expect as a string',
      plan({ steps: [step({ expect: 'yes' })] }),
      'steps[0].expect: must be an object',
    ],
    [
      'expect.identity as a string',
      plan({ steps: [step({ expect: { identity: 'yes' } })] }),
      'steps[0].expect.identity: must be true or false',
    ],
    [
      'an unknown expect field',
      plan({ steps: [step({ expect: { x: true } })] }),
      'steps[0].expect.x: unknown field',
    ],
    ['an unknown field', plan({ extra: 1 }), 'extra: unknown field'],
    [
      'an unknown step field',
      plan({ steps: [step({ extra: 1 })] }),
      'steps[0].extra: unknown field',
    ],
    ['timeout 0', plan({ timeoutSeconds: 0 }), 'timeoutSeconds: must be a whole number'],
    [
      'timeout as a string',
      plan({ timeoutSeconds: '5' }),
      'timeoutSeconds: must be a whole number',
    ],
    ['timeout 1.5', plan({ timeoutSeconds: 1.5 }), 'timeoutSeconds'],
    ['waitSeconds null', plan({ waitSeconds: null }), 'waitSeconds: must be a whole number'],
    ...(
      [
        ['null', null],
        ['a string', '2'],
        ['an object', {}],
        ['an array', [2]],
        ['0', 0],
        ['1.5', 1.5],
        ['too large', 3601],
      ] as const
    ).map(([what, v]): [string, unknown, string] => [
      `keySetMaxAgeSeconds ${what}`,
      plan({ keySetMaxAgeSeconds: v }),
      'keySetMaxAgeSeconds: must be a whole number',
    ]),
    ['a bad id', plan({ id: '../x' }), 'id: must be lowercase'],
    ['a numeric description', plan({ description: 1 }), 'description: must be a string'],
  ];
  it.each(bad)('refuses %s, with the path of the problem', (_name, value, expected) => {
    const issues = issuesOf(value);
    expect(issues.some((i) => i.includes(expected))).toBe(true);
  });

  it('refuses a plan nested absurdly deeply', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(issuesOf(plan({ steps: [step({ expect: deep })] }))).toEqual([': is nested too deeply']);
  });
});

describe('buildDefaultPlan', () => {
  const p = buildDefaultPlan();
  it('has a step for every ID token defect, authorisation error and core identity defect', () => {
    for (const name of ID_TOKEN_ERRORS)
      expect(p.steps.some((s) => s.kind === 'id-token-defect' && s.title.includes(name))).toBe(
        true,
      );
    for (const name of AUTHORISE_ERRORS)
      expect(p.steps.some((s) => s.kind === 'authorize-error' && s.title.includes(name))).toBe(
        true,
      );
    for (const name of CORE_IDENTITY_ERRORS)
      expect(p.steps.some((s) => s.kind === 'core-identity-defect' && s.title.includes(name))).toBe(
        true,
      );
  });
  it('starts with the happy paths and ends with key rotation, then a key set outage', () => {
    expect(p.steps.slice(0, 3).map((s) => s.id)).toEqual(['auth-only', 'identity', 'return-code']);
    expect(p.steps.slice(-2).map((s) => s.kind)).toEqual(['key-rotation', 'jwks-outage']);
    expect(p.steps.at(-1)?.scenario).toBe('jwks-outage');
    expect(new Set(p.steps.map((s) => s.id)).size).toBe(p.steps.length);
  });
});
