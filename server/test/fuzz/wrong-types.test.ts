/**
 * Every field of every endpoint that takes a body, the admin API, the interactive form, request
 * objects and client assertions, sent with a value of the wrong type: an object, an array, a
 * number, a boolean, null, or an object whose toString/valueOf/toJSON members are not functions
 * (what String() and templates would call). Invariant: a documented answer below 500 with no
 * stack trace, and the simulator keeps serving (a full flow and the HAR export still work).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SignJWT, base64url, type JWTPayload } from 'jose';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import {
  DEFAULT_REDIRECT_URI,
  authorizeQuery,
  defaultClientKey,
  signClientAssertion,
} from '../helpers/relying-party.js';
import { ASSERTION_TYPE, FEW_RUNS, STACK_TRACE, expectFlowStillWorks } from './hostile-input.js';
import { RESPONSE_FIELDS } from '../helpers/response-fields.js';

/** A value of the wrong type for any field. */
const wrongType = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      1e308,
      [],
      {},
      { toString: 'x' },
      { valueOf: 'y' },
      { toString: {}, valueOf: [] },
      { toJSON: 'z' },
      { toString: null, valueOf: null, toJSON: null },
      ['a', 'b'],
      [{ toString: 'x' }],
      [null],
    ),
    fc.integer(),
    // Finite only: JSON has no Infinity, and jose refuses to sign a non-finite iat, exp or nbf.
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    fc.record({
      toString: fc.jsonValue({ maxDepth: 1 }),
      valueOf: fc.jsonValue({ maxDepth: 1 }),
    }),
  );

type Path = (string | number)[];

/** Every path into a JSON value: each member and element, nested ones too. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [];
  const out: Path[] = [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i): [number, unknown] => [i, v])
    : Object.entries(value);
  for (const [key, child] of entries) {
    const path = [...prefix, key];
    out.push(path, ...pathsOf(child, path));
  }
  return out;
}

/** A copy of `base` with the value at `path` replaced. */
function replaceAt(base: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = value;
  return copy;
}

interface Answer {
  status: number;
  text: string;
  contentType: string;
}

async function send(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  contentType = 'application/json',
): Promise<Answer> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { 'content-type': contentType, 'user-agent': 'wrong-types-fuzz', accept: '*/*' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    text: await res.text(),
    contentType: res.headers.get('content-type') ?? '',
  };
}

function expectDocumented(answer: Answer, what: string): void {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.text, what).not.toMatch(STACK_TRACE);
  if (answer.status >= 400 && answer.contentType.includes('json')) {
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    expect(typeof body.error === 'string' || Array.isArray(body.errors), what).toBe(true);
  }
}

interface Target {
  method: string;
  path: string;
  base: unknown;
}

