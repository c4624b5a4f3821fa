import type { Exchange } from '../log/exchange-types.js';
import {
  describeError,
  failed,
  ids,
  needsOutcome,
  NO_SIGN_IN,
  notJudged,
  oneNewSignIn,
  passed,
  refusalProblem,
  retriesAllowed,
  seen,
  signInsAfter,
  usable,
  type JudgeInput,
  type Judged,
} from './judge-facts.js';
import { errorCode, journeysOf, label, succeeded, type Journey } from './journey-facts.js';

/**
 * Judges what a client did after an error from /token (the code) or /userinfo (the access
 * token): it must not send the refused credential again (beyond the one retry a server_error
 * allows), must not call /userinfo without tokens, must not loop through new sign-ins, and must
 * not sign the user in. After a /userinfo error only the user's view shows the last.
 */
export function judgeEndpointError(input: JudgeInput, endpoint: 'token' | 'userinfo'): Judged {
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
    const o = usable(input.outcome);
    if (endpoint === 'userinfo' && succeeded(stoppedAt) && o?.signedIn)
      return notJudged(
        `Not applicable: the service signs users in without calling /userinfo (it redeemed the code at ${label(stoppedAt)} and ${seen(o)}), so a /userinfo error never reaches it.`,
        ids(a, stoppedAt),
      );
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
