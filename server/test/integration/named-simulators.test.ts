import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Simulator, SimulatorOptions } from '../../src/index.js';
import { testSimulator } from '../helpers/test-simulator.js';
import {
  authorizeQuery,
  DEFAULT_REDIRECT_URI,
  signClientAssertion,
} from '../helpers/relying-party.js';
import { ASSERTION_TYPE } from '../helpers/protocol.js';
import { parseArgs } from '../../src/cli-args.js';
import { runCli } from '../../src/cli.js';

const API = '/_simulator/api/simulators';
let open: Simulator[] = [];

function simulator(options: SimulatorOptions = {}): Simulator {
  const sim = testSimulator(options);
  open.push(sim);
  return sim;
}
afterEach(() => {
  for (const s of open) s.close();
  open = [];
});

async function names(sim: Simulator): Promise<string[]> {
  const res = await request(sim.app).get(API).expect(200);
  return (res.body as { simulators: { name: string }[] }).simulators.map((s) => s.name);
}

/** Redeems a code at `prefix` with the default client's assertion addressed to that simulator. */
async function redeem(sim: Simulator, prefix: string, code: string) {
  const baseUrl = `${sim.config.get().simulatorUrl}${prefix}`;
  return request(sim.app)
    .post(`${prefix}/token`)
    .set('User-Agent', 'test')
    .type('form')
    .send({
      grant_type: 'authorization_code',
      code,
      redirect_uri: DEFAULT_REDIRECT_URI,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await signClientAssertion({ baseUrl }),
    });
}

async function codeFrom(sim: Simulator, prefix: string): Promise<string> {
  const res = await request(sim.app).get(`${prefix}/authorize?${authorizeQuery().toString()}`);
  expect(res.status, res.text).toBe(302);
  const code = new URL(res.headers.location as string).searchParams.get('code');
  expect(code).toBeTruthy();
  return code as string;
}

describe('named simulators: created on first use', () => {
  it('any request under /sim/<name>/ creates it, POST /config included, from the starting configuration', async () => {
    const sim = simulator();
    const start = sim.config.get();
    const res = await request(sim.app)
      .post('/sim/ci-1/config')
      .send({ responseConfiguration: { email: 'ci-1@example.com' } })
      .expect(200);
    expect(res.body.simulatorUrl).toBe(`${start.simulatorUrl}/sim/ci-1`);
    expect(res.body.clientConfiguration).toEqual(start.clientConfiguration);
    expect(await names(sim)).toEqual(['ci-1']);

    const discovery = await request(sim.app)
      .get('/sim/ci-2/.well-known/openid-configuration')
      .expect(200);
    expect(discovery.body.issuer).toBe(`${start.simulatorUrl}/sim/ci-2/`);
    expect(discovery.body.token_endpoint).toBe(`${start.simulatorUrl}/sim/ci-2/token`);
    expect(await names(sim)).toEqual(['ci-1', 'ci-2']);

    // The root simulator is untouched: same configuration, same discovery.
    expect(sim.config.get()).toEqual(start);
    const root = await request(sim.app).get('/.well-known/openid-configuration').expect(200);
    expect(root.body.issuer).toBe(`${start.simulatorUrl}/`);
  });

  it('every endpoint answers under the prefix, and the log names the simulator', async () => {
    const sim = simulator();
    const paths = [
      '/.well-known/openid-configuration',
      '/.well-known/jwks.json',
      '/.well-known/did.json',
      '/trustmark',
      '/config',
    ];
    for (const p of paths)
      await request(sim.app).get(`/sim/a${p}`).set('User-Agent', 'test').expect(200);
    const code = await codeFrom(sim, '/sim/a');
    expect(code.length).toBeGreaterThan(10);
    const log = await request(sim.app).get('/_simulator/api/exchanges?simulator=a').expect(200);
    const items = log.body.items as {
      simulator: string;
      request: { path: string };
      endpoint: string;
    }[];
    expect(items.map((e) => e.endpoint).sort()).toEqual(
      ['authorize', 'config', 'did', 'discovery', 'jwks', 'trustmark'].sort(),
    );
    for (const e of items) {
      expect(e.simulator).toBe('a');
      expect(e.request.path.startsWith('/sim/a/')).toBe(true);
    }
    const root = await request(sim.app).get('/_simulator/api/exchanges?simulator=/').expect(200);
    expect(root.body.items).toEqual([]);
    await request(sim.app).get('/_simulator/api/exchanges?simulator=A').expect(400);
  });
});

