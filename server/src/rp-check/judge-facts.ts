import type { Exchange } from '../log/exchange-types.js';
import type { SimulatorConfig } from '../config/config-types.js';
import { VOCAB_URL } from '../config/config-types.js';
import {
  errorCode,
  isAuthorize,
  issuedCode,
  journeysOf,
  label,
  succeeded,
  type Journey,
} from './journey-facts.js';
import { defectValue } from './defect-value.js';
import type { ObservedOutcome, PlanStepDocument, Verdict } from './rp-check-types.js';

/**
 * What every judge rests on: the input, the calibration from the happy paths, verdict builders, and
 * the facts a reason states (who saw what, where a sign-in stopped, a defect's value).
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

export const CORE_IDENTITY_CLAIM = `${VOCAB_URL}/v1/coreIdentityJWT`;
export const RETURN_CODE_CLAIM = `${VOCAB_URL}/v1/returnCode`;

/** How many sign-ins after a defect count as a loop (the run stops observing at this many). */
export const LOOP_LIMIT = 3;

export type Judged = Omit<Verdict, 'checks'>;

export const ids = (...exchanges: (Exchange | undefined)[]): string[] =>
  exchanges.filter((e): e is Exchange => e !== undefined).map((e) => e.id);

export const failed = (reason: string, evidence: string[]): Judged => ({
  status: 'failed',
  reason,
  exchanges: evidence,
});
export const passed = (reason: string, evidence: string[]): Judged => ({
  status: 'passed',
  reason,
  exchanges: evidence,
});
export const notJudged = (reason: string, evidence: string[]): Judged => ({
  status: 'not-judged',
  reason,
  exchanges: evidence,
});

export const NO_SIGN_IN = failed('No sign-in reached /authorize during the step.', []);

export const describeError = (e: Exchange): string =>
  `${label(e)} answered ${e.response.status}${errorCode(e) ? ` ${errorCode(e)}` : ''}`;

/** The outcome a verdict may rest on: one the driver could not produce is not evidence. */
export const usable = (o: ObservedOutcome | undefined): ObservedOutcome | undefined =>
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
    ? `; opened again ${o.looks.length} time${o.looks.length === 1 ? '' : 's'}${still.length ? `, still signed in (${still.map((l) => `${l.status}: ${l.detail}`).join('; ')})` : ', still signed out'}`
    : '';
  return `the check's browser found the user ${state}${where}${looks}`;
}

/**
 * The verdict when only the user's view can decide and nobody gave it: the window asks the
 * tester; unattended, the step is "not judged". A driver failure says why there is no view.
 */
export function needsOutcome(
  input: JudgeInput,
  facts: string,
  question: string,
  ev: string[],
): Judged {
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
export function refusalProblem(input: JudgeInput): string | null {
  const happy = input.calibration?.signIn;
  if (happy?.outcome && !happy.outcome.error && !happy.outcome.signedIn)
    return `on the good sign-in (step "${happy.step}") ${seen(happy.outcome)} too, so "not signed in" proves nothing here`;
  return null;
}

/** Why a missing identity cannot be trusted, or null when the happy identity step showed it. */
export function identityProblem(input: JudgeInput, seenHere?: ObservedOutcome): string | null {
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
export function mainJourney(exchanges: readonly Exchange[]): Journey | undefined {
  const journeys = journeysOf(exchanges);
  return journeys.find((j) => issuedCode(j)) ?? journeys[0];
}

/** Follows a sign-in to a redeemed code; a failure names where it stopped. */
export function followToToken(
  j: Journey,
): { ok: true; token: Exchange } | { ok: false; verdict: Judged } {
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

/** The step's defect with the value it put in the token: "Incorrect vot: vot "Cl"". */
export function defectOf(
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

/** The sign-ins a client started after an exchange (two or more are a loop). */
export const signInsAfter = (exchanges: readonly Exchange[], after: Exchange): Exchange[] =>
  exchanges.filter((e) => isAuthorize(e) && e.seq > after.seq);

export const oneNewSignIn = (again: readonly Exchange[]): string =>
  again[0] ? ` (one new sign-in, ${label(again[0])}, is not a loop)` : '';

/**
 * After an error answer a client may ask once more only when the error says the request itself
 * was fine (server_error); any other error refuses the code or the token for good.
 */
export const retriesAllowed = (e: Exchange): number => (errorCode(e) === 'server_error' ? 1 : 0);
