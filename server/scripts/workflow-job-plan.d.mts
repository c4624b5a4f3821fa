export declare class PlanError extends Error {}
export interface PlannedJob {
  id: string;
  matrix: Record<string, unknown>;
  label: string;
  job: Record<string, unknown> & { steps: Record<string, unknown>[] };
}
export declare function expandMatrix(strategy: unknown): Record<string, unknown>[];
export declare function isLinuxX64Label(label: unknown): boolean;
export declare function linuxJobs(workflow: unknown): PlannedJob[];
export declare function stepTitle(step: { name?: string; uses?: string; run?: string }): string;
export declare function shellCommand(shell: string | undefined, file: string): string[];
export declare const NOT_REHEARSABLE: readonly {
  matches(step: { run?: string }): boolean;
  reason: string;
}[];
export declare function notRehearsable(step: { run?: string; uses?: string }): string | undefined;
export declare const LOCAL_EQUIVALENTS: Record<
  string,
  { what: string; inputs: readonly string[]; script(inputs: Record<string, string>): string }
>;
export declare function localEquivalent(
  uses: string | undefined,
  inputs?: Record<string, string>,
): { action: string; what: string; script: string };
export declare function parseCommandFile(text: string): Record<string, string>;
export declare function interpolateEnv(
  env: unknown,
  context: Record<string, unknown>,
): Record<string, string>;
export declare const ENV_SUBSTITUTIONS: readonly {
  name: string;
  matches(value: string): boolean;
  value: string;
  reason: string;
}[];
export declare function substituteEnv(env: Record<string, string>): {
  env: Record<string, string>;
  notes: string[];
};
