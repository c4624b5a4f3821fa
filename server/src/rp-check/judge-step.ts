import type { Exchange, SimulatorConfig } from '../contract.js';
import { VOCAB_URL } from '../contract.js';
import { checkSignInRequests, requestedClaims, requestedLevel } from './check-sign-in-requests.js';
import {
  authorizeParams,
  errorCode,
  isAuthorize,
  isJwks,
  isToken,
  isUserinfo,
  issuedCode,
  journeysOf,
  label,
  responseBodyOf,
  succeeded,
  tokenOf,
  type Journey,
} from './journey-facts.js';
import type { PlanStepDocument, RequestCheck, Verdict } from './rp-check-types.js';

/**
 * The judges: pure functions from the exchanges a step saw to a verdict whose reason names the
 * exchanges it rests on. A verdict also carries the request checks of every sign-in it saw; a
 * failed request check fails an otherwise passed step.
 */

export interface JudgeInput {
  step: PlanStepDocument;
  /** The step's exchanges, oldest first. */
  exchanges: readonly Exchange[];
  /** The run's exchanges before the step (for "never reused" rules). */
  earlier: readonly Exchange[];
  /** The configuration the step ran with. */
  config: Readonly<SimulatorConfig>;
}

const CORE_IDENTITY_CLAIM = `${VOCAB_URL}/v1/coreIdentityJWT`;
const RETURN_CODE_CLAIM = `${VOCAB_URL}/v1/returnCode`;

/** How many sign-ins after a defect count as a loop (the run stops observing at this many). */
export const LOOP_LIMIT = 3;

const ids = (...exchanges: (Exchange | undefined)[]): string[] =>
  exchanges.filter((e): e is Exchange => e !== undefined).map((e) => e.id);

const failed = (reason: string, evidence: string[]): Omit<Verdict, 'checks'> => ({
  status: 'failed',
  reason,
  exchanges: evidence,
});
const passed = (reason: string, evidence: string[]): Omit<Verdict, 'checks'> => ({
  status: 'passed',
  reason,
  exchanges: evidence,
});

const NO_SIGN_IN = failed('No sign-in reached /authorize during the step.', []);

const describeError = (e: Exchange): string =>
  `${label(e)} answered ${e.response.status}${errorCode(e) ? ` ${errorCode(e)}` : ''}`;

/** The first sign-in that was given a code, else the first one. */
function mainJourney(exchanges: readonly Exchange[]): Journey | undefined {
  const journeys = journeysOf(exchanges);
  return journeys.find((j) => issuedCode(j)) ?? journeys[0];
}

/** Follows a sign-in to /userinfo; a failure names where it stopped. */
function followSignIn(
  j: Journey,
):
  | { ok: true; token: Exchange; userinfo: Exchange }
  | { ok: false; verdict: Omit<Verdict, 'checks'> } {
  const a = j.authorize;
  if (!issuedCode(j))
    return {
      ok: false,
      verdict: failed(`The sign-in did not get a code: ${describeError(a)}.`, ids(a)),
    };
  const token = j.token.find(succeeded);
  if (!token) {
    const tried = j.token[0];
    return {
      ok: false,
      verdict: tried
        ? failed(`The code from ${label(a)} was refused: ${describeError(tried)}.`, ids(a, tried))
        : failed(`The code from ${label(a)} was never redeemed at /token.`, ids(a)),
    };
  }
  const userinfo = j.userinfo.find(succeeded);
  if (!userinfo) {
    const tried = j.userinfo[0];
    return {
      ok: false,
      verdict: tried
        ? failed(
            `/userinfo failed after ${label(token)}: ${describeError(tried)}.`,
            ids(a, token, tried),
          )
        : failed(
            `The client redeemed the code at ${label(token)} but never called /userinfo.`,
            ids(a, token),
          ),
    };
  }
  return { ok: true, token, userinfo };
}

function judgeSignIn(input: JudgeInput): Omit<Verdict, 'checks'> {
  const j = mainJourney(input.exchanges);
  if (!j) return NO_SIGN_IN;
  const followed = followSignIn(j);
  if (!followed.ok) return followed.verdict;
  const { token, userinfo } = followed;
  const a = j.authorize;
  const evidence = ids(a, token, userinfo);
  const params = authorizeParams(a);
  const claims = requestedClaims(params.claims);
  const body = responseBodyOf(userinfo);
  const expect = input.step.expect ?? {};
  if (expect.identity) {
    if (requestedLevel(params.vtr) !== 'P2')
      return failed(`${label(a)} did not ask for identity: its vtr has no P2 vector.`, ids(a));
    if (!claims.includes(CORE_IDENTITY_CLAIM))
      return failed(`${label(a)} did not ask for the coreIdentityJWT claim.`, ids(a));
    if (typeof body[CORE_IDENTITY_CLAIM] !== 'string')
      return failed(`${label(userinfo)} returned no core identity JWT.`, evidence);
  }
  if (expect.returnCode) {
    if (!claims.includes(RETURN_CODE_CLAIM))
      return failed(`${label(a)} did not ask for the returnCode claim.`, ids(a));
    if (!Array.isArray(body[RETURN_CODE_CLAIM]))
      return failed(`${label(userinfo)} returned no return code.`, evidence);
  }
  const what = expect.identity
    ? ' with identity'
    : expect.returnCode
      ? ' and received the return code'
      : '';
  return passed(`Signed in${what}: ${label(a)}, ${label(token)}, ${label(userinfo)}.`, evidence);
}

