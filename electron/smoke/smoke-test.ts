/**
 * The `--smoke-test` run of the desktop app, as pure bookkeeping: the app reports what it saw,
 * and this says when the run is over and with which exit code. It passes once the provider has
 * answered on its port, the window's UI has rendered and the Argon2id worker has hashed a secret;
 * it fails at the first failure reported, or when time runs out, naming what never happened.
 */

/** What a smoke test waits for, in the order they usually happen. */
export const SMOKE_CHECKS = ['provider', 'ui', 'worker'] as const;
export type SmokeCheck = (typeof SMOKE_CHECKS)[number];

const WHAT: Record<SmokeCheck, string> = {
  provider: 'the provider answering its discovery document',
  ui: "the window's UI rendering",
  worker: 'the Argon2id worker hashing a secret',
};

export type SmokeEvent =
  { kind: 'passed'; check: SmokeCheck; detail: string } | { kind: 'failed'; reason: string };

export interface SmokeOutcome {
  /** 0 when every check passed. */
  code: 0 | 1;
  /** One line for the console and the log. */
  line: string;
}

export interface SmokeTest {
  /** Records an event; returns the outcome once the run is over (only the first time). */
  record(event: SmokeEvent): SmokeOutcome | undefined;
  /** The outcome when time has run out (undefined when the run was already over). */
  timedOut(afterMs: number): SmokeOutcome | undefined;
  /** The checks still waited for. */
  readonly missing: readonly SmokeCheck[];
}

export function createSmokeTest(): SmokeTest {
  const passed = new Map<SmokeCheck, string>();
  let over = false;
  const missing = () => SMOKE_CHECKS.filter((check) => !passed.has(check));
  const finish = (outcome: SmokeOutcome) => {
    over = true;
    return outcome;
  };
  return {
    record(event) {
      if (over) return undefined;
      if (event.kind === 'failed')
        return finish({ code: 1, line: `Smoke test failed: ${event.reason}` });
      passed.set(event.check, event.detail);
      if (missing().length > 0) return undefined;
      const details = SMOKE_CHECKS.map((check) => passed.get(check)).join('; ');
      return finish({ code: 0, line: `Smoke test passed: ${details}.` });
    },
    timedOut(afterMs) {
      if (over) return undefined;
      const waited = missing()
        .map((check) => WHAT[check])
        .join(', ');
      return finish({
        code: 1,
        line: `Smoke test failed: no sign of ${waited} after ${Math.round(afterMs / 1000)} s.`,
      });
    },
    get missing() {
      return missing();
    },
  };
}
