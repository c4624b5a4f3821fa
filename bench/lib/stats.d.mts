export interface LatencySummary {
  count: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
  mean: number | null;
}
export declare class Samples {
  length: number;
  add(ms: number): void;
  summary(): LatencySummary;
}
export declare function percentile(sorted: ArrayLike<number>, p: number): number;
export declare function processUsage(pid: number): { cpuSeconds: number; rssBytes: number };
export declare const MiB: number;
export declare function toMiB(bytes: number): number;
