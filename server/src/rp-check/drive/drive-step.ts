import type { SimulatorConfig } from '../../config/config-types.js';
import type { DriveSettings, ObservedOutcome, PlanStepDocument } from '../rp-check-types.js';
import { askOf } from '../step-ask.js';
import {
  driveJourney,
  httpJourney,
  signOut,
  type DriveJourneyInput,
  type JourneyBrowser,
} from './drive-journey.js';
import { DriverBrowser } from './driver-browser.js';
import type { JourneyBrowserFactory } from './real-browser.js';

/**
 * A step of a driven check: which of the service's sign-in addresses its journey opens, which
 * name shows the identity was accepted, and the journey itself with a fresh browser (signed out
 * afterwards when the service has a sign-out address).
 */

/** /authorize errors that apply only to a request for identity. */
const IDENTITY_ONLY_AUTHORISE_ERRORS = [
  'TEMPORARILY_UNAVAILABLE_IDENTITY',
  'ACCESS_DENIED_EVIDENCE',
];

/**
 * Whether the step's journey must ask for identity (it opens the identity sign-in address): what
 * the step asks, or an /authorize error that applies only to identity requests.
 */
export function stepWantsIdentity(step: PlanStepDocument, config: Readonly<SimulatorConfig>) {
  return (
    askOf(step).identity ||
    config.errorConfiguration.authoriseErrors.some((n) =>
      IDENTITY_ONLY_AUTHORISE_ERRORS.includes(n),
    )
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The family name of the current name in the verified identity (the name without validUntil,
 * else the first), as a service would show it; undefined when the identity has none.
 */
export function verifiedFamilyName(config: Readonly<SimulatorConfig>): string | undefined {
  const vc = config.responseConfiguration.coreIdentityVerifiableCredentials;
  const subject = isRecord(vc) ? vc.credentialSubject : undefined;
  const names = isRecord(subject) && Array.isArray(subject.name) ? subject.name : [];
  const current = names.filter(isRecord).find((n) => n.validUntil === undefined) ?? names[0];
  const parts = isRecord(current) && Array.isArray(current.nameParts) ? current.nameParts : [];
  const family = parts
    .filter(isRecord)
    .filter((p) => p.type === 'FamilyName' && typeof p.value === 'string' && p.value.trim())
    .map((p) => p.value as string);
  return family.length ? family.join(' ') : undefined;
}

export interface DriveStepInput {
  settings: DriveSettings;
  step: PlanStepDocument;
  /** The configuration in force for the step. */
  config: Readonly<SimulatorConfig>;
  now: () => number;
  /** Open the signed-in page again after the journey (the user must not stay signed in). */
  lookAgain?: DriveJourneyInput['lookAgain'];
  /** Aborted when the run's simulator is deleted or reset: the journey stops at once. */
  signal?: AbortSignal;
  /** A real browser (--drive-browser); without it the built-in HTTP driver drives the step. */
  browser?: JourneyBrowserFactory;
}

export interface DrivenStep {
  outcome: ObservedOutcome;
  /** Why the step cannot be judged from this journey (no identity address, no verified name). */
  notJudged?: string;
}

export async function driveStep(input: DriveStepInput): Promise<DrivenStep> {
  const { settings, config } = input;
  const identity = stepWantsIdentity(input.step, config);
  const at = () => new Date(input.now()).toISOString();
  if (identity && !settings.identitySignIn) {
    const reason =
      'Not judged: the step asks for identity and no identity sign-in address was given (--drive-identity-sign-in, or identitySignIn in the plan\'s "service" section).';
    return {
      outcome: { source: 'driver', signedIn: false, error: reason, at: at() },
      notJudged: reason,
    };
  }
  const reauthenticate = askOf(input.step).reauthenticate;
  if (reauthenticate && !settings.reauthenticate) {
    const reason =
      'Not judged: give --drive-reauthenticate (the service\'s address that starts a re-authentication with prompt=login, or reauthenticate in the plan\'s "service" section) so the check can ask the service to re-authenticate a signed-in user.';
    return {
      outcome: { source: 'driver', signedIn: false, error: reason, at: at() },
      notJudged: reason,
    };
  }
  const identityText = settings.identityText ?? verifiedFamilyName(config);
  const allowed = [
    config.simulatorUrl,
    settings.signIn,
    settings.signedIn,
    ...(settings.identitySignIn ? [settings.identitySignIn] : []),
    ...(settings.signOut ? [settings.signOut] : []),
    ...(settings.reauthenticate ? [settings.reauthenticate] : []),
    ...config.clientConfiguration.redirectUrls,
  ];
  // A fresh browser for each step: cookies of one journey never reach the next.
  const real = input.browser ? await input.browser.open(allowed, input.signal) : undefined;
  const browser: JourneyBrowser = real ?? httpJourney(new DriverBrowser(allowed, input.signal));
  try {
    return await journeyOf(input, browser, identity, identityText, reauthenticate);
  } finally {
    await real?.close();
  }
}

async function journeyOf(
  input: DriveStepInput,
  browser: JourneyBrowser,
  identity: boolean,
  identityText: string | undefined,
  reauthenticate: boolean,
): Promise<DrivenStep> {
  const { settings, config } = input;
  const outcome = await driveJourney(
    {
      settings,
      simulatorUrl: config.simulatorUrl,
      identity,
      ...(identityText ? { identityText } : {}),
      ...(reauthenticate ? { reauthenticate } : {}),
      ...(input.lookAgain ? { lookAgain: input.lookAgain } : {}),
      now: input.now,
    },
    browser,
  );
  const signedOut = await signOut(browser, settings, config.simulatorUrl);
  if (signedOut) outcome.note = outcome.note ? `${outcome.note}; ${signedOut}` : signedOut;
  return { outcome };
}
