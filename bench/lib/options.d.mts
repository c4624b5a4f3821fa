export type Mode = 'auth' | 'identity' | 'both';
export declare const MODES: readonly Mode[];
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export interface BenchOptions {
  duration: number;
  clients: number;
  latencyClients: number;
  mode: Mode;
  flows: number;
  warmupFlows: number;
  strict: boolean;
  profile: boolean;
  help: boolean;
}
export declare const BENCH_USAGE: string;
export declare function parseBenchOptions(argv: readonly string[]): Parsed<BenchOptions>;

export interface SoakOptions {
  minutes: number;
  clients: number;
  mode: Mode;
  sampleSeconds: number;
  warmupMinutes: number;
  maxGrowthMib: number;
  help: boolean;
}
export declare const SOAK_USAGE: string;
export declare function parseSoakOptions(argv: readonly string[]): Parsed<SoakOptions>;

export type ResourceScenario =
  'stalled-readers' | 'floods' | 'million-assertions' | 'log-memory' | 'connection-cap';
export declare const RESOURCE_SCENARIOS: readonly ResourceScenario[];
export interface ResourcesOptions {
  only: ResourceScenario[];
  strict: boolean;
  help: boolean;
}
export declare const RESOURCES_USAGE: string;
export declare function parseResourcesOptions(argv: readonly string[]): Parsed<ResourcesOptions>;
