export declare const REPORT: string;
export declare const SKIP_NOTES: string;
export interface SkipNote {
  file: string;
  reason: string;
}
export interface Summary {
  lines: string[];
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
}
export declare function summarise(report: unknown, skipNotes?: readonly SkipNote[]): Summary;
export declare function readRun(cwd?: string): { report: unknown; notes: SkipNote[] };