describe('named simulators: isolated', () => {
  it('a code from one is refused at another (and at the root); the configuration stays its own', async () => {
    const sim = simulator();
    const code = await codeFrom(sim, '/sim/one');
    for (const prefix of ['/sim/two', '']) {
      const res = await redeem(sim, prefix, code);
      expect(res.status, res.text).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
    }
    // Still good where it was issued.
    const good = await redeem(sim, '/sim/one', code);
    expect(good.status, good.text).toBe(200);
    const switched = await request(sim.app)
      .post('/sim/one/config')
      .send({ errorConfiguration: { idTokenErrors: ['INVALID_AUD'] } })
      .expect(200);
    expect(switched.body.errorConfiguration.idTokenErrors).toEqual(['INVALID_AUD']);
    const two = await request(sim.app).get('/sim/two/config').expect(200);
    expect(two.body.errorConfiguration.idTokenErrors).toEqual([]);
    expect(sim.config.get().errorConfiguration.idTokenErrors).toEqual([]);
  });

  it("the one log judges each exchange by the simulator that answered it, the root's API included", async () => {
    const sim = simulator();
    const good = await redeem(sim, '/sim/a', await codeFrom(sim, '/sim/a'));
    expect(good.status, good.text).toBe(200);
    const list = await request(sim.app)
      .get('/_simulator/api/exchanges?simulator=a&endpoint=token')
      .expect(200);
    const id = (list.body.items as { id: string }[])[0]?.id as string;
    // The assertion is addressed to /sim/a/token and the ID token signed with a's own keys: the
    // root's API and a's own API both find nothing wrong with either.
    for (const api of ['/_simulator/api', '/sim/a/_simulator/api']) {
      const detail = await request(sim.app).get(`${api}/exchanges/${id}`).expect(200);
      const analysis = detail.body.analysis as {
        role: string;
        checks: { name: string; ok: boolean }[];
      }[];
      expect(analysis.map((a) => a.role)).toEqual(
        expect.arrayContaining(['client_assertion', 'id_token']),
      );
      for (const a of analysis)
        expect([api, a.role, a.checks.filter((c) => !c.ok)]).toEqual([api, a.role, []]);
    }
  });

  it('each numbers its own configuration on its own event stream (the base a client resyncs to)', async () => {
    const sim = simulator();
    const snapshot = async (prefix: string) =>
      (await request(sim.app).get(`${prefix}/_simulator/api/events/config`).expect(200)).body as {
        version: number;
        config: unknown;
      };
    const config = async (prefix: string) =>
      (await request(sim.app).get(`${prefix}/config`).expect(200)).body as unknown;
    await config('/sim/one');
    await config('/sim/two');
    const before = {
      one: await snapshot('/sim/one'),
      two: await snapshot('/sim/two'),
      root: await snapshot(''),
    };
    await request(sim.app)
      .post('/sim/one/config')
      .send({ responseConfiguration: { email: null } })
      .expect(200);
    const one = await snapshot('/sim/one');
    expect(one.version).toBe(before.one.version + 1);
    expect(one.config).toEqual(await config('/sim/one'));
    expect(
      (one.config as { responseConfiguration: { email: unknown } }).responseConfiguration.email,
    ).toBeNull();
    for (const [prefix, was] of [
      ['/sim/two', before.two],
      ['', before.root],
    ] as const) {
      const now = await snapshot(prefix);
      expect(now).toEqual(was);
      expect(now.config).toEqual(await config(prefix));
    }
  });

  it('a sign-in session is kept per simulator, in a cookie of its own path', async () => {
    const sim = simulator();
    const first = await request(sim.app).get(`/sim/a/authorize?${authorizeQuery().toString()}`);
    expect(first.status).toBe(302);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^simulator_session_a=[^;]+;.*Path=\/sim\/a\//);
    const cookie = setCookie.split(';')[0] as string;
    const silent = authorizeQuery({ prompt: 'none' }).toString();
    const again = await request(sim.app).get(`/sim/a/authorize?${silent}`).set('Cookie', cookie);
    expect(new URL(again.headers.location as string).searchParams.get('code')).toBeTruthy();
    for (const prefix of ['/sim/b', '']) {
      const other = await request(sim.app)
        .get(`${prefix}/authorize?${silent}`)
        .set('Cookie', cookie);
      expect(new URL(other.headers.location as string).searchParams.get('error')).toBe(
        'login_required',
      );
    }
  });

  it('each has its own signing keys and its own relying-party check', async () => {
    const sim = simulator();
    const kids = async (prefix: string) =>
      (
        (await request(sim.app).get(`${prefix}/.well-known/jwks.json`)).body as {
          keys: { kid: string }[];
        }
      ).keys.map((k) => k.kid);
    const [a, b, root] = await Promise.all([kids('/sim/a'), kids('/sim/b'), kids('')]);
    expect(a.filter((k) => b.includes(k) || root.includes(k))).toEqual([]);
    const started = await request(sim.app)
      .post('/sim/a/_simulator/api/rp-check/start')
      .send({ plan: 'default', attended: true });
    expect(started.status, started.text).toBeLessThan(300);
    const there = await request(sim.app).get('/sim/a/_simulator/api/rp-check').expect(200);
    const elsewhere = await request(sim.app).get('/sim/b/_simulator/api/rp-check').expect(200);
    const atRoot = await request(sim.app).get('/_simulator/api/rp-check').expect(200);
    expect(there.body.state).not.toBe(elsewhere.body.state);
    expect(elsewhere.body).toEqual(atRoot.body);
  });
});

