/**
 * GET /authorize with a signed request object (JAR): signature, the validation order of
 * docs/compatibility.md 3.3 and our rules (claims as an object or a JSON string, query and object
 * must agree on response_type, scope and client_id, other OIDC parameters refused in the query).
 */
import { generateKeyPairSync } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { SignJWT, UnsecuredJWT, base64url, decodeJwt, importPKCS8, type CryptoKey } from 'jose';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  configure,
  exchange,
  expectErrorPage,
  expectRedirectError,
  expectStillServing,
  getUserinfo,
  harness,
  type Harness,
} from '../helpers/protocol.js';
import { VOCAB, pkcePair, redirectParams, signRequestObject } from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

/** The query of a JAR request: only response_type, scope, client_id and request. */
function jarQuery(requestObject: string, extra: Record<string, string | undefined> = {}): string {
  const q: Record<string, string | undefined> = {
    response_type: 'code',
    scope: 'openid email phone',
    client_id: DEFAULT_CLIENT_ID,
    request: requestObject,
    ...extra,
  };
  return new URLSearchParams(
    Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
}

async function jar(
  claims: Record<string, unknown> = {},
  extra: Record<string, string | undefined> = {},
) {
  const now = h.clock.seconds();
  const object = await signRequestObject(h.baseUrl(), { iat: now, exp: now + 300, ...claims });
  return request(h.app).get(`/authorize?${jarQuery(object, extra)}`);
}

function codeOf(res: request.Response): string {
  expect(res.status, res.text).toBe(302);
  const code = redirectParams(res.headers.location as string).get('code');
  expect(code, res.headers.location as string).toBeTruthy();
  return code as string;
}

const identityClaims = {
  userinfo: { [`${VOCAB}/coreIdentityJWT`]: null, [`${VOCAB}/address`]: null },
};

let otherKey: Promise<CryptoKey> | undefined;
/** An RSA key the client never registered. */
function otherRsaKey(): Promise<CryptoKey> {
  otherKey ??= importPKCS8(
    generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    'RS256',
  );
  return otherKey;
}

describe('valid request objects', () => {
  it('signs in with claims as an object: state and nonce come from the object', async () => {
    const res = await jar({
      state: 'jar state&x',
      nonce: 'jar-nonce',
      vtr: ['Cl.Cm.P2'],
      claims: identityClaims,
    });
    const params = redirectParams(res.headers.location as string);
    expect(params.get('state')).toBe('jar state&x');
    const token = await exchange(h, codeOf(res));
    expect(token.status).toBe(200);
    const idToken = token.body.id_token as string;
    const payload = decodeJwt(idToken);
    expect(payload.nonce).toBe('jar-nonce');
    expect(payload.vot).toBe('Cl.Cm');
    const info = await getUserinfo(h.app, token.body.access_token as string);
    expect(info.status).toBe(200);
    expect(typeof info.body[`${VOCAB}/coreIdentityJWT`]).toBe('string');
    expect(info.body[`${VOCAB}/address`]).toHaveLength(1);
  });

  it('accepts claims as a JSON string too', async () => {
    const res = await jar({ vtr: ['Cl.Cm.P2'], claims: JSON.stringify(identityClaims) });
    const token = await exchange(h, codeOf(res));
    const info = await getUserinfo(h.app, token.body.access_token as string);
    expect(typeof info.body[`${VOCAB}/coreIdentityJWT`]).toBe('string');
  });

  it('accepts vtr as a JSON string', async () => {
    codeOf(await jar({ vtr: '["Cl.Cm.P2"]', claims: identityClaims }));
  });

  it('honours response_mode=fragment from the object', async () => {
    const res = await jar({ response_mode: 'fragment' });
    const url = new URL(res.headers.location as string);
    expect(url.search).toBe('');
    expect(new URLSearchParams(url.hash.slice(1)).get('code')).toBeTruthy();
  });

  it('accepts RS256 and PS256 request objects', async () => {
    for (const alg of ['RS256', 'PS256', 'RS384', 'PS512']) {
      const object = await signRequestObject(h.baseUrl(), {}, { alg });
      codeOf(await request(h.app).get(`/authorize?${jarQuery(object)}`));
    }
  });

  it('applies PKCE from the object', async () => {
    const { verifier, challenge } = pkcePair();
    const code = codeOf(await jar({ code_challenge: challenge, code_challenge_method: 'S256' }));
    expect((await exchange(h, code, { code_verifier: 'x'.repeat(43) })).status).toBe(400);
    const code2 = codeOf(await jar({ code_challenge: challenge, code_challenge_method: 'S256' }));
    expect((await exchange(h, code2, { code_verifier: verifier })).status).toBe(200);
  });

  it('follows a changed simulatorUrl in the expected aud', async () => {
    configure(h, { simulatorUrl: 'https://sim.example/base' });
    const object = await signRequestObject('https://sim.example/base', {});
    codeOf(await request(h.app).get(`/authorize?${jarQuery(object)}`));
    const old = await signRequestObject('http://localhost:3000', {});
    expect(
      redirectParams(
        (await request(h.app).get(`/authorize?${jarQuery(old)}`)).headers.location as string,
      ).get('error'),
    ).toBe('access_denied');
  });
});

describe('signature (compat 3.3 step 1): 400 "Trust chain validation failed", never a 500', () => {
  const trustChain = (res: request.Response) =>
    expectErrorPage(res, 'Trust chain validation failed');

  it('alg none', async () => {
    const object = new UnsecuredJWT({
      aud: `${h.baseUrl()}/authorize`,
      iss: DEFAULT_CLIENT_ID,
      client_id: DEFAULT_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email phone',
      redirect_uri: DEFAULT_REDIRECT_URI,
      state: 's',
      nonce: 'n',
    }).encode();
    trustChain(await request(h.app).get(`/authorize?${jarQuery(object)}`));
    await expectStillServing(h.app, h.clock);
  });

  it('signed by another key', async () => {
    const object = await signRequestObject(h.baseUrl(), {}, { key: await otherRsaKey() });
    trustChain(await request(h.app).get(`/authorize?${jarQuery(object)}`));
  });

  it('ES256-signed against the registered RSA key', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const key = await importPKCS8(
      privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      'ES256',
    );
    const object = await signRequestObject(h.baseUrl(), {}, { key, alg: 'ES256' });
    const res = await request(h.app).get(`/authorize?${jarQuery(object)}`);
    trustChain(res);
    expect(res.text).toContain('alg');
    await expectStillServing(h.app, h.clock);
  });

  it('HS256 (a symmetric alg) is refused', async () => {
    const object = await new SignJWT({ aud: `${h.baseUrl()}/authorize` })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new Uint8Array(32));
    trustChain(await request(h.app).get(`/authorize?${jarQuery(object)}`));
  });

  it('a tampered payload', async () => {
    const object = await signRequestObject(h.baseUrl(), { state: 'original' });
    const [header, , signature] = object.split('.');
    const payload = base64url.encode(
      JSON.stringify({ aud: `${h.baseUrl()}/authorize`, state: 'tampered' }),
    );
    trustChain(
      await request(h.app).get(`/authorize?${jarQuery(`${header}.${payload}.${signature}`)}`),
    );
  });

  it('expired, by the simulator clock', async () => {
    const now = h.clock.seconds();
    const object = await signRequestObject(h.baseUrl(), { iat: now, exp: now + 60 });
    codeOf(await request(h.app).get(`/authorize?${jarQuery(object)}`));
    h.clock.advance(61);
    const res = await request(h.app).get(`/authorize?${jarQuery(object)}`);
    trustChain(res);
    expect(res.text).toContain('expired');
  });

  it('not valid yet (nbf in the future)', async () => {
    const now = h.clock.seconds();
    const res = await jar({ nbf: now + 600 });
    trustChain(res);
  });

  it('the trust-chain page is English: an unverified object is not trusted for ui_locales', async () => {
    const object = await signRequestObject(h.baseUrl(), {}, { key: await otherRsaKey() });
    const res = await request(h.app).get(`/authorize?${jarQuery(object)}`);
    expect(res.text).toContain('<html lang="en">');
  });
});

