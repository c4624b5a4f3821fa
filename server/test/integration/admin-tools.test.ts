/**
 * The tester's tools in the admin API: resend a logged exchange, verify a token with a key or a
 * JWKS/DID URL (loopback and own address only), re-sign a token's claims. Bad input is a 400
 * naming the field; nothing is sent or changed.
 */
import { createServer, type Server } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  KeyVerification,
  ResendResult,
  ResignedToken,
} from '../../src/admin/admin-api-types.js';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { runFlow, signClientAssertion } from '../helpers/relying-party.js';
import { defaultConfig } from '../../src/config/defaults.js';

const API = '/_simulator/api';
let sim: ListeningSimulator;
let other: Server;
let otherUrl: string;

beforeAll(async () => {
  sim = await listeningSimulator();
  // A second loopback server: redirects elsewhere, and a huge answer.
  other = createServer((req, res) => {
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"keys":[],"pad":"${'x'.repeat(400 * 1024)}"}`);
    } else if (req.url === '/trickle') {
      // A key set whose body trickles in, a byte every 400 ms, longer than the time limit.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => res.write(' '), 400);
      res.on('close', () => clearInterval(timer));
      setTimeout(() => res.end('"keys":[]}'), 15_000).unref();
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  other.close();
  await sim.close();
});
function reset(changes: Partial<SimulatorConfig> = {}): void {
  const res = sim.simulator.config.update({ ...defaultConfig(sim.baseUrl), ...changes });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
}
beforeEach(() => reset());

async function post(path: string, body?: unknown) {
  const res = await fetch(`${sim.baseUrl}${API}${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const latest = (endpoint: string) => sim.simulator.log.findLast((e) => e.endpoint === endpoint);

describe('resend', () => {
  it('sends a token request again with a re-signed assertion (fresh jti), logged as a new exchange', async () => {
    await runFlow(sim.baseUrl);
    const original = latest('token');
    expect(original?.response.status).toBe(200);
    const res = await post(`/exchanges/${original?.id}/resend`);
    expect(res.status).toBe(200);
    const result = res.body as unknown as ResendResult;
    expect(result.changes[0]).toMatch(/re-signed .* fresh jti/);
    const again = sim.simulator.log.get(result.exchangeId as string);
    expect(again?.request.headers['x-simulator-resend-of']).toBe(original?.id);
    const jti = (e: typeof again) =>
      decodeJwt(String((e?.request.body as Record<string, string>).client_assertion)).jti;
    expect(jti(again)).not.toBe(jti(original));
    // The code was used once already: the provider refuses it, with a fresh jti not the cause.
    expect(result.status).toBe(400);
    expect(again?.outcome).toMatchObject({ kind: 'error', code: 'invalid_grant' });
  });

  it('resends an authorize request as it was', async () => {
    await runFlow(sim.baseUrl);
    const original = latest('authorize');
    const res = await post(`/exchanges/${original?.id}/resend`, {});
    const result = res.body as unknown as ResendResult;
    expect(result).toMatchObject({ status: 302, changes: [] });
    const again = sim.simulator.log.get(result.exchangeId as string);
    expect(again?.request.query).toEqual(original?.request.query);
  });

  it('will not re-sign an assertion made with another key, but sends it as-is when asked', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const cfg = defaultConfig(sim.baseUrl);
    reset({
      clientConfiguration: {
        ...cfg.clientConfiguration,
        publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      },
    });
    await runFlow(sim.baseUrl, { assertion: { key: privateKey as never, alg: 'ES256' } });
    const original = latest('token');
    const refused = await post(`/exchanges/${original?.id}/resend`, { assertion: 'resign' });
    expect(refused.status).toBe(409);
    expect(refused.body.error_description).toMatch(/not signed with the default client key/);
    const asIs = await post(`/exchanges/${original?.id}/resend`, { assertion: 'as-is' });
    expect(asIs.status).toBe(200);
    const again = sim.simulator.log.get((asIs.body as unknown as ResendResult).exchangeId ?? '');
    expect((again?.request.body as Record<string, string>).client_assertion).toBe(
      (original?.request.body as Record<string, string>).client_assertion,
    );
  });

  it.each([
    ['an array', []],
    ['a number', 3],
    ['assertion a number', { assertion: 1 }],
    ['assertion an object', { assertion: {} }],
    ['assertion unknown', { assertion: 'sign' }],
    ['an unknown field', { jti: 'x' }],
  ])('refuses %s with a 400, sending nothing', async (_n, body) => {
    await runFlow(sim.baseUrl);
    const before = sim.simulator.log.totalRecorded;
    const res = await post(`/exchanges/${latest('token')?.id}/resend`, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(sim.simulator.log.totalRecorded).toBe(before);
  });

  it('resends an authorize request with an edited query, to its own address', async () => {
    await runFlow(sim.baseUrl);
    const original = latest('authorize');
    const query = { ...(original?.request.query as Record<string, string>), state: 'edited-state' };
    const res = await post(`/exchanges/${original?.id}/resend`, { query });
    expect(res.status).toBe(200);
    const result = res.body as unknown as ResendResult;
    expect(result.changes).toContain('query edited');
    const again = sim.simulator.log.get(result.exchangeId as string);
    expect(again?.request.query.state).toBe('edited-state');
    expect(again?.request.path).toBe(original?.request.path);
  });

  it('resends a token request with an edited body and headers, re-signing the assertion', async () => {
    await runFlow(sim.baseUrl);
    const original = latest('token');
    const form = new URLSearchParams(original?.request.body as Record<string, string>);
    form.set('code', 'edited-code');
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'x-edited': 'yes' };
    const res = await post(`/exchanges/${original?.id}/resend`, { headers, body: form.toString() });
    const result = res.body as unknown as ResendResult;
    expect(result.changes).toEqual(
      expect.arrayContaining(['headers edited', 'body edited', expect.stringMatching(/re-signed/)]),
    );
    const again = sim.simulator.log.get(result.exchangeId as string);
    expect((again?.request.body as Record<string, string>).code).toBe('edited-code');
    expect(again?.request.headers['x-edited']).toBe('yes');
    expect(again?.outcome).toMatchObject({ kind: 'error', code: 'invalid_grant' });
  });

  it.each([
    ['query an array', { query: [] }],
    ['query null', { query: null }],
    ['query a string', { query: 'a=b' }],
    ['a query value a number', { query: { state: 3 } }],
    ['a query value an array', { query: { state: ['a'] } }],
    ['a query value null', { query: { state: null } }],
    ['a query value an object', { query: { state: { a: 'b' } } }],
    [
      'too many query entries',
      { query: Object.fromEntries([...Array(101).keys()].map((i) => [`k${i}`, 'v'])) },
    ],
    ['an oversize query value', { query: { state: 'x'.repeat(8193) } }],
    ['headers an array', { headers: [] }],
    ['a header value a number', { headers: { accept: 1 } }],
    ['a header value an object', { headers: { accept: {} } }],
    ['a Host header', { headers: { Host: 'evil.example' } }],
    ['a Content-Length header', { headers: { 'content-length': '1' } }],
    ['a Connection header', { headers: { Connection: 'close' } }],
    ['a Transfer-Encoding header', { headers: { 'Transfer-Encoding': 'chunked' } }],
    ['the admin cookie', { headers: { cookie: 'a=b; simulator_admin=t' } }],
    ['a header name with a space', { headers: { 'x y': 'z' } }],
    ['a header value with a line break', { headers: { 'x-a': 'b\r\nHost: evil' } }],
    ['body a number', { body: 1 }],
    ['body null', { body: null }],
    ['body an object', { body: { code: 'x' } }],
    ['an oversize body', { body: 'x'.repeat(100_001) }],
  ])('refuses overrides with %s with a 400, sending nothing', async (_n, body) => {
    await runFlow(sim.baseUrl);
    const before = sim.simulator.log.totalRecorded;
    const res = await post(`/exchanges/${latest('authorize')?.id}/resend`, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(typeof res.body.error_description).toBe('string');
    expect(sim.simulator.log.totalRecorded).toBe(before);
  });

  it('answers 404 for an unknown exchange and 405 for GET', async () => {
    expect((await post('/exchanges/nope/resend')).status).toBe(404);
    const get = await fetch(`${sim.baseUrl}${API}/exchanges/nope/resend`);
    expect(get.status).toBe(405);
  });
});

describe('verify with a key or URL', () => {
  const signed = async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const token = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .sign(privateKey);
    return { token, publicKey };
  };

  it('verifies with a pasted PEM or JWK, and says when the key does not match', async () => {
    const { token, publicKey } = await signed();
    const pem = await post('/tokens/verify', {
      token,
      key: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    });
    expect(pem.body).toMatchObject({ ok: true, keyDescription: 'an EC P-256 key' });
    expect((pem.body as unknown as KeyVerification).claims).toEqual({ sub: 'x' });
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    const wrong = await post('/tokens/verify', {
      token,
      key: JSON.stringify(other.export({ format: 'jwk' })),
    });
    expect(wrong.body.ok).toBe(false);
    expect(wrong.body.detail).toMatch(/signature does not match/);
  });

  it('verifies a simulator ID token against its JWKS URL and a core identity JWT against its DID document', async () => {
    const flow = await runFlow(sim.baseUrl, {
      authorize: {
        vtr: '["Cl.Cm.P2"]',
        claims: JSON.stringify({
          userinfo: { 'https://vocab.account.gov.uk/v1/coreIdentityJWT': null },
        }),
      },
    });
    const jwks = await post('/tokens/verify', {
      token: flow.tokenBody.id_token,
      url: `${sim.baseUrl}/.well-known/jwks.json`,
    });
    expect(jwks.body).toMatchObject({ ok: true });
    expect(jwks.body.keyDescription).toMatch(/the JWKS at .*jwks\.json \(2 keys\)/);
    const did = await post('/tokens/verify', {
      token: flow.userinfo['https://vocab.account.gov.uk/v1/coreIdentityJWT'],
      url: `${sim.baseUrl}/.well-known/did.json`,
    });
    expect(did.body).toMatchObject({ ok: true });
    expect(did.body.keyDescription).toMatch(/DID document/);
  });

  it.each([
    ['a metadata address', 'http://169.254.169.254/latest/meta-data', /loopback/],
    ['another host', 'https://example.com/jwks.json', /loopback/],
    ['a file URL', 'file:///etc/passwd', /http or https/],
    ['credentials', 'http://user:pw@127.0.0.1/x', /user name/],
    ['not a URL', 'jwks.json', /absolute URL/],
  ])('refuses to fetch %s', async (_n, url, message) => {
    const { token } = await signed();
    const res = await post('/tokens/verify', { token, url });
    expect(res.status).toBe(400);
    expect(String(res.body.error_description)).toMatch(message);
  });

  it('does not follow a redirect and caps the size', async () => {
    const { token } = await signed();
    const redirect = await post('/tokens/verify', { token, url: `${otherUrl}/redirect` });
    expect(redirect.status).toBe(400);
    expect(redirect.body.error_description).toMatch(/redirect .* not followed/);
    const huge = await post('/tokens/verify', { token, url: `${otherUrl}/huge` });
    expect(huge.status).toBe(400);
    expect(huge.body.error_description).toMatch(/larger than 262144 bytes/);
  });

  it('a key set whose body trickles past the time limit is a 400 of the documented shape', async () => {
    const { token } = await signed();
    const started = Date.now();
    const res = await post('/tokens/verify', { token, url: `${otherUrl}/trickle` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: `url: ${otherUrl}/trickle did not send its whole answer within 5 s`,
    });
    expect(Date.now() - started).toBeLessThan(9000);
    // Still serving, and the next verification works.
    const ok = await post('/tokens/verify', { token, url: `${sim.baseUrl}/.well-known/jwks.json` });
    expect(ok.status).toBe(200);
  }, 15_000);

  it.each([
    ['null', null, /JSON/],
    ['an array', [], /JSON object/],
    ['no token', { key: 'x' }, /token must be/],
    ['token a number', { token: 5, key: 'x' }, /token must be/],
    ['token an object', { token: {}, key: 'x' }, /token must be/],
    ['neither key nor url', { token: 'a.b.c' }, /exactly one/],
    ['both key and url', { token: 'a.b.c', key: 'x', url: 'y' }, /exactly one/],
    ['key a number', { token: 'a.b.c', key: 1 }, /key must be a string/],
    ['key an object', { token: 'a.b.c', key: { kty: 'EC' } }, /key must be a string/],
    ['url an array', { token: 'a.b.c', url: ['x'] }, /url must be a string/],
    ['key garbage', { token: 'a.b.c', key: 'nope' }, /key: /],
    ['an unknown field', { token: 'a.b.c', key: 'x', alg: 'none' }, /Unknown field "alg"/],
  ])('refuses %s with a 400', async (_n, body, message) => {
    const res = await post('/tokens/verify', body);
    expect(res.status).toBe(400);
    expect(String(res.body.error_description)).toMatch(message);
  });
});

describe('re-sign', () => {
  it("re-signs edited claims with the simulator's key, or deliberately with a wrong one", async () => {
    const flow = await runFlow(sim.baseUrl);
    const idToken = String(flow.tokenBody.id_token);
    const good = await post('/tokens/resign', {
      token: idToken,
      claims: { ...decodeJwt(idToken), sub: 'hand-crafted' },
      key: 'simulator',
    });
    expect(good.status).toBe(200);
    const resigned = (good.body as unknown as ResignedToken).token;
    expect(decodeJwt(resigned).sub).toBe('hand-crafted');
    expect(decodeProtectedHeader(resigned).kid).toBe(decodeProtectedHeader(idToken).kid);
    const verified = await post('/tokens/verify', {
      token: resigned,
      url: `${sim.baseUrl}/.well-known/jwks.json`,
    });
    expect(verified.body.ok).toBe(true);

    const bad = await post('/tokens/resign', { token: idToken, key: 'wrong' });
    const wrong = (bad.body as unknown as ResignedToken).token;
    expect(bad.body.signedWith).toMatch(/never publishes/);
    expect(decodeProtectedHeader(wrong).kid).toBe(decodeProtectedHeader(idToken).kid);
    const refused = await post('/tokens/verify', {
      token: wrong,
      url: `${sim.baseUrl}/.well-known/jwks.json`,
    });
    expect(refused.body.ok).toBe(false);
  });

  it('keeps a client assertion shape but signs with the simulator key when asked', async () => {
    const assertion = await signClientAssertion({ baseUrl: sim.baseUrl });
    const res = await post('/tokens/resign', { token: assertion, key: 'simulator' });
    expect(res.status).toBe(200);
    expect(decodeJwt((res.body as unknown as ResignedToken).token)).toEqual(decodeJwt(assertion));
  });

  it.each([
    ['an array', [], /JSON object/],
    ['no key', { token: 'a.b.c' }, /token|key must be one of/],
    ['key a number', { token: 'eyJhbGciOiJub25lIn0.e30.', key: 1 }, /key must be one of/],
    ['key unknown', { token: 'eyJhbGciOiJub25lIn0.e30.', key: 'mine' }, /key must be one of/],
    [
      'claims an array',
      { token: 'eyJhbGciOiJub25lIn0.e30.', key: 'wrong', claims: [] },
      /claims must be a JSON object/,
    ],
    [
      'claims a string',
      { token: 'eyJhbGciOiJub25lIn0.e30.', key: 'wrong', claims: '{}' },
      /claims must be/,
    ],
    [
      'claims null',
      { token: 'eyJhbGciOiJub25lIn0.e30.', key: 'wrong', claims: null },
      /claims must be/,
    ],
    ['token not a JWT', { token: 'hello', key: 'simulator' }, /token: Not a JWT/],
    ['an unknown field', { token: 'x', key: 'simulator', alg: 'none' }, /Unknown field/],
  ])('refuses %s with a 400', async (_n, body, message) => {
    const res = await post('/tokens/resign', body);
    expect(res.status).toBe(400);
    expect(String(res.body.error_description)).toMatch(message);
    expect((await fetch(`${sim.baseUrl}${API}/status`)).status).toBe(200);
  });
});

describe('admin access rules', () => {
  it.each([
    ['/test-client/run', { flow: 'authentication' }],
    ['/test-client/commands', { flow: 'authentication' }],
    ['/exchanges/x/resend', {}],
    ['/tokens/verify', { token: 'a.b.c', url: 'http://localhost/' }],
    ['/tokens/resign', { token: 'a.b.c', key: 'wrong' }],
  ])('%s answers only a loopback Host (against DNS rebinding)', async (path, body) => {
    const before = sim.simulator.log.totalRecorded;
    const res = await request(sim.simulator.app)
      .post(`${API}${path}`)
      .set('Host', 'attacker.example')
      .send(body);
    expect(res.status).toBe(403);
    expect(sim.simulator.log.totalRecorded).toBe(before);
  });
});