describe('named simulators: the admin API', () => {
  it('creates (201, then 200), lists, resets and deletes', async () => {
    const sim = simulator();
    const created = await request(sim.app).post(API).send({ name: 'worker-1' }).expect(201);
    expect(created.body).toMatchObject({ name: 'worker-1', path: '/sim/worker-1/' });
    await request(sim.app).post(API).send({ name: 'worker-1' }).expect(200);
    await request(sim.app)
      .post('/sim/worker-1/config')
      .send({ responseConfiguration: { email: 'changed@example.com' } })
      .expect(200);
    const code = await codeFrom(sim, '/sim/worker-1');

    await request(sim.app).post(`${API}/worker-1/reset`).expect(200);
    const after = await request(sim.app).get('/sim/worker-1/config').expect(200);
    expect(after.body.responseConfiguration.email).toBe(
      sim.config.get().responseConfiguration.email,
    );
    const spent = await redeem(sim, '/sim/worker-1', code);
    expect(spent.body.error).toBe('invalid_grant');

    await request(sim.app).delete(`${API}/worker-1`).expect(204);
    expect(await names(sim)).toEqual([]);
    await request(sim.app).delete(`${API}/worker-1`).expect(404);
    await request(sim.app).post(`${API}/worker-1/reset`).expect(404);
    await request(sim.app).put(API).expect(405);
  });

  it('a deleted simulator leaves nothing listening on the shared log', async () => {
    const sim = simulator();
    const listeners = () =>
      sim.events.listenerCount('exchange') + sim.events.listenerCount('reset');
    const before = listeners();
    for (const name of ['a', 'b', 'c'])
      await request(sim.app).get(`/sim/${name}/config`).expect(200);
    expect(listeners()).toBeGreaterThan(before);
    for (const name of ['a', 'b', 'c']) await request(sim.app).delete(`${API}/${name}`).expect(204);
    expect(listeners()).toBe(before);
  });

  it('refuses bad bodies with a clear 400 and creates nothing', async () => {
    const sim = simulator();
    const bodies: unknown[] = [
      {},
      { name: 1 },
      { name: null },
      { name: ['a'] },
      { name: { a: 1 } },
      { name: 'ok', extra: true },
      [],
      'name',
      7,
      null,
    ];
    for (const body of bodies) {
      const res = await request(sim.app)
        .post(API)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(typeof res.body.error_description).toBe('string');
    }
    await request(sim.app).post(API).set('Content-Type', 'application/json').send('{').expect(400);
    expect(await names(sim)).toEqual([]);
  });
});