describe('malformed request parameter', () => {
  it('not a JWT → 400 "Invalid Request" (no trusted redirect URI in the query)', async () => {
    for (const object of ['garbage', 'a.b', `${base64url.encode('{"alg":1}')}.e30.sig`])
      expectErrorPage(
        await request(h.app).get(`/authorize?${jarQuery(object)}`),
        'Invalid Request',
      );
    await expectStillServing(h.app, h.clock);
  });

  it('a payload sub equal to client_id → 400 "Invalid Request"', async () => {
    const object = await signRequestObject(h.baseUrl(), { sub: DEFAULT_CLIENT_ID });
    expectErrorPage(await request(h.app).get(`/authorize?${jarQuery(object)}`), 'Invalid Request');
  });

  it('query client_id not registered → 400 "Invalid Request"', async () => {
    const object = await signRequestObject(h.baseUrl(), {});
    expectErrorPage(
      await request(h.app).get(`/authorize?${jarQuery(object, { client_id: 'other' })}`),
      'Invalid Request',
    );
  });
});

describe('object validation order (compat 3.3)', () => {
  const redirect = (error: string, description: string, state: string | null = 'state-jar') => ({
    error,
    description,
    state,
  });

  it('2. object redirect_uri missing or not registered → 400 page', async () => {
    expectErrorPage(await jar({ redirect_uri: undefined }), 'Invalid Request');
    expectErrorPage(await jar({ redirect_uri: 'http://localhost:8080/other' }), 'Invalid Request');
    expectErrorPage(await jar({ redirect_uri: 42 }), 'Invalid Request');
  });

  it('3. object response_mode not query/fragment → 400 page', async () => {
    expectErrorPage(await jar({ response_mode: 'form_post' }), 'Invalid Request');
  });

  it('4. object state missing → "Request is missing state parameter", no state', async () => {
    expectRedirectError(
      await jar({ state: undefined }),
      redirect('invalid_request', 'Request is missing state parameter', null),
    );
  });

  it('5. query response_type ≠ code → unsupported_response_type', async () => {
    expectRedirectError(
      await jar({}, { response_type: 'token' }),
      redirect('unsupported_response_type', 'Unsupported response type'),
    );
    expectRedirectError(
      await jar({}, { response_type: undefined }),
      redirect('unsupported_response_type', 'Unsupported response type'),
    );
  });

  it('6. query scope invalid → invalid_scope', async () => {
    for (const scope of ['email', 'openid profile', undefined])
      expectRedirectError(
        await jar({ scope }, { scope }),
        redirect('invalid_scope', 'Invalid, unknown or malformed scope'),
      );
  });

  it('7. object client_id missing or different → unauthorized_client', async () => {
    for (const client_id of [undefined, 'someone-else'])
      expectRedirectError(
        await jar({ client_id }),
        redirect('unauthorized_client', 'Unauthorized client'),
      );
  });

  it('8. object carrying request or request_uri → "Invalid request"', async () => {
    expectRedirectError(
      await jar({ request: 'x' }),
      redirect('invalid_request', 'Invalid request'),
    );
    expectRedirectError(
      await jar({ request_uri: 'https://rp/x' }),
      redirect('invalid_request', 'Invalid request'),
    );
  });

  it('9. object aud ≠ <simulatorUrl>/authorize → access_denied (array aud included)', async () => {
    for (const aud of [
      'http://localhost:3000/token',
      'http://localhost:3000/',
      'https://elsewhere.example/authorize',
      ['http://localhost:3000/authorize'],
      undefined,
    ])
      expectRedirectError(
        await jar({ aud }),
        redirect('access_denied', 'Access denied by resource owner or authorization server'),
      );
  });

  it('10. object iss ≠ client_id → unauthorized_client', async () => {
    for (const iss of ['someone-else', undefined])
      expectRedirectError(
        await jar({ iss }),
        redirect('unauthorized_client', 'Unauthorized client'),
      );
  });

  it('11. object response_type ≠ code → unsupported_response_type', async () => {
    for (const response_type of ['token', undefined, 'code id_token'])
      expectRedirectError(
        await jar({ response_type }),
        redirect('unsupported_response_type', 'Unsupported response type'),
      );
  });

  it('query and object scope must be identical', async () => {
    for (const scope of ['openid', 'openid email', 'phone email openid', undefined])
      expectRedirectError(
        await jar({ scope }),
        redirect(
          'invalid_request',
          'response_type, scope and client_id must be identical in the query and the request object',
        ),
      );
  });

  it('other OIDC parameters in the query are refused, naming them', async () => {
    for (const [name, value] of [
      ['redirect_uri', DEFAULT_REDIRECT_URI],
      ['state', 'q'],
      ['nonce', 'q'],
      ['vtr', '["Cl.Cm"]'],
      ['claims', '{}'],
      ['ui_locales', 'cy'],
      ['max_age', '10'],
      ['response_mode', 'query'],
      ['code_challenge', 'x'.repeat(43)],
      ['prompt', 'login'],
    ] as const)
      expectRedirectError(
        await jar({}, { [name]: value }),
        redirect('invalid_request', `Parameters must be sent in the request object only: ${name}`),
      );
    expectRedirectError(
      await jar({}, { state: 'q', nonce: 'q' }),
      redirect(
        'invalid_request',
        'Parameters must be sent in the request object only: state, nonce',
      ),
    );
  });

  it('12. object scope invalid → invalid_scope (query agrees)', async () => {
    expectRedirectError(
      await jar({ scope: 'openid bogus' }, { scope: 'openid bogus' }),
      redirect('invalid_scope', 'Invalid, unknown or malformed scope'),
    );
  });

  it('13. object claims unknown, not allowed or malformed → "Request contains invalid claims"', async () => {
    for (const claims of [
      { userinfo: { [`${VOCAB}/passport`]: null } },
      { userinfo: { bogus: null } },
      [],
      'not json',
      42,
      { userinfo: 'x' },
    ])
      expectRedirectError(
        await jar({ claims, vtr: ['Cl.Cm.P2'] }),
        redirect('invalid_request', 'Request contains invalid claims'),
      );
    await expectStillServing(h.app, h.clock);
  });

  it('14. object nonce missing → "Request is missing nonce parameter"', async () => {
    expectRedirectError(
      await jar({ nonce: undefined }),
      redirect('invalid_request', 'Request is missing nonce parameter'),
    );
  });

  it('15. vtr of the wrong type or failing the vtr rules → "Request vtr not valid"', async () => {
    for (const vtr of [42, { a: 1 }, true, ['Cl.P2'], 'Cl.Cm', ['Cl.Cm.P1']])
      expectRedirectError(await jar({ vtr }), redirect('invalid_request', 'Request vtr not valid'));
  });

  it('17. max_age: not a number or negative is refused; 0 passes', async () => {
    expectRedirectError(
      await jar({ max_age: 'abc' }),
      redirect('invalid_request', 'Max age could not be parsed to an integer'),
    );
    for (const max_age of [-1, '-5'])
      expectRedirectError(
        await jar({ max_age }),
        redirect('invalid_request', 'Max age is negative in request object'),
      );
    codeOf(await jar({ max_age: 0 }));
  });

  it('18. PKCE checks', async () => {
    expectRedirectError(
      await jar({ code_challenge: 'x'.repeat(43) }),
      redirect(
        'invalid_request',
        'Request is missing code_challenge_method parameter. code_challenge_method is required when code_challenge is present.',
      ),
    );
    expectRedirectError(
      await jar({ code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }),
      redirect('invalid_request', 'Invalid value for code_challenge_method parameter.'),
    );
  });

  it('19. login_hint over 256 characters → "login_hint parameter is invalid"', async () => {
    expectRedirectError(
      await jar({ login_hint: 'a'.repeat(257) }),
      redirect('invalid_request', 'login_hint parameter is invalid'),
    );
    codeOf(await jar({ login_hint: 'a'.repeat(256) }));
  });

  it('20. channel outside web/generic_app → "Invalid value for channel parameter."', async () => {
    expectRedirectError(
      await jar({ channel: 'tv' }),
      redirect('invalid_request', 'Invalid value for channel parameter.'),
    );
    codeOf(await jar({ channel: 'generic_app' }));
  });

  it('prompt select_account in the object → unmet_authentication_requirements', async () => {
    expectRedirectError(
      await jar({ prompt: 'select_account' }),
      redirect('unmet_authentication_requirements', 'Unmet authentication requirements'),
    );
  });

  it('configured ACCESS_DENIED applies to JAR requests too', async () => {
    configure(h, { errorConfiguration: { authoriseErrors: ['ACCESS_DENIED'] } });
    expectRedirectError(
      await jar(),
      redirect('access_denied', 'Access denied by resource owner or authorization server'),
    );
  });

  it('errors go in the fragment when the object asks for it', async () => {
    expectRedirectError(await jar({ response_mode: 'fragment', nonce: undefined }), {
      ...redirect('invalid_request', 'Request is missing nonce parameter'),
      mode: 'fragment',
    });
  });

  it('earlier checks win: state before aud, aud before iss', async () => {
    expectRedirectError(
      await jar({ state: undefined, aud: 'x' }),
      redirect('invalid_request', 'Request is missing state parameter', null),
    );
    expectRedirectError(
      await jar({ aud: 'x', iss: 'y' }),
      redirect('access_denied', 'Access denied by resource owner or authorization server'),
    );
    expectRedirectError(
      await jar({ client_id: 'z', aud: 'x' }),
      redirect('unauthorized_client', 'Unauthorized client'),
    );
  });
});