let sim: ListeningSimulator;
let dataDir: string;
const targets: Target[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wrong-types-'));
  sim = await listeningSimulator({ dataDir });
  const config = (await (await fetch(`${sim.baseUrl}/config`)).json()) as Record<string, unknown>;
  const api = `${sim.baseUrl}/_simulator/api`;
  const personas = (await (await fetch(`${api}/personas`)).json()) as {
    items: { id: string }[];
  };
  const persona = (await (
    await fetch(`${api}/personas/${personas.items[0]?.id}`)
  ).json()) as Record<string, unknown>;
  const scenarios = (await (await fetch(`${api}/scenarios`)).json()) as {
    items: { id: string }[];
  };
  const scenario = (await (
    await fetch(`${api}/scenarios/${scenarios.items[0]?.id}`)
  ).json()) as Record<string, unknown>;
  for (const doc of [persona, scenario]) {
    delete doc.id;
    delete doc.builtIn;
  }
  const saved = await send(sim.baseUrl, 'POST', '/_simulator/api/personas', {
    ...persona,
    name: 'Saved for the fuzz suite',
  });
  const savedId = (JSON.parse(saved.text) as { id: string }).id;
  targets.push(
    { method: 'POST', path: '/config', base: config },
    { method: 'POST', path: '/_simulator/api/config/validate', base: config },
    {
      method: 'POST',
      path: '/token',
      base: {
        grant_type: 'authorization_code',
        code: 'code',
        redirect_uri: DEFAULT_REDIRECT_URI,
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: 'a.b.c',
        client_id: 'client',
        client_secret: 'secret',
        code_verifier: 'verifier',
      },
    },
    {
      method: 'POST',
      path: '/logout',
      base: { id_token_hint: 'a.b.c', post_logout_redirect_uri: DEFAULT_REDIRECT_URI, state: 's' },
    },
    {
      method: 'POST',
      path: '/_simulator/api/inspect',
      base: { token: 'a.b.c', role: 'id_token' },
    },
    { method: 'POST', path: '/_simulator/api/personas', base: persona },
    { method: 'PUT', path: `/_simulator/api/personas/${savedId}`, base: persona },
    { method: 'POST', path: `/_simulator/api/personas/${savedId}/duplicate`, base: { name: 'n' } },
    { method: 'POST', path: '/_simulator/api/scenarios', base: scenario },
    {
      method: 'POST',
      path: '/_simulator/api/import',
      base: { format: 'json', text: '{}', name: 'n' },
    },
    { method: 'POST', path: '/_simulator/api/diff', base: { a: config, b: config } },
  );
});
afterAll(async () => {
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('every field of every body, with a value of the wrong type', () => {
  it('never gets a 5xx, as JSON and as a JSON body labelled as a form', async () => {
    const cases = targets.flatMap((t) =>
      pathsOf(t.base).map((path) => ({ ...t, path: path, url: t.path })),
    );
    expect(cases.length).toBeGreaterThan(100);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...cases),
        wrongType(),
        fc.constantFrom(
          'application/json',
          'application/json; x=application/x-www-form-urlencoded',
        ),
        async (c, value, contentType) => {
          const body = replaceAt(c.base, c.path, value);
          const answer = await send(sim.baseUrl, c.method, c.url, body, contentType);
          expectDocumented(
            answer,
            `${c.method} ${c.url} ${c.path.join('.')}=${JSON.stringify(value)}`,
          );
        },
      ),
      { numRuns: 400 },
    );
    // Whole bodies of the wrong type, for each target.
    for (const t of targets)
      for (const value of [null, 1, true, [], 'text', { toString: 'x' }])
        expectDocumented(await send(sim.baseUrl, t.method, t.path, value), `${t.path} body`);
    const har = await fetch(`${sim.baseUrl}/_simulator/api/exchanges.har`);
    expect(har.status).toBe(200);
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('interactive form: every field refused with a 400 (or accepted), never a 5xx', async () => {
    const interactive = await listeningSimulator();
    try {
      interactive.simulator.config.update({ interactiveMode: true });
      const open = async (): Promise<string> => {
        const page = await fetch(`${interactive.baseUrl}/authorize?${authorizeQuery()}`);
        const id = /name="interactionId" value="([^"]+)"/.exec(await page.text())?.[1];
        if (!id) throw new Error('no form');
        return id;
      };
      let interactionId = await open();
      const fields = ['interactionId', ...RESPONSE_FIELDS, 'persona', 'checkboxesShown', 'lang'];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), wrongType(), async (field, value) => {
          const answer = await send(interactive.baseUrl, 'POST', '/form-submit', {
            interactionId,
            [field]: value,
          });
          expectDocumented(answer, `${field}=${JSON.stringify(value)}`);
          if (answer.status === 302) interactionId = await open();
          else expect(answer.status).toBe(400);
        }),
        { numRuns: 200 },
      );
      // After every refusal, the open sign-in still completes.
      const done = await send(interactive.baseUrl, 'POST', '/form-submit', { interactionId });
      expect(done.status).toBe(302);
    } finally {
      await interactive.close();
    }
  });
});

const JAR_MEMBERS = [
  'iss',
  'aud',
  'client_id',
  'response_type',
  'scope',
  'redirect_uri',
  'response_mode',
  'state',
  'nonce',
  'vtr',
  'claims',
  'ui_locales',
  'max_age',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'login_hint',
  'channel',
  'request',
  'request_uri',
  'exp',
  'nbf',
  'iat',
] as const;