describe('named simulators: bad names and the cap', () => {
  const BAD = [
    '..',
    'Upper',
    'UPPER',
    'a'.repeat(65),
    'a%2Fb',
    '%2e%2e',
    'a.b',
    'a_b',
    'caf%C3%A9',
  ];

  it.each(BAD)('%s is refused with 400 and nothing is created', async (name) => {
    const sim = simulator();
    for (const path of [`/sim/${name}/config`, `/sim/${name}/`, `/sim/${name}`]) {
      const res = await request(sim.app).get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.error_description).toContain('a-z, 0-9 and -');
    }
    const viaApi = await request(sim.app)
      .post(API)
      .send({ name: decodeURIComponent(name) });
    expect(viaApi.status).toBe(400);
    await request(sim.app)
      .delete(`${API}/${name}`)
      .expect((r) => expect([400, 404]).toContain(r.status));
    expect(await names(sim)).toEqual([]);
  });

  it('64 characters is a good name; /sim/ alone is the root 404', async () => {
    const sim = simulator();
    await request(sim.app)
      .get(`/sim/${'a'.repeat(64)}/config`)
      .expect(200);
    await request(sim.app).get('/sim/').expect(404);
    expect(await names(sim)).toEqual(['a'.repeat(64)]);
  });

  it('the cap answers 503 naming it, by first use and by the API; a deletion makes room', async () => {
    const sim = simulator({ maxSimulators: 2 });
    await request(sim.app).get('/sim/a/config').expect(200);
    await request(sim.app).post(API).send({ name: 'b' }).expect(201);
    for (const res of [
      await request(sim.app).get('/sim/c/.well-known/openid-configuration'),
      await request(sim.app).post(API).send({ name: 'c' }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: 'temporarily_unavailable', max_simulators: 2 });
      expect(res.body.error_description).toContain('cap of 2 named simulators');
      expect(res.body.error_description).toContain('--max-simulators');
    }
    // Existing ones keep working at the cap.
    await request(sim.app).get('/sim/a/config').expect(200);
    expect(await names(sim)).toEqual(['a', 'b']);
    await request(sim.app).delete(`${API}/a`).expect(204);
    await request(sim.app).get('/sim/c/config').expect(200);
    expect(await names(sim)).toEqual(['b', 'c']);
  });

  it('a cap of 0 turns named simulators off', async () => {
    const sim = simulator({ maxSimulators: 0 });
    await request(sim.app).get('/sim/a/config').expect(503);
    await request(sim.app).get('/config').expect(200);
  });
});

describe('--max-simulators and --backchannel-url', () => {
  it('parses good values and refuses bad ones with one line', () => {
    expect(parseArgs(['--max-simulators', '8'])).toMatchObject({
      ok: true,
      value: { maxSimulators: 8 },
    });
    expect(parseArgs(['--max-simulators=0'])).toMatchObject({
      ok: true,
      value: { maxSimulators: 0 },
    });
    for (const bad of ['-1', 'abc', '1001', '', '1.5', '{}', 'null']) {
      const r = parseArgs(['--max-simulators', bad]);
      expect(r.ok, bad).toBe(false);
      if (!r.ok)
        expect(r.message).toContain('--max-simulators needs a whole number from 0 to 1000');
    }
    expect(parseArgs(['--backchannel-url', 'http://simulator:3000/'])).toMatchObject({
      ok: true,
      value: { backchannelUrl: 'http://simulator:3000' },
    });
    for (const bad of [
      'ftp://x',
      'not a url',
      'http://x/?q=1',
      'http://x/#f',
      '',
      '[]',
      // The URL parser would drop these, but discovery would publish them as given.
      'http://x/\nline2',
      'http://x/\t',
      'http://x:3000 ',
      'http://x:3000\r',
    ]) {
      const r = parseArgs(['--backchannel-url', bad]);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) {
        expect(r.message.startsWith('--backchannel-url ')).toBe(true);
        expect(r.message).not.toMatch(/[\n\r]/);
      }
    }
  });

  it('MAX_SIMULATORS and BACKCHANNEL_URL: a bad value stops the start with exit code 2', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      expect(await runCli(['--port', '0'], { MAX_SIMULATORS: 'lots' })).toBe(2);
      expect(await runCli(['--port', '0'], { BACKCHANNEL_URL: 'simulator:3000' })).toBe(2);
    } finally {
      console.error = original;
    }
    expect(errors[0]).toContain('MAX_SIMULATORS needs a whole number');
    expect(errors[1]).toContain('BACKCHANNEL_URL must use http or https');
  });
});

