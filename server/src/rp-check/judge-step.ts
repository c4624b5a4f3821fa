import type { Exchange } from '../log/exchange-types.js';
import type { SimulatorConfig } from '../config/config-types.js';
import { VOCAB_URL } from '../config/config-types.js';
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
import { defectValue } from './defect-value.js';
import { askOf } from './step-ask.js';
import type { ObservedOutcome, PlanStepDocument, RequestCheck, Verdict } from './rp-check-types.js';

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
  /** What the user saw at the end of the journey (the check's driver or the tester), if known. */
  outcome?: ObservedOutcome;
  /** What the plan's happy-path steps showed about this service. */
  calibration?: Calibration;
}

/**
 * What the plan's happy-path steps showed, against which every inference is checked: "not signed
 * in" means nothing from a source that did not see the good sign-in either, and "the name is not
 * shown" means nothing unless the good identity sign-in showed it.
 */
export interface Calibration {
  /** The authentication-only sign-in step that ran before this one. */
  signIn?: { step: string; calledUserinfo: boolean; outcome?: ObservedOutcome };
  /** The identity sign-in step that ran before this one (and whether it fetched the DID document). */
  identity?: { step: string; fetchedDid?: boolean; outcome?: ObservedOutcome };
}

const CORE_IDENTITY_CLAIM = `${VOCAB_URL}/v1/coreIdentityJWT`;
const RETURN_CODE_CLAIM = `${VOCAB_URL}/v1/returnCode`;

/** How many sign-ins after a defect count as a loop (the run stops observing at this many). */
export const LOOP_LIMIT = 3;

type Judged = Omit<Verdict, 'checks'>;

const ids = (...exchanges: (Exchange | undefined)[]): string[] =>
  exchanges.filter((e): e is Exchange => e !== undefined).map((e) => e.id);

const failed = (reason: string, evidence: string[]): Judged => ({
  status: 'failed',
  reason,
  exchanges: evidence,
});
const passed = (reason: string, evidence: string[]): Judged => ({
  status: 'passed',
  reason,
  exchanges: evidence,
});
const notJudged = (reason: string, evidence: string[]): Judged => ({
  status: 'not-judged',
  reason,
  exchanges: evidence,
});

const NO_SIGN_IN = failed('No sign-in reached /authorize during the step.', []);

const describeError = (e: Exchange): string =>
  `${label(e)} answered ${e.response.status}${errorCode(e) ? ` ${errorCode(e)}` : ''}`;

/** The outcome a verdict may rest on: one the driver could not produce is not evidence. */
const usable = (o: ObservedOutcome | undefined): ObservedOutcome | undefined =>
  o && !o.error ? o : undefined;

/** "the tester reported the user signed in", "the check's browser found …": who saw what. */
export function seen(o: ObservedOutcome): string {
  const state = !o.signedIn
    ? 'not signed in'
    : o.identityAccepted === true
      ? 'signed in with the verified identity'
      : o.identityAccepted === false
        ? 'signed in without the verified identity'
        : 'signed in';
  if (o.source === 'tester')
    return `the tester reported the user ${state}${o.note ? ` ("${o.note}")` : ''}`;
  const where = o.probe
    ? `; the signed-in page ${o.probe.url} answered ${o.probe.status}: ${o.probe.detail}`
    : '';
  const still = o.looks?.filter((l) => l.signedIn) ?? [];
  const looks = o.looks?.length
    ? `; opened again ${o.looks.length} times${still.length ? `, still signed in (${still.map((l) => `${l.status}: ${l.detail}`).join('; ')})` : ', still signed out'}`
    : '';
  return `the check's browser found the user ${state}${where}${looks}`;
}

/**
 * The verdict when only the user's view can decide and nobody gave it: the window asks the
 * tester; unattended, the step is "not judged". A driver failure says why there is no view.
 */
