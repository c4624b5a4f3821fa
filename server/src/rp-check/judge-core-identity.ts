import type { Exchange } from '../log/exchange-types.js';
import {
  defectOf,
  describeError,
  failed,
  followToToken,
  identityProblem,
  ids,
  mainJourney,
  needsOutcome,
  NO_SIGN_IN,
  notJudged,
  passed,
  refusalProblem,
  seen,
  usable,
  type JudgeInput,
  type Judged,
} from './judge-facts.js';
import { label, succeeded, tokenOf } from './journey-facts.js';

/**
 * A core identity defect: the service must refuse the identity. The page decides when it shows
 * the verified name; where it cannot, the back channel does: a service that signed the user in
 * without ever fetching the DID document cannot have checked the core identity JWT.
 */
export function judgeCoreIdentityDefect(input: JudgeInput): Judged {
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