describe('named simulators: the HAR export of one simulator', () => {
  const HAR = '/_simulator/api/exchanges.har';
  const paths = async (sim: Simulator, query: string) => {
    const res = await request(sim.app).get(`${HAR}${query}`).expect(200);
    const har = JSON.parse(res.text) as { log: { entries: { request: { url: string } }[] } };
    return har.log.entries.map((e) => new URL(e.request.url).pathname).sort();
  };

  it('?simulator=<name> exports that simulator only, / the root, none all of them', async () => {
    const sim = simulator();
    await request(sim.app).get('/sim/a/trustmark').expect(200);
    await request(sim.app).get('/sim/b/trustmark').expect(200);
    await request(sim.app).get('/trustmark').expect(200);
    expect(await paths(sim, '?simulator=a')).toEqual(['/sim/a/trustmark']);
    expect(await paths(sim, '?simulator=/')).toEqual(['/trustmark']);
    expect(await paths(sim, '')).toEqual(['/sim/a/trustmark', '/sim/b/trustmark', '/trustmark']);
    // One that exists but has done nothing yet: an empty export, not an error.
    await request(sim.app).post(API).send({ name: 'quiet' }).expect(201);
    expect(await paths(sim, '?simulator=quiet')).toEqual([]);
    // Deleted, its exchanges stay in the log and can still be exported.
    await request(sim.app).delete(`${API}/a`).expect(204);
    expect(await paths(sim, '?simulator=a')).toEqual(['/sim/a/trustmark']);
  });

  it.each([
    ['?simulator=never', /"never" is not a named simulator of this process/],
    ['?simulator=Upper', /simulator must be a simulator name/],
    ['?simulator=..', /simulator must be a simulator name/],
    ['?simulator=a%2Fb', /simulator must be a simulator name/],
    [`?simulator=${'a'.repeat(65)}`, /simulator must be a simulator name/],
    // A repeated parameter keeps its last value (as everywhere): that one is judged.
    ['?simulator=a&simulator=b', /"b" is not a named simulator/],
    ['?simulator[x]=a', /Unknown parameter simulator\[x\]/],
  ])('%s is a 400 in the documented shape, and nothing is created', async (query, message) => {
    const sim = simulator();
    await request(sim.app).get('/sim/a/trustmark').expect(200);
    const res = await request(sim.app).get(`${HAR}${query}`).expect(400);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.error_description).toMatch(message);
    expect(await names(sim)).toEqual(['a']);
    // The process keeps serving.
    expect(await paths(sim, '?simulator=a')).toEqual(['/sim/a/trustmark']);
  });
});

