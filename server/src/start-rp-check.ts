import { statSync } from 'node:fs';
import type { Simulator } from './create-simulator.js';
import { err, ok, type Result } from './shared/result.js';
import { isPresetId } from './shared/preset-id.js';
import { writeFileAtomic } from './presets/preset-store.js';
import { observeService } from './rp-check/observe-service.js';
import { probeService } from './rp-check/drive/probe-service.js';
import { readPlanFile } from './rp-check/plan-store.js';
import { formatForFile, renderReport } from './rp-check/render-report.js';
import { buildReport } from './rp-check/build-report.js';
import type { JourneyBrowserFactory } from './rp-check/drive/real-browser.js';
import type { DriveSettings, Plan, RpCheckStatus } from './rp-check/rp-check-types.js';

/**
 * Headless --rp-check: finds the plan (a file, or the id of a built-in or saved plan), starts an
 * unattended run, tells each step's outcome, writes the report when the plan ends and answers
 * the exit code a CI job gates on.
 */

export interface RpCheckOptions {
  /** A plan file or id; '' for the built-in plan. */
  plan: string;
  report?: string;
  timeoutSeconds?: number;
  /** Drive the service (wins over the plan's `service` section). */
  drive?: DriveSettings;
  /** A real browser (--drive-browser) drives the service instead of the built-in HTTP driver. */
  browser?: JourneyBrowserFactory;
  /** --drive-browser was given: the run must drive the service (flags or the plan's service). */
  wantsBrowser?: boolean;
  version?: string;
  /** A step "not judged" or skipped fails the run too. */
  strict?: boolean;
  /** Called once when the plan ends (after the report is written) with the exit code. */
  onDone?: (exitCode: number) => void;
  /** One line for the person watching (stderr in the CLI). */
  say: (line: string) => void;
}

/** Exit codes of an unattended check. */
export const EXIT_PASSED = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_NOT_OBSERVED = 3;

/**
 * 3 when the check could not observe the service (it never saw the authentication sign-in
 * succeed, or judged nothing): no verdict of such a run can be trusted, so it never passes.
 * Else 1 when a step failed or the run was stopped before every step ran (strict: also a step
 * "not judged" or skipped), else 0.
 */
export function exitCodeFor(s: RpCheckStatus, strict: boolean): number {
  const { failed, pending, notJudged, skipped } = s.summary;
  if (s.summary.pending < s.summary.total && !observeService(s).observed) return EXIT_NOT_OBSERVED;
  if (failed > 0 || pending > 0) return EXIT_FAILED;
  if (strict && notJudged + skipped > 0) return EXIT_FAILED;
  return EXIT_PASSED;
}

function findPlan(simulator: Simulator, arg: string): Result<Plan, string> {
  const id = arg === '' ? 'default' : arg;
  let isFile = false;
  try {
    isFile = statSync(id).isFile();
  } catch {
    isFile = false;
  }
  if (isFile || /\.json$/i.test(id) || /[\\/]/.test(id)) {
    const read = readPlanFile(id);
    return read.ok ? read : err(`--rp-check ${arg}: ${read.error}`);
  }
  if (!isPresetId(id)) return err(`--rp-check ${arg}: no such file, and not a plan id`);
  const found = simulator.rpCheck.plans.get(id);
  if (found.kind === 'found') return ok(found.plan);
  if (found.kind === 'broken') return err(`--rp-check ${arg}: plans/${id}.json ${found.message}`);
  return err(
    `--rp-check ${arg}: no such file and no built-in or saved plan with that id${simulator.rpCheck.plans.dataDir ? '' : ' (saved plans need --data-dir)'}`,
  );
}

const summaryLine = (s: RpCheckStatus): string =>
  `${s.summary.judged} judged (${s.summary.passed} passed, ${s.summary.failed} failed), ${s.summary.notJudged} not judged, ${s.summary.skipped} skipped, ${s.summary.pending} not run`;

/**
 * Finds the plan and checks it can run (before the simulator listens), answering the function
 * that starts it (once the simulator listens and knows its URL).
 */
export function prepareRpCheck(
  simulator: Simulator,
  options: RpCheckOptions,
): Result<() => Promise<Result<void, StartRefusal>>, string> {
  const plan = findPlan(simulator, options.plan);
  if (!plan.ok) return plan;
  if (options.report !== undefined && formatForFile(options.report) === undefined)
    return err(`--report ${options.report}: the file must end in .xml, .json or .html`);
  if (options.wantsBrowser && !options.drive && !plan.value.service)
    return err(
      `--drive-browser needs a service to drive: give the --drive-* flags, or a plan with a "service" section`,
    );
  const checked = simulator.rpCheck.run.checkPlan(plan.value);
  if (!checked.ok) return err(`--rp-check ${options.plan}: ${checked.error.message}`);
  return ok(() => startRpCheck(simulator, plan.value, options));
}

/** Why the run did not start, and the exit code that says so. */
export interface StartRefusal {
  exitCode: number;
  message: string;
}

async function startRpCheck(
  simulator: Simulator,
  plan: Plan,
  options: RpCheckOptions,
): Promise<Result<void, StartRefusal>> {
  const run = simulator.rpCheck.run;
  const drive = options.drive ?? plan.service;
  if (drive) {
    // A service that does not answer could only be marked "not judged" at every step.
    const reached = await probeService(drive);
    if (!reached.ok)
      return err({
        exitCode: EXIT_NOT_OBSERVED,
        message: `rp-check could not observe the service: ${reached.error.message}`,
      });
  }
  const total = plan.steps.length;
  run.onStep((step, i) => {
    const n = `${i + 1}/${total}`;
    if (step.status === 'observing') options.say(`rp-check ${n} ${step.id}: ${step.instruction}`);
    else options.say(`rp-check ${n} ${step.id}: ${step.status}: ${step.reason ?? ''}`);
  });
  run.onFinished((status) => {
    options.say(`rp-check finished: ${summaryLine(status)}`);
    const seen = observeService(status);
    if (!seen.observed) options.say(`rp-check could not observe the service: ${seen.line}`);
    const written = writeReport(simulator, options);
    const code = written ? exitCodeFor(status, options.strict === true) : EXIT_USAGE;
    options.say(`rp-check exit code ${code}`);
    options.onDone?.(code);
  });
  const started = run.start(plan, {
    attended: false,
    ...(options.timeoutSeconds ? { timeoutSeconds: options.timeoutSeconds } : {}),
    ...(drive ? { drive } : {}),
    ...(options.browser ? { browser: options.browser } : {}),
  });
  if (!started.ok)
    return err({
      exitCode: EXIT_USAGE,
      message: `--rp-check ${options.plan}: ${started.error.message}`,
    });
  return ok(undefined);
}

/** Writes the report when one was asked for; false when it could not be written. */
function writeReport(simulator: Simulator, options: RpCheckOptions): boolean {
  if (options.report === undefined) return true;
  const format = formatForFile(options.report) ?? 'json';
  const report = buildReport({
    run: simulator.rpCheck.run,
    plans: simulator.rpCheck.plans,
    version: options.version ?? '0.0.0',
    simulatorUrl: () => simulator.config.get().simulatorUrl,
    now: simulator.context.clock,
  });
  try {
    writeFileAtomic(options.report, renderReport(report, format).text);
    options.say(`rp-check report written to ${options.report}`);
    return true;
  } catch (error) {
    options.say(
      `rp-check report could not be written to ${options.report}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}