function needsOutcome(input: JudgeInput, facts: string, question: string, ev: string[]): Judged {
  const failure = input.outcome?.error;
  return {
    status: 'waiting',
    reason: `${facts} ${question}${failure ? ` The check's browser could not tell: ${failure}.` : ''}`,
    exchanges: ev,
  };
}

/**
 * Whether "not signed in" from this source can be trusted: not when the happy sign-in step did
 * not see the user signed in either (a probe that always says no proves nothing).
 */
function refusalProblem(input: JudgeInput): string | null {
  const happy = input.calibration?.signIn;
  if (happy?.outcome && !happy.outcome.error && !happy.outcome.signedIn)
    return `on the good sign-in (step "${happy.step}") ${seen(happy.outcome)} too, so "not signed in" proves nothing here`;
  return null;
}

/** Why a missing identity cannot be trusted, or null when the happy identity step showed it. */
function identityProblem(input: JudgeInput, seenHere?: ObservedOutcome): string | null {
  if (seenHere?.signedIn && seenHere.identityAccepted === undefined)
    return 'whether the identity was shown is unknown';
  const happy = input.calibration?.identity;
  if (!happy)
    return 'the plan has no identity sign-in step before this one to show what an accepted identity looks like';
  const o = usable(happy.outcome);
  if (!o)
    return `the identity sign-in step ("${happy.step}") has no evidence of what the service showed`;
  if (o.identityAccepted !== true)
    return `on the good identity sign-in (step "${happy.step}") ${seen(o)}: the verified name was not shown, so its absence proves nothing here`;
  return null;
}

/** The first sign-in that was given a code, else the first one. */
function mainJourney(exchanges: readonly Exchange[]): Journey | undefined {
  const journeys = journeysOf(exchanges);
  return journeys.find((j) => issuedCode(j)) ?? journeys[0];
}

/** Follows a sign-in to a redeemed code; a failure names where it stopped. */
function followToToken(j: Journey): { ok: true; token: Exchange } | { ok: false; verdict: Judged } {
  const a = j.authorize;
  if (!issuedCode(j))
    return {
      ok: false,
      verdict: failed(`The sign-in did not get a code: ${describeError(a)}.`, ids(a)),
    };
  const token = j.token.find(succeeded);
  if (token) return { ok: true, token };
  const tried = j.token[0];
  return {
    ok: false,
    verdict: tried
      ? failed(`The code from ${label(a)} was refused: ${describeError(tried)}.`, ids(a, tried))
      : failed(`The code from ${label(a)} was never redeemed at /token.`, ids(a)),
  };
}