/** Every recorded exchange still opens (with its token analysis), revealed or not. */
async function expectEveryExchangeOpens(baseUrl: string): Promise<void> {
  let before: number | undefined;
  let opened = 0;
  for (;;) {
    const res = await fetch(
      `${baseUrl}/_simulator/api/exchanges?limit=200${before ? `&before=${before}` : ''}`,
    );
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: { id: string; seq: number }[] };
    for (const { id } of page.items) {
      for (const reveal of ['', '?reveal=true']) {
        const one = await fetch(`${baseUrl}/_simulator/api/exchanges/${id}${reveal}`);
        expect(one.status, `exchange ${id}${reveal}`).toBe(200);
        await one.arrayBuffer();
      }
      opened++;
    }
    if (page.items.length < 200) break;
    before = page.items[page.items.length - 1]!.seq;
  }
  expect(opened).toBeGreaterThan(0);
  expect((await fetch(`${baseUrl}/_simulator/api/exchanges.har`)).status).toBe(200);
}

describe('signed members of the wrong type', () => {
  afterAll(() => expectEveryExchangeOpens(sim.baseUrl));

  it('request objects: a redirect or the 400 page, never a 5xx', async () => {
    const key = await defaultClientKey('RS256');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JAR_MEMBERS), wrongType(), async (member, value) => {
        const claims: Record<string, unknown> = {
          aud: `${sim.baseUrl}/authorize`,
          iss: 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw',
          client_id: 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw',
          response_type: 'code',
          scope: 'openid email phone',
          redirect_uri: DEFAULT_REDIRECT_URI,
          state: 'state-jar',
          nonce: 'nonce-jar',
          [member]: value,
        };
        const jar = await new SignJWT(claims as JWTPayload)
          .setProtectedHeader({ alg: 'RS256' })
          .sign(key);
        const query = authorizeQuery({
          request: jar,
          redirect_uri: undefined,
          state: undefined,
          nonce: undefined,
        });
        const res = await fetch(`${sim.baseUrl}/authorize?${query}`, { redirect: 'manual' });
        const text = await res.text();
        expect(
          res.status,
          `${member}=${JSON.stringify(value)}: ${text.slice(0, 200)}`,
        ).toBeLessThan(500);
        expect([200, 302, 400]).toContain(res.status);
      }),
      FEW_RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('client assertions: header and claims of the wrong type get 400/401, never a 5xx', async () => {
    const members = [
      ...['alg', 'kid', 'typ', 'crit', 'jku', 'x5u', 'cty'].map((m) => ({ in: 'header', m })),
      ...['iss', 'sub', 'aud', 'jti', 'exp', 'iat', 'nbf'].map((m) => ({ in: 'claims', m })),
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...members), wrongType(), async (member, value) => {
        let assertion: string;
        if (member.in === 'claims')
          assertion = await signClientAssertion({
            baseUrl: sim.baseUrl,
            claims: { [member.m]: value },
          });
        else {
          const valid = await signClientAssertion({ baseUrl: sim.baseUrl });
          const [, payload, signature] = valid.split('.') as [string, string, string];
          const header = base64url.encode(JSON.stringify({ alg: 'RS256', [member.m]: value }));
          assertion = `${header}.${payload}.${signature}`;
        }
        const res = await fetch(`${sim.baseUrl}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'fuzz' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: 'not-a-code',
            redirect_uri: DEFAULT_REDIRECT_URI,
            client_assertion_type: ASSERTION_TYPE,
            client_assertion: assertion,
          }),
        });
        const body = (await res.json()) as { error: string };
        expect([400, 401], `${member.in}.${member.m}=${JSON.stringify(value)}`).toContain(
          res.status,
        );
        expect(['invalid_request', 'invalid_client', 'invalid_grant']).toContain(body.error);
      }),
      { numRuns: 120 },
    );
    await expectFlowStillWorks(sim.baseUrl);
  });
});