function judgeIdTokenDefect(input: JudgeInput): Omit<Verdict, 'checks'> {
  const j = mainJourney(input.exchanges);
  if (!j) return NO_SIGN_IN;
  const a = j.authorize;
  if (!issuedCode(j)) return failed(`The sign-in did not get a code: ${describeError(a)}.`, ids(a));
  const token = j.token.find(succeeded);
  if (!token)
    return failed(
      `The code from ${label(a)} was never redeemed, so the defective ID token was never received.`,
      ids(a, j.token[0]),
    );
  const userinfo = j.userinfo[0];
  if (userinfo)
    return failed(
      `${label(userinfo)} was called with the access token from ${label(token)}, whose ID token was defective (${input.step.title}).`,
      ids(a, token, userinfo),
    );
  const again = signInsAfter(input.exchanges, token);
  if (again.length >= 2)
    return failed(
      `After refusing the ID token from ${label(token)} the client started ${again.length} new sign-ins (${again.map(label).join(', ')}): a sign-in loop.`,
      ids(a, token, ...again),
    );
  return passed(
    `Redeemed the code at ${label(token)} and did not call /userinfo${oneNewSignIn(again)}.`,
    ids(a, token),
  );
}

/** The sign-ins a client started after an exchange (two or more are a loop). */
const signInsAfter = (exchanges: readonly Exchange[], after: Exchange): Exchange[] =>
  exchanges.filter((e) => isAuthorize(e) && e.seq > after.seq);

const oneNewSignIn = (again: readonly Exchange[]): string =>
  again[0] ? ` (one new sign-in, ${label(again[0])}, is not a loop)` : '';

/**
 * After an error answer a client may ask once more only when the error says the request itself
 * was fine (server_error); any other error refuses the code or the token for good.
 */
const retriesAllowed = (e: Exchange): number => (errorCode(e) === 'server_error' ? 1 : 0);

/**
 * Judges what a client did after an error from /token (the code) or /userinfo (the access
 * token): it must not send the refused credential again (beyond the one retry a server_error
 * allows), must not call /userinfo without tokens, and must not loop through new sign-ins.
 */
function judgeEndpointError(
  input: JudgeInput,
  endpoint: 'token' | 'userinfo',
): Omit<Verdict, 'checks'> {
  const journeys = journeysOf(input.exchanges);
  if (!journeys.length) return NO_SIGN_IN;
  const j = journeys.find((k) => k[endpoint].length > 0) ?? (journeys[0] as Journey);
  const a = j.authorize;
  const calls = j[endpoint];
  const first = calls[0];
  const what = endpoint === 'token' ? 'the code' : 'the access token';
  if (!first) {
    // A sign-in that never reached the endpoint: the client stopped earlier.
    const stoppedAt = j.token.find((e) => !succeeded(e)) ?? a;
    return {
      status: 'not-judged',
      reason: `The sign-in from ${label(a)} never reached /${endpoint} (it stopped at ${label(stoppedAt)}), so the scenario did not apply.`,
      exchanges: ids(a, stoppedAt),
    };
  }
  if (succeeded(first) || !errorCode(first))
    return {
      status: 'not-judged',
      reason: `${label(first)} did not answer with an error, so the scenario did not apply to this sign-in.`,
      exchanges: ids(a, first),
    };
  const retries = calls.slice(1);
  if (retries.length > retriesAllowed(first))
    return failed(
      `${describeError(first)}, yet the client sent ${what} again (${retries.map(label).join(', ')}).`,
      ids(a, first, ...retries),
    );
  const userinfo = endpoint === 'token' ? j.userinfo[0] : undefined;
  if (userinfo)
    return failed(
      `${describeError(first)}, yet the client called ${label(userinfo)}.`,
      ids(a, first, userinfo),
    );
  const again = signInsAfter(input.exchanges, first);
  if (again.length >= 2)
    return failed(
      `After ${describeError(first)} the client started ${again.length} new sign-ins (${again.map(label).join(', ')}): a sign-in loop.`,
      ids(a, first, ...again),
    );
  const retried = retries.length ? ` (it retried once, ${label(retries[0] as Exchange)})` : '';
  return passed(
    `${describeError(first)} and the client stopped using ${what}${retried}${oneNewSignIn(again)}.`,
    ids(a, first, ...retries),
  );
}