function judgeSignIn(input: JudgeInput): Judged {
  const j = mainJourney(input.exchanges);
  if (!j) return NO_SIGN_IN;
  // Return codes are for the services that have agreed to use them: one that never asks for the
  // claim gets access_denied from the provider, which says nothing about how it handles a code.
  if (
    input.step.expect?.returnCode &&
    !requestedClaims(authorizeParams(j.authorize).claims).includes(RETURN_CODE_CLAIM)
  )
    return notJudged(
      `${label(j.authorize)} did not ask for the returnCode claim, so the provider answered without a return code. Not judged: only services that use return codes ask for it.`,
      ids(j.authorize),
    );
  const followed = followToToken(j);
  if (!followed.ok) return followed.verdict;
  const { token } = followed;
  const a = j.authorize;
  const o = usable(input.outcome);
  const userinfo = j.userinfo.find(succeeded);
  const evidence = ids(a, token, userinfo);
  if (o && !o.signedIn)
    return failed(
      `The user was not signed in: ${seen(o)}, after ${[a, token, userinfo]
        .filter((e) => e)
        .map((e) => label(e as Exchange))
        .join(', ')}.`,
      evidence,
    );
  const params = authorizeParams(a);
  const claims = requestedClaims(params.claims);
  const expect = input.step.expect ?? {};
  const needsUserinfo = expect.identity || expect.returnCode;
  if (!userinfo) {
    const tried = j.userinfo[0];
    if (tried)
      return failed(
        `/userinfo failed after ${label(token)}: ${describeError(tried)}.`,
        ids(a, token, tried),
      );
    if (needsUserinfo)
      return failed(
        `The client redeemed the code at ${label(token)} but never called /userinfo.`,
        ids(a, token),
      );
    if (o)
      return passed(
        `Signed in without calling /userinfo: ${seen(o)}, after ${label(a)}, ${label(token)}.`,
        ids(a, token),
      );
    return needsOutcome(
      input,
      `The client redeemed the code at ${label(token)} but never called /userinfo.`,
      'Whether it signed the user in cannot be seen from the exchanges.',
      ids(a, token),
    );
  }
  const body = responseBodyOf(userinfo);
  if (expect.identity) {
    if (requestedLevel(params.vtr) !== 'P2')
      return failed(`${label(a)} did not ask for identity: its vtr has no P2 vector.`, ids(a));
    if (!claims.includes(CORE_IDENTITY_CLAIM))
      return failed(`${label(a)} did not ask for the coreIdentityJWT claim.`, ids(a));
    if (typeof body[CORE_IDENTITY_CLAIM] !== 'string')
      return failed(`${label(userinfo)} returned no core identity JWT.`, evidence);
    // A tester's own text is a promise the page keeps; the default (the verified family name) is
    // only looked for, and many services never show it.
    if (o?.identityAccepted === false && (o.source === 'tester' || o.identityTextGiven))
      return failed(
        `The service did not show the verified identity from ${label(userinfo)}: ${seen(o)}.`,
        evidence,
      );
  }
  if (expect.returnCode) {
    if (!Array.isArray(body[RETURN_CODE_CLAIM]))
      return failed(`${label(userinfo)} returned no return code.`, evidence);
  }
  const what = expect.identity
    ? ' with identity'
    : expect.returnCode
      ? ' and received the return code'
      : '';
  const did = [...input.earlier, ...input.exchanges].filter(
    (e) => e.endpoint === 'did' && succeeded(e),
  );
  const notShown =
    expect.identity && o?.identityAccepted === false
      ? ` The pages read did not show the verified name (${o.note ?? 'not found'}): the core identity steps are judged from the back channel.`
      : '';
  const didNote =
    expect.identity && !did.length
      ? " The service never fetched the DID document during the run, so it cannot have verified the core identity JWT's signature: the core identity steps show whether it accepts forged ones."
      : '';
  return passed(
    `Signed in${what}: ${label(a)}, ${label(token)}, ${label(userinfo)}.${o ? ` Seen: ${seen(o)}.` : ''}${notShown}${didNote}`,
    evidence,
  );
}

/** The step's defect with the value it put in the token: "Incorrect vot: vot "Cl"". */
function defectOf(
  input: JudgeInput,
  exchange: Exchange | undefined,
  role: 'id_token' | 'core_identity',
): string {
  const names =
    role === 'id_token'
      ? input.config.errorConfiguration.idTokenErrors
      : input.config.errorConfiguration.coreIdentityErrors;
  const value = defectValue(exchange, role, names);
  return value ? `${input.step.title}: ${value}` : input.step.title;
}

