import type { ExchangeRef, PageSeen, RpCheckStatus, StepResult } from './rp-check-types.js';

/**
 * Whether a run saw the service at all: a check that never saw the authentication sign-in
 * succeed judged nothing it can vouch for, so it must not look green. Answers, when it did not,
 * one line naming what the check saw instead (status, page, where the browser stopped) and the
 * likely cause.
 */
export type Observation = { observed: true } | { observed: false; line: string };

/** The authentication-only sign-in step every other verdict is checked against. */
export function happyPathStep(steps: readonly StepResult[]): StepResult | undefined {
  const signIns = steps.filter((s) => s.kind === 'sign-in');
  return (
    signIns.find((s) => !s.ask.identity && !s.ask.returnCode && !s.ask.reauthenticate) ?? signIns[0]
  );
}

const label = (e: ExchangeRef) => `/${e.endpoint} #${e.seq}`;
const ok = (e: ExchangeRef) => e.status < 400 && e.error === undefined;

function pageText(p: PageSeen | undefined): string {
  if (!p) return 'no page';
  return `${p.url} answered ${p.status}${p.title ? ` "${p.title}"` : ''}${p.type ? ` (${p.type})` : p.contentType ? ` (${p.contentType})` : ''}`;
}

/** The most likely cause of what the step saw, in a few words a tester can act on. */
function likelyCause(step: StepResult): string {
  const o = step.outcome;
  const authorize = step.exchanges.filter((e) => e.endpoint === 'authorize');
  const token = step.exchanges.filter((e) => e.endpoint === 'token');
  const error = o?.error ?? '';
  if (
    /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ERR_CONNECTION_REFUSED|ERR_NAME_NOT_RESOLVED|no answer within/.test(
      error,
    )
  )
    return 'nothing answers at that address: is the service running, at that host and port?';
  if (/neither one of the service's addresses nor the simulator's/.test(error))
    return "the service sent the browser to another host: check that its provider (issuer) address is the simulator's";
  if (/counts a browser that never signed in as signed in/.test(error))
    return 'the signed-in page does not tell a signed-in user from anyone else: give --drive-signed-in a page only a signed-in user sees, or --drive-signed-in-text';
  if (/redirect loop/.test(error)) return 'the service sends the browser round in a loop';
  if (!authorize.length) {
    const status = o?.page?.status ?? 0;
    if (status === 401)
      return 'the service answered 401 to a navigation: it may treat the request as a script request, or wants a sign-in page of its own pressed first';
    if (status === 403)
      return 'the service refused the browser (403): it may allow only some addresses or users';
    if (status >= 500)
      return "the service failed: its own log says why (e.g. it could not read the simulator's discovery document)";
    if (status >= 200 && status < 300)
      return 'the service showed a page instead of sending the browser to the simulator: the sign-in may need a button pressed or JavaScript (--drive-browser), or the address is not the one that starts a sign-in';
    if (!o)
      return "no sign-in reached the simulator: is the service configured with the simulator's address?";
    return 'the service never sent the browser to the simulator';
  }
  const refused = authorize.find((e) => !ok(e));
  if (refused && !token.length)
    return `the simulator refused the sign-in at ${label(refused)}${refused.error ? ` (${refused.error})` : ''}: check the client id and that the service's redirect URI is registered`;
  const redeemed = token.find(ok);
  if (!token.length)
    return 'the service never redeemed the code at /token: its callback failed (its own log says why)';
  if (!redeemed)
    return `the simulator refused the code at ${label(token[0] as ExchangeRef)}${token[0]?.error ? ` (${token[0].error})` : ''}: check the client's authentication (key) and redirect URI`;
  if (o?.probe && !o.probe.signedIn)
    return `the service got its tokens (${label(redeemed)}) but its signed-in page did not see the user signed in (${o.probe.detail}): check --drive-signed-in and --drive-signed-in-text, and that the service keeps its session cookie`;
  return `the service got its tokens (${label(redeemed)}) but did not sign the user in`;
}

export function observeService(status: RpCheckStatus): Observation {
  const step = happyPathStep(status.steps);
  if (!step) {
    if (status.summary.judged > 0) return { observed: true };
    return {
      observed: false,
      line: 'no step could be judged, and the plan has no sign-in step to show why',
    };
  }
  if (step.status === 'pending' || step.status === 'skipped')
    return status.summary.judged > 0
      ? { observed: true }
      : {
          observed: false,
          line: `the sign-in step "${step.id}" did not run (${step.status}) and no step was judged`,
        };
  const o = step.outcome;
  const signedIn = o
    ? o.signedIn && !o.error
    : step.exchanges.some((e) => e.endpoint === 'token' && ok(e));
  if (signedIn && status.summary.judged > 0) return { observed: true };
  const where = o?.page
    ? `the browser stopped at ${pageText(o.page)}${o.page.hops?.length ? ` (through ${o.page.hops.join(' -> ')})` : ''}`
    : o?.error
      ? `the browser could not go on: ${o.error}`
      : step.exchanges.length
        ? `the simulator saw ${step.exchanges.map(label).join(', ')}`
        : 'no request reached the simulator';
  const cause = likelyCause(step);
  const probe =
    o?.probe && o.page
      ? `; the signed-in page ${o.probe.url} answered ${o.probe.status}: ${o.probe.detail}`
      : '';
  return {
    observed: false,
    line: `the check never saw the sign-in of step "${step.id}" succeed: ${where}${probe}. Likely cause: ${cause}${/[.?!]$/.test(cause) ? '' : '.'}`,
  };
}