function judgeAuthorizeError(input: JudgeInput): Omit<Verdict, 'checks'> {
  const j = journeysOf(input.exchanges)[0];
  if (!j) return NO_SIGN_IN;
  const a = j.authorize;
  if (issuedCode(j) || !errorCode(a))
    return {
      status: 'not-judged',
      reason: `${label(a)} did not answer with an error, so the scenario did not apply to this request.`,
      exchanges: ids(a),
    };
  const later = input.exchanges.filter((e) => (isToken(e) || isUserinfo(e)) && e.seq > a.seq);
  if (later.length)
    return failed(
      `${label(a)} answered ${errorCode(a)}, yet the client called ${later.map(label).join(', ')}.`,
      ids(a, ...later),
    );
  return passed(`${label(a)} answered ${errorCode(a)} and the client did not call /token.`, ids(a));
}

function judgeKeyRotation(input: JudgeInput): Omit<Verdict, 'checks'> {
  const signIn = judgeSignIn(input);
  if (signIn.status !== 'passed') return signIn;
  const j = mainJourney(input.exchanges) as Journey;
  const userinfo = j.userinfo.find(succeeded) as Exchange;
  const fetched = input.exchanges.filter((e) => isJwks(e) && e.seq < userinfo.seq);
  if (!fetched.length)
    return failed(
      `The client signed the user in (${label(userinfo)}) without fetching the key set after the signing key changed: it cannot have verified the new key's signature.`,
      signIn.exchanges,
    );
  return passed(
    `Fetched the key set again (${fetched.map(label).join(', ')}) and signed the user in: ${signIn.reason.replace(/^Signed in: /, '')}`,
    [...ids(...fetched), ...signIn.exchanges],
  );
}

function judgeJwksOutage(input: JudgeInput): Omit<Verdict, 'checks'> {
  const signIn = judgeSignIn(input);
  if (signIn.status !== 'passed')
    return {
      ...signIn,
      reason: `During the key set outage: ${signIn.reason}`,
    };
  const down = input.exchanges.filter((e) => isJwks(e) && !succeeded(e));
  return passed(
    `Signed the user in with its cached keys${down.length ? ` while the key set failed (${down.map(label).join(', ')})` : ''}: ${signIn.reason.replace(/^Signed in: /, '')}`,
    [...ids(...down), ...signIn.exchanges],
  );
}

function judgeCoreIdentityDefect(input: JudgeInput): Omit<Verdict, 'checks'> {
  const j = mainJourney(input.exchanges);
  if (!j) return NO_SIGN_IN;
  const followed = followSignIn(j);
  if (!followed.ok) return followed.verdict;
  const { token, userinfo } = followed;
  if (!tokenOf(userinfo, 'core_identity'))
    return failed(
      `${label(userinfo)} returned no core identity JWT: ask for identity (vtr ["Cl.Cm.P2"] and the coreIdentityJWT claim).`,
      ids(j.authorize, token, userinfo),
    );
  return {
    status: 'waiting',
    reason: `${label(userinfo)} returned a defective core identity JWT (${input.step.title}). The simulator cannot see whether your service refused it: tell it.`,
    exchanges: ids(j.authorize, token, userinfo),
  };
}

const JUDGES = {
  'sign-in': judgeSignIn,
  'id-token-defect': judgeIdTokenDefect,
  'authorize-error': judgeAuthorizeError,
  'token-error': (input) => judgeEndpointError(input, 'token'),
  'userinfo-error': (input) => judgeEndpointError(input, 'userinfo'),
  'key-rotation': judgeKeyRotation,
  'jwks-outage': judgeJwksOutage,
  'core-identity-defect': judgeCoreIdentityDefect,
} satisfies Record<PlanStepDocument['kind'], (input: JudgeInput) => Omit<Verdict, 'checks'>>;

/** Judges a step from its exchanges; failed request checks fail a passed or waiting step. */
export function judgeStep(input: JudgeInput): Verdict {
  const exchanges = [...input.exchanges].sort((x, y) => x.seq - y.seq);
  const sorted = { ...input, exchanges };
  const verdict = JUDGES[input.step.kind](sorted);
  const checks: RequestCheck[] = checkSignInRequests(exchanges, input.earlier, input.config);
  const bad = checks.filter((c) => !c.ok);
  if (bad.length && (verdict.status === 'passed' || verdict.status === 'waiting'))
    return {
      status: 'failed',
      reason: `${verdict.reason} But the requests break the provider's rules: ${bad.map((c) => c.detail).join('; ')}.`,
      exchanges: [...new Set([...verdict.exchanges, ...bad.flatMap((c) => c.exchanges)])],
      checks,
    };
  return { ...verdict, checks };
}

/** Steps whose journey has no /userinfo to end it: only the quiet timeout (or a loop) does. */
const ENDED_BY_TIMEOUT: readonly PlanStepDocument['kind'][] = [
  'authorize-error',
  'token-error',
  'userinfo-error',
];

/** Whether the journey a step watches has ended: the client's /userinfo, or a sign-in loop. */
export function journeyEnded(step: PlanStepDocument, exchanges: readonly Exchange[]): boolean {
  if (exchanges.filter(isAuthorize).length >= LOOP_LIMIT) return true;
  return !ENDED_BY_TIMEOUT.includes(step.kind) && exchanges.some(isUserinfo);
}