function judgeIdTokenDefect(input: JudgeInput): Judged {
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
  const defect = defectOf(input, token, 'id_token');
  const o = usable(input.outcome);
  const userinfo = j.userinfo[0];
  if (userinfo)
    return failed(
      `${label(userinfo)} was called with the access token from ${label(token)}, whose ID token was defective (${defect})${o && !o.signedIn ? `, although ${seen(o)}` : ''}.`,
      ids(a, token, userinfo),
    );
  const again = signInsAfter(input.exchanges, token);
  if (again.length >= 2)
    return failed(
      `After refusing the ID token from ${label(token)} the client started ${again.length} new sign-ins (${again.map(label).join(', ')}): a sign-in loop.`,
      ids(a, token, ...again),
    );
  if (o?.signedIn)
    return failed(
      `The user was signed in although the ID token from ${label(token)} was defective (${defect}): ${seen(o)}.`,
      ids(a, token),
    );
  const facts = `Redeemed the code at ${label(token)} (its ID token had ${defect}) and did not call /userinfo${input.calibration?.signIn?.calledUserinfo === false ? ' (it does not call /userinfo on a good sign-in either)' : ''}.`;
  if (!o)
    return needsOutcome(
      input,
      facts,
      'Whether the service refused the ID token cannot be seen from the exchanges.',
      ids(a, token),
    );
  const problem = refusalProblem(input);
  if (problem) return notJudged(`${facts} Not judged: ${problem}.`, ids(a, token));
  return passed(
    `Redeemed the code at ${label(token)}, did not call /userinfo and did not sign the user in (${seen(o)})${oneNewSignIn(again)}.`,
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
 * allows), must not call /userinfo without tokens, must not loop through new sign-ins, and must
 * not sign the user in. After a /userinfo error only the user's view shows the last.
 */
function judgeEndpointError(input: JudgeInput, endpoint: 'token' | 'userinfo'): Judged {
  const journeys = journeysOf(input.exchanges);
  if (!journeys.length) return NO_SIGN_IN;
  const j = journeys.find((k) => k[endpoint].length > 0) ?? (journeys[0] as Journey);
  const a = j.authorize;
  const calls = j[endpoint];
  const first = calls[0];
  const what = endpoint === 'token' ? 'the code' : 'the access token';
  if (!first) {
    // A sign-in that never reached the endpoint: the client stopped earlier.
    const stoppedAt = j.token.find((e) => !succeeded(e)) ?? j.token[0] ?? a;
    return notJudged(
      `The sign-in from ${label(a)} never reached /${endpoint} (it stopped at ${label(stoppedAt)}), so the scenario did not apply.`,
      ids(a, stoppedAt),
    );
  }
  if (succeeded(first) || !errorCode(first))
    return notJudged(
      `${label(first)} did not answer with an error, so the scenario did not apply to this sign-in.`,
      ids(a, first),
    );
  const retries = calls.slice(1);
  const looksAfter = input.outcome?.looksAfterSeq;
  const whileLooking = looksAfter === undefined ? [] : retries.filter((e) => e.seq > looksAfter);
  if (whileLooking.length)
    return failed(
      `${describeError(first)}, yet when the check opened the signed-in page again the client sent ${what} again (${whileLooking.map(label).join(', ')}): it kept the session and the refused credential.`,
      ids(a, first, ...whileLooking),
    );
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
  const evidence = ids(a, first, ...retries);
  const o = usable(input.outcome);
  if (o?.signedIn)
    return failed(`${describeError(first)}, yet the user was signed in: ${seen(o)}.`, evidence);
  const retried = retries.length ? ` (it retried once, ${label(retries[0] as Exchange)})` : '';
  const facts = `${describeError(first)} and the client stopped using ${what}${retried}${oneNewSignIn(again)}.`;
  if (o) {
    const problem = endpoint === 'userinfo' ? refusalProblem(input) : null;
    if (problem) return notJudged(`${facts} Not judged: ${problem}.`, evidence);
    return passed(`${facts} The user was not signed in: ${seen(o)}.`, evidence);
  }
  if (endpoint === 'token') return passed(facts, evidence);
  return needsOutcome(
    input,
    facts,
    'Whether the service signed the user in anyway (with empty user data) cannot be seen from the exchanges.',
    evidence,
  );
}

function judgeAuthorizeError(input: JudgeInput): Judged {
  // A re-authentication step signs in first: the sign-in judged is the one that was refused.
  const journeys = journeysOf(input.exchanges);
  const j = journeys.find((k) => !issuedCode(k) && errorCode(k.authorize)) ?? journeys[0];
  if (!j) return NO_SIGN_IN;
  const a = j.authorize;
  const params = authorizeParams(a);
  const names = input.config.errorConfiguration.authoriseErrors;
  if (askOf(input.step).reauthenticate) {
    const prompt = typeof params.prompt === 'string' ? params.prompt.split(' ') : [];
    const reauth = journeys.find((k) => {
      const p = authorizeParams(k.authorize).prompt;
      return typeof p === 'string' && p.split(' ').includes('login');
    });
    if (!reauth && !prompt.includes('login'))
      return notJudged(
        `Not applicable: the service never asked the provider to re-authenticate the user (${journeys.map((k) => label(k.authorize)).join(', ')} carried no prompt=login), so it never meets login_required.`,
        ids(...journeys.map((k) => k.authorize)),
      );
  }
  if (issuedCode(j) || !errorCode(a)) {
    const asksReturnCode = requestedClaims(params.claims).includes(RETURN_CODE_CLAIM);
    if (names.includes('ACCESS_DENIED_EVIDENCE') && asksReturnCode)
      return notJudged(
        `Not applicable: ${label(a)} asked for the returnCode claim, so the service uses return codes: the provider answers such a service with a return code at /userinfo, never with access_denied for evidence below the level asked (the "Return codes" step covers it).`,
        ids(a),
      );
    return notJudged(
      `${label(a)} did not answer with an error, so the scenario did not apply to this request.`,
      ids(a),
    );
  }
  const later = input.exchanges.filter((e) => (isToken(e) || isUserinfo(e)) && e.seq > a.seq);
  if (later.length)
    return failed(
      `${label(a)} answered ${errorCode(a)}, yet the client called ${later.map(label).join(', ')}.`,
      ids(a, ...later),
    );
  const o = usable(input.outcome);
  // After a refused re-authentication the user may keep the session they had.
  if (o?.signedIn && !askOf(input.step).reauthenticate)
    return failed(
      `${label(a)} answered ${errorCode(a)}, yet the user was signed in: ${seen(o)}.`,
      ids(a),
    );
  return passed(
    `${label(a)} answered ${errorCode(a)} and the client did not call /token.${o ? ` Seen: ${seen(o)}.` : ''}`,
    ids(a),
  );
}

function judgeKeyRotation(input: JudgeInput): Judged {
  const signIn = judgeSignIn(input);
  if (signIn.status !== 'passed') return signIn;
  const j = mainJourney(input.exchanges) as Journey;
  // The key set must be fetched before the new key's signature can be checked: before /userinfo
  // when the client calls it, during the step otherwise.
  const until = j.userinfo.find(succeeded)?.seq ?? Infinity;
  const fetched = input.exchanges.filter((e) => isJwks(e) && e.seq < until);
  if (!fetched.length)
    return failed(
      `The client signed the user in without fetching the key set after the signing key changed: it cannot have verified the new key's signature. ${signIn.reason}`,
      signIn.exchanges,
    );
  return passed(
    `Fetched the key set again (${fetched.map(label).join(', ')}) and signed the user in: ${signIn.reason.replace(/^Signed in[^:]*: /, '')}`,
    [...ids(...fetched), ...signIn.exchanges],
  );
}

function judgeJwksOutage(input: JudgeInput): Judged {
  const signIn = judgeSignIn(input);
  if (signIn.status !== 'passed')
    return {
      ...signIn,
      reason: `During the key set outage: ${signIn.reason}`,
    };
  const down = input.exchanges.filter((e) => isJwks(e) && !succeeded(e));
  const cached = input.earlier.filter((e) => isJwks(e) && succeeded(e));
  const during = down.length ? ` while the key set failed (${down.map(label).join(', ')})` : '';
  const keys = cached.length
    ? `with the keys it fetched earlier in the run (${cached.slice(-2).map(label).join(', ')})`
    : 'although it fetched no key set during the run (it used keys fetched before the run, or none)';
  return passed(
    `Signed the user in ${keys}${during}: ${signIn.reason.replace(/^Signed in[^:]*: /, '')}`,
    [...ids(...down, ...cached.slice(-2)), ...signIn.exchanges],
  );
}

function judgeCoreIdentityDefect(input: JudgeInput): Judged {
  const j = mainJourney(input.exchanges);
  if (!j) return NO_SIGN_IN;
  const followed = followToToken(j);
  if (!followed.ok) return followed.verdict;
  const { token } = followed;
  const a = j.authorize;
  const userinfo = j.userinfo.find(succeeded);
  if (!userinfo) {
    const tried = j.userinfo[0];
    return failed(
      tried
        ? `/userinfo failed after ${label(token)}: ${describeError(tried)}.`
        : `The client redeemed the code at ${label(token)} but never called /userinfo, so it never received the core identity.`,
      ids(a, token, tried),
    );
  }
  const evidence = ids(a, token, userinfo);
  if (!tokenOf(userinfo, 'core_identity'))
    return failed(
      `${label(userinfo)} returned no core identity JWT: ask for identity (vtr ["Cl.Cm.P2"] and the coreIdentityJWT claim).`,
      evidence,
    );
  const facts = `${label(userinfo)} returned a defective core identity JWT (${defectOf(input, userinfo, 'core_identity')}).`;
  const o = usable(input.outcome);
  const did = [...input.earlier, ...input.exchanges].filter(
    (e) => e.endpoint === 'did' && succeeded(e),
  );
  if (o?.identityAccepted === true)
    return failed(
      `${facts} The service accepted it: ${seen(o)}${did.length ? ` (it had fetched the DID document, ${label(did[did.length - 1] as Exchange)}, yet did not refuse the defect)` : ''}.`,
      evidence,
    );
  // The page cannot tell: the back channel can. Without the DID document no signature was checked.
  if (o?.signedIn && !did.length && identityProblem(input, o) !== null)
    return failed(
      `${facts} The service signed the user in (${seen(o)}) but never fetched the DID document (/.well-known/did.json) during the run, so it cannot have verified the core identity JWT: it accepts forged identities.`,
      evidence,
    );
  if (!o)
    return needsOutcome(
      input,
      facts,
      'Whether the service accepted the identity cannot be seen from the exchanges: tell the simulator what it showed.',
      evidence,
    );
  if (o.signedIn && o.identityAccepted === undefined)
    return notJudged(
      `${facts} Not judged: ${seen(o)}, but whether the identity was shown is unknown.`,
      evidence,
    );
  const problem = identityProblem(input, o) ?? (o.signedIn ? null : refusalProblem(input));
  if (problem) return notJudged(`${facts} Not judged: ${problem}.`, evidence);
  return passed(`${facts} The service did not accept it: ${seen(o)}.`, evidence);
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
} satisfies Record<PlanStepDocument['kind'], (input: JudgeInput) => Judged>;

/** A request check that failed a "must" of the provider (not a mere recommendation). */
export const isViolation = (c: RequestCheck): boolean => !c.ok && c.level !== 'warning';

/** A request check that goes against a recommendation only. */
export const isWarning = (c: RequestCheck): boolean => !c.ok && c.level === 'warning';

/** Judges a step from its exchanges; failed request checks fail a passed or waiting step. */
export function judgeStep(input: JudgeInput): Verdict {
  const exchanges = [...input.exchanges].sort((x, y) => x.seq - y.seq);
  const sorted = { ...input, exchanges };
  const verdict = JUDGES[input.step.kind](sorted);
  const checks: RequestCheck[] = checkSignInRequests(exchanges, input.earlier, input.config);
  // Only a violation of a "must" fails a step; a warning (a recommendation) is reported apart.
  const bad = checks.filter(isViolation);
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
