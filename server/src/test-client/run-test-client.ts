import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { Exchange } from '../log/exchange-types.js';
import type { SimulatorConfig } from '../config/config-types.js';
import type {
  TestClientCheck,
  TestClientFlow,
  TestClientRun,
  TestClientStep,
  TestClientUser,
} from './test-client-types.js';
import type { TokenAnalysis } from '../analysis/analysis-types.js';
import type { SimulatorEvents } from '../simulator/simulator-events.js';
import type { PastedPrivateKey } from '../keys/parse-key-text.js';
import { defaultClientPrivateKey, signClientAssertion } from './sign-client-assertion.js';
import { analysisFailures, judgeCoreIdentity, judgeIdToken } from './judge-tokens.js';
import { journeyRequest } from './journey-request.js';
import { interactionIdOf, oauthErrorOf, parseJson, type Answer } from './read-answer.js';
import { userOf, verifiedIdentityOf } from './signed-in-user.js';

/** How long the client waits for each answer (configured latency can be long). */
export const TEST_CLIENT_TIMEOUT_MS = 30_000;
/** The User-Agent of the built-in client; each run adds its own id. */
export const TEST_CLIENT_AGENT = 'identity-simulator-test-client';

export interface TestClientDeps {
  /** Where the simulator listens (the client's requests go there). */
  baseUrl: string;
  config: Readonly<SimulatorConfig>;
  events: SimulatorEvents;
  /** The simulator's analysis of an exchange's tokens. */
  analyze: (exchange: Exchange) => Promise<TokenAnalysis[]>;
  /** Seconds since the epoch. */
  now: () => number;
  timeoutMs?: number;
}

class Stop extends Error {}
/** A check failed: a careful client goes no further (the checks say why). */
class Refused extends Error {}

/**
 * Signs in as a correct relying party over real HTTP: discovery, /authorize (submitting the
 * interactive form with the values in force when it shows), /token with a private_key_jwt
 * assertion, the JWKS, /userinfo and, for identity, the DID document. Every request is recorded
 * in the log like any relying party's. The tokens are then checked as a careful client would
 * (jose against the JWKS and DID document, nonce, at_hash, vot), together with the simulator's
 * own analysis of them; a defect means the client refuses the sign-in and says why.
 */