describe("clearing one simulator's exchanges", () => {
  const EXCHANGES = '/_simulator/api/exchanges';
  const pathsIn = async (sim: Simulator) => {
    const res = await request(sim.app).get(`${EXCHANGES}?limit=500`).expect(200);
    return (res.body as { items: { request: { path: string } }[] }).items
      .map((e) => e.request.path)
      .sort();
  };

  it("?simulator=<name> removes that simulator's exchanges and pins only, and says which on the stream", async () => {
    const sim = simulator();
    await request(sim.app).get('/sim/a/trustmark').expect(200);
    await request(sim.app).get('/sim/b/trustmark').expect(200);
    await request(sim.app).get('/trustmark').expect(200);
    const list = (await request(sim.app).get(EXCHANGES).expect(200)).body as {
      items: { id: string; simulator?: string }[];
    };
    const ofA = list.items.find((e) => e.simulator === 'a')?.id as string;
    const ofB = list.items.find((e) => e.simulator === 'b')?.id as string;
    await request(sim.app).put(`/_simulator/api/pins/exchanges/${ofA}`).expect(200);
    await request(sim.app).put(`/_simulator/api/pins/exchanges/${ofB}`).expect(200);
    const resets: (string | undefined)[] = [];
    sim.events.on('reset', (s) => resets.push(s));

    await request(sim.app).delete(`${EXCHANGES}?simulator=a`).expect(204);
    expect(await pathsIn(sim)).toEqual(['/sim/b/trustmark', '/trustmark']);
    expect(resets).toEqual(['a']);
    const pins = (await request(sim.app).get('/_simulator/api/pins').expect(200)).body as {
      exchanges: string[];
    };
    expect(pins.exchanges).toEqual([ofB]);

    await request(sim.app).delete(`${EXCHANGES}?simulator=/`).expect(204);
    expect(await pathsIn(sim)).toEqual(['/sim/b/trustmark']);
    expect(resets).toEqual(['a', '/']);
    // New exchanges still arrive after a partial clear, in order.
    await request(sim.app).get('/sim/a/trustmark').expect(200);
    expect(await pathsIn(sim)).toEqual(['/sim/a/trustmark', '/sim/b/trustmark']);
    // Without simulator, everything goes (as before).
    await request(sim.app).delete(EXCHANGES).expect(204);
    expect(await pathsIn(sim)).toEqual([]);
    expect(resets).toEqual(['a', '/', undefined]);
  });

  it('the event stream tells a partial clear from a whole one', async () => {
    const sim = simulator();
    await request(sim.app).get('/sim/a/trustmark').expect(200);
    const server = sim.app.listen(0, '127.0.0.1');
    try {
      await new Promise((r) => server.once('listening', r));
      const { port } = server.address() as { port: number };
      const controller = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/_simulator/api/events`, {
        signal: controller.signal,
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      const until = async (what: RegExp) => {
        while (!what.test(text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before ${what}`);
          text += new TextDecoder().decode(value);
        }
      };
      await until(/event: config\n/);
      await request(sim.app).delete(`${EXCHANGES}?simulator=a`).expect(204);
      await until(/event: reset\ndata: .*\n\n/);
      expect(text).toContain('event: reset\ndata: {"cleared":true,"simulator":"a"}\n\n');
      controller.abort();
    } finally {
      server.close();
    }
  });

  it.each([
    ['?simulator=', /simulator must be a simulator name/],
    ['?simulator=never', /"never" is not a named simulator of this process/],
    ['?simulator=Upper', /simulator must be a simulator name/],
    ['?simulator=a%2Fb', /simulator must be a simulator name/],
    [`?simulator=${'a'.repeat(65)}`, /simulator must be a simulator name/],
    ['?simulator[x]=a', /takes only simulator=<name>.*not simulator\[x\]/],
    ['?simulator=a&endpoint=token', /takes only simulator=<name>.*not endpoint/],
    ['?q=trustmark', /takes only simulator=<name>.*not q/],
  ])('%s is a 400 in the documented shape, and nothing is cleared', async (query, message) => {
    const sim = simulator();
    await request(sim.app).get('/sim/a/trustmark').expect(200);
    await request(sim.app).get('/trustmark').expect(200);
    const res = await request(sim.app).delete(`${EXCHANGES}${query}`).expect(400);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.error_description).toMatch(message);
    expect(await pathsIn(sim)).toEqual(['/sim/a/trustmark', '/trustmark']);
    await request(sim.app).get('/trustmark').expect(200);
  });
});
