import type { Exchange } from '../log/exchange-types.js';
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
  type Journey,
} from './journey-facts.js';
import { askOf } from './step-ask.js';
import type { PlanStepDocument, RequestCheck, Verdict } from './rp-check-types.js';

import {
  CORE_IDENTITY_CLAIM,
  defectOf,
  describeError,
  failed,
  followToToken,
  ids,
  mainJourney,
  needsOutcome,
  NO_SIGN_IN,
  notJudged,
  oneNewSignIn,
  passed,
  refusalProblem,
  RETURN_CODE_CLAIM,
  seen,
  signInsAfter,
  usable,
  type JudgeInput,
  type Judged,
} from './judge-facts.js';
import { judgeCoreIdentityDefect } from './judge-core-identity.js';
import { judgeEndpointError } from './judge-endpoint-error.js';

export { LOOP_LIMIT, seen, type Calibration, type JudgeInput } from './judge-facts.js';
import { LOOP_LIMIT } from './judge-facts.js';

/**
 * The judges: pure functions from the exchanges a step saw to a verdict whose reason names the
 * exchanges it rests on. A verdict also carries the request checks of every sign-in it saw; a
 * failed request check fails an otherwise passed step.
 */

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