export async function runTestClient(
  flow: TestClientFlow,
  key: PastedPrivateKey | undefined,
  deps: TestClientDeps,
): Promise<TestClientRun> {
  const client = deps.config.clientConfiguration;
  const runId = randomUUID();
  const agent = `${TEST_CLIENT_AGENT}/${runId}`;
  const steps: TestClientStep[] = [];
  const checks: TestClientCheck[] = [];
  let identity: { name?: string; birthDate?: string } = {};
  let user: TestClientUser | undefined;
  const run: TestClientRun = {
    flow,
    outcome: 'accepted',
    summary: '',
    clientId: client.clientId,
    key: key ? 'pasted' : 'default',
    steps,
    checks,
  };

  if (client.token_auth_method !== 'private_key_jwt') {
    run.outcome = 'cannot_run';
    run.summary =
      'The client in force authenticates with client_secret_post; the simulator keeps only a hash of its secret, so the test client cannot sign in as it. Switch the client to private_key_jwt to use the test client.';
    return run;
  }
  const redirectUri = client.redirectUrls[0];
  if (redirectUri === undefined) {
    run.outcome = 'cannot_run';
    run.summary = 'The client in force has no redirect URL: add one in Configuration.';
    return run;
  }

  // Collect this run's exchanges as the log records them (matched by User-Agent).
  const recorded: Exchange[] = [];
  const waiting = new Set<() => void>();
  const onExchange = (exchange: Exchange) => {
    if (exchange.request.headers['user-agent'] !== agent) return;
    recorded.push(exchange);
    for (const wake of waiting) wake();
  };
  deps.events.on('exchange', onExchange);
  const exchangeFor = async (path: string, nth: number): Promise<Exchange | undefined> => {
    const find = () => recorded.filter((e) => e.request.path === path)[nth];
    const deadline = Date.now() + 2000;
    for (let found = find(); ; found = find()) {
      if (found || Date.now() > deadline) return found;
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiting.delete(wake);
          resolve();
        };
        waiting.add(wake);
        setTimeout(wake, 100);
      });
    }
  };

  const origin = new URL(deps.baseUrl).origin;
  /** The same path on the address the simulator listens on. */
  const via = (url: string): string => {
    const u = new URL(url);
    return `${origin}${u.pathname}${u.search}`;
  };
  const counts = new Map<string, number>();
  const request = async (
    name: TestClientStep['name'],
    url: string,
    init: RequestInit = {},
  ): Promise<Answer> => {
    const target = new URL(via(url));
    const nth = counts.get(target.pathname) ?? 0;
    counts.set(target.pathname, nth + 1);
    let response: Response;
    try {
      response = await fetch(target, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), 'user-agent': agent },
        signal: AbortSignal.timeout(deps.timeoutMs ?? TEST_CLIENT_TIMEOUT_MS),
      });
    } catch (error) {
      const why =
        (error as { name?: string }).name === 'TimeoutError'
          ? 'no answer in time'
          : 'the connection failed';
      const step: TestClientStep = { name, ok: false, detail: `${target.pathname}: ${why}.` };
      const exchange = await exchangeFor(target.pathname, nth);
      if (exchange) step.exchangeId = exchange.id;
      steps.push(step);
      throw new Stop(`${name}: ${why}`);
    }
    const answer: Answer = {
      status: response.status,
      location: response.headers.get('location'),
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
    const exchange = await exchangeFor(target.pathname, nth);
    const step: TestClientStep = { name, status: answer.status, ok: true, detail: '' };
    if (exchange) step.exchangeId = exchange.id;
    steps.push(step);
    return answer;
  };
  const fail = (detail: string): never => {
    const step = steps[steps.length - 1];
    if (step) {
      step.ok = false;
      step.detail = detail;
    }
    throw new Stop(detail);
  };
  const pass = (detail: string) => {
    const step = steps[steps.length - 1];
    if (step) step.detail = detail;
  };

  try {
    const base = deps.config.simulatorUrl.replace(/\/+$/, '');
    const discovery = await request('discovery', `${base}/.well-known/openid-configuration`);
    const doc = discovery.status === 200 ? parseJson(discovery.text) : undefined;
    const issuer = doc?.issuer;
    const tokenEndpoint = doc?.token_endpoint;
    if (!doc || typeof issuer !== 'string' || typeof tokenEndpoint !== 'string')
      fail(`The discovery document could not be read (HTTP ${discovery.status}).`);
    const endpoint = (name: string, fallback: string) =>
      typeof doc?.[name] === 'string' ? (doc[name] as string) : `${base}${fallback}`;
    pass(`issuer ${String(issuer)}`);

    const journey = journeyRequest(flow, deps.config, redirectUri);
    const authorizeUrl = `${endpoint('authorization_endpoint', '/authorize')}?${journey.query}`;
    let authorize = await request('authorize', authorizeUrl);
    if (authorize.status === 200 && authorize.contentType.includes('html')) {
      const interactionId = interactionIdOf(authorize.text);
      if (!interactionId)
        fail('/authorize showed a page that is not the interactive form; the client cannot go on.');
      pass('Interactive mode: the form was shown.');
      authorize = await request('form', `${base}/form-submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          interactionId: interactionId as string,
          lang: 'en',
          continue: 'continue',
        }),
      });
    }
    if (authorize.status !== 302 || !authorize.location)
      fail(
        `The sign-in did not redirect back (HTTP ${authorize.status}: ${oauthErrorOf(authorize)}).`,
      );
    const back = new URL(authorize.location as string);
    const params = back.hash ? new URLSearchParams(back.hash.slice(1)) : back.searchParams;
    const error = params.get('error');
    if (error) {
      fail(
        `The provider redirected back with error=${error}${params.get('error_description') ? `: ${params.get('error_description')}` : ''}.`,
      );
    }
    if (params.get('state') !== journey.state)
      fail(
        `Refused: state in the redirect is ${JSON.stringify(params.get('state'))}, not the one sent.`,
      );
    const code = params.get('code');
    if (!code) fail('The redirect carries no code.');
    pass(
      steps[steps.length - 1]?.name === 'form'
        ? 'Form submitted with the values in force; code received.'
        : 'Code received.',
    );

    const signing = key ?? { key: defaultClientPrivateKey(), alg: 'RS256' as const };
    const assertion = await signClientAssertion({
      clientId: client.clientId,
      audience: tokenEndpoint as string,
      key: signing.key,
      alg: signing.alg,
      ...(key?.kid ? { kid: key.kid } : {}),
      now: Math.floor(deps.now()),
    });
    const token = await request('token', endpoint('token_endpoint', '/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code as string,
        redirect_uri: redirectUri,
        code_verifier: journey.codeVerifier,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }),
    });
    const tokenStep = steps[steps.length - 1];
    if (tokenStep?.exchangeId) run.tokenExchangeId = tokenStep.exchangeId;
    const tokens = token.status === 200 ? parseJson(token.text) : undefined;
    if (!tokens)
      fail(`The token request was refused (HTTP ${token.status}: ${oauthErrorOf(token)}).`);
    const idToken = tokens?.id_token;
    const accessToken = tokens?.access_token;
    if (typeof idToken !== 'string' || typeof accessToken !== 'string')
      fail('Refused: the token response lacks id_token or access_token.');
    if (typeof tokens?.token_type !== 'string' || tokens.token_type.toLowerCase() !== 'bearer')
      fail(`Refused: token_type is ${JSON.stringify(tokens?.token_type)}, not Bearer.`);
    pass('ID token and access token received.');

    const jwks = await request('jwks', endpoint('jwks_uri', '/.well-known/jwks.json'));
    if (jwks.status !== 200) fail(`The JWKS could not be fetched (HTTP ${jwks.status}).`);
    pass('Key set fetched.');
    checks.push(
      ...(await judgeIdToken(idToken as string, {
        jwks: parseJson(jwks.text),
        issuer: issuer as string,
        clientId: client.clientId,
        alg: client.idTokenSigningAlgorithm,
        nonce: journey.nonce,
        accessToken: accessToken as string,
        vot: journey.vot,
        now: deps.now(),
      })),
    );

    // A careful client stops at the first refused check: no /userinfo call with a refused ID
    // token's access token, no DID document fetched for a core identity it will not use.
    if (checks.some((c) => !c.ok)) throw new Refused();

    const userinfo = await request('userinfo', endpoint('userinfo_endpoint', '/userinfo'), {
      headers: { authorization: `Bearer ${String(accessToken)}` },
    });
    const claims = userinfo.status === 200 ? parseJson(userinfo.text) : undefined;
    if (!claims)
      fail(
        `/userinfo refused the access token (HTTP ${userinfo.status}: ${userinfo.text.slice(0, 200) || 'no body'}).`,
      );
    pass('Claims received.');
    let idSub: unknown;
    try {
      idSub = decodeJwt(idToken as string).sub;
    } catch {
      idSub = undefined;
    }
    checks.push(
      claims?.sub === idSub
        ? { name: 'userinfo sub', ok: true, detail: 'The same sub as the ID token.' }
        : {
            name: 'userinfo sub',
            ok: false,
            detail: `Refused: /userinfo sub is ${JSON.stringify(claims?.sub)}, the ID token's is ${JSON.stringify(idSub)}.`,
          },
    );

    if (flow === 'identity') {
      const coreIdentity = claims?.['https://vocab.account.gov.uk/v1/coreIdentityJWT'];
      if (typeof coreIdentity !== 'string') {
        // Not a defect: the provider sends no core identity when the identity was not proven
        // (a return code may say why). Nothing to check, and nothing claimed about it.
        const returnCode = claims?.['https://vocab.account.gov.uk/v1/returnCode'];
        (run.notes ??= []).push(
          `No coreIdentityJWT came from /userinfo: the identity was not proven for this user${returnCode === undefined ? '' : ` (returnCode ${JSON.stringify(returnCode)})`}, so there is no core identity JWT to check.`,
        );
      } else {
        if (checks.some((c) => !c.ok)) throw new Refused();
        const did = await request('did', `${base}/.well-known/did.json`);
        if (did.status !== 200) fail(`The DID document could not be fetched (HTTP ${did.status}).`);
        pass('DID document fetched.');
        checks.push(
          ...(await judgeCoreIdentity(coreIdentity, {
            did: parseJson(did.text),
            clientId: client.clientId,
            sub: idSub,
            now: deps.now(),
          })),
        );
        identity = verifiedIdentityOf(coreIdentity);
      }
    }
    user = userOf(claims, identity);

    const analysed: TokenAnalysis[] = [];
    for (const step of steps) {
      if (step.name !== 'token' && step.name !== 'userinfo') continue;
      const exchange = recorded.find((e) => e.id === step.exchangeId);
      if (exchange) analysed.push(...(await deps.analyze(exchange)));
    }
    checks.push(...analysisFailures(analysed, checks));
  } catch (error) {
    if (error instanceof Refused) {
      // The checks say why; the analysis of what was received still counts.
      const analysed: TokenAnalysis[] = [];
      for (const step of steps) {
        if (step.name !== 'token') continue;
        const exchange = recorded.find((e) => e.id === step.exchangeId);
        if (exchange) analysed.push(...(await deps.analyze(exchange)));
      }
      checks.push(...analysisFailures(analysed, checks));
    } else if (!(error instanceof Stop)) throw error;
    else {
      run.outcome = 'provider_error';
      run.summary = error.message;
    }
  } finally {
    deps.events.off('exchange', onExchange);
  }

  run.journeyId = recorded.find((e) => e.journeyId !== undefined)?.journeyId;
  if (run.journeyId === undefined) delete run.journeyId;
  if (run.outcome === 'provider_error') {
    const step = steps[steps.length - 1];
    if (step && step.detail.startsWith('Refused')) run.outcome = 'refused';
    return run;
  }
  const refused = checks.filter((c) => !c.ok);
  if (refused.length > 0) {
    run.outcome = 'refused';
    run.summary = `The test client refused the sign-in: ${refused.map((c) => c.name).join(', ')}. ${refused[0]?.detail ?? ''}`;
  } else {
    if (user) run.user = user;
    const who = user?.email ?? user?.sub ?? 'the user';
    run.summary = `Signed in as ${who}${user?.name ? ` (verified: ${user.name})` : ''}: every step answered and all ${checks.length} checks passed.${run.notes ? ' No core identity JWT came: the identity was not proven.' : ''}`;
  }
  return run;
}
