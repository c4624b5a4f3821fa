import type { Exchange } from '../log/exchange-types.js';
import type { SimulatorConfig } from '../config/config-types.js';
import { driveStep } from './drive/drive-step.js';
import type { JourneyBrowserFactory } from './drive/real-browser.js';
import type { DriveSettings, ObservedOutcome, PlanStepDocument } from './rp-check-types.js';

/**
 * A driven step of a run: the check acts as the user's browser through the step's journey, waits
 * for the exchanges still being recorded, and answers what it saw, or why the step cannot be
 * judged from it. Never throws.
 */

/** After a driven journey, how long the check waits for exchanges still being recorded. */
export const DRIVE_SETTLE_MS = 150;

/** How often, and how far apart, the check opens the signed-in page again after the journey. */
export const LOOK_AGAIN = { times: 2, delayMs: 300 };

/**
 * Steps after which the user must not be signed in: the check looks again, since a service may
 * keep (or restore) a session a refused token should have ended.
 */
export function mustNotStaySignedIn(step: PlanStepDocument): boolean {
  if (step.kind === 'authorize-error') return step.expect?.reauthenticate !== true;
  return ['id-token-defect', 'token-error', 'userinfo-error'].includes(step.kind);
}

export interface DrivenRunStep {
  outcome: ObservedOutcome;
  /** Why the step cannot be judged from this journey. */
  notJudged?: string;
}

export async function driveRunStep(input: {
  settings: DriveSettings;
  step: PlanStepDocument;
  config: SimulatorConfig;
  clock: () => number;
  wait: (ms: number) => Promise<void>;
  /** The exchanges the step has seen so far. */
  exchanges: () => readonly Exchange[];
  /** Aborted when the run's simulator is deleted or reset. */
  signal?: AbortSignal;
  /** A real browser (--drive-browser) instead of the built-in HTTP driver. */
  browser?: JourneyBrowserFactory;
}): Promise<DrivenRunStep> {
  let looksAfterSeq: number | undefined;
  const driven = await driveStep({
    settings: input.settings,
    step: input.step,
    config: input.config,
    now: input.clock,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.browser ? { browser: input.browser } : {}),
    ...(mustNotStaySignedIn(input.step)
      ? {
          lookAgain: {
            ...LOOK_AGAIN,
            before: () => {
              looksAfterSeq = Math.max(0, ...input.exchanges().map((e) => e.seq));
            },
          },
        }
      : {}),
  }).catch((error: unknown) => ({
    outcome: {
      source: 'driver' as const,
      signedIn: false,
      error: `the check's browser failed: ${error instanceof Error ? error.message : String(error)}`,
      at: new Date(input.clock()).toISOString(),
    } satisfies ObservedOutcome,
    notJudged: undefined,
  }));
  await input.wait(DRIVE_SETTLE_MS);
  const outcome: ObservedOutcome = {
    ...driven.outcome,
    ...(looksAfterSeq !== undefined ? { looksAfterSeq } : {}),
  };
  const reachedSimulator = input.exchanges().some((e) => e.endpoint === 'authorize');
  const notJudged =
    driven.notJudged ??
    (outcome.error && !reachedSimulator
      ? `Not judged: the check could not drive the service: ${outcome.error}.`
      : undefined);
  return { outcome, ...(notJudged ? { notJudged } : {}) };
}
