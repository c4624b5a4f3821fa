export declare const COMPONENTS: readonly string[];
export declare function areaOf(url: string, name?: string): string;
export declare function componentOf(callFrame: { url: string; functionName: string }): string;
export interface ProfileEntry {
  name: string;
  ms: number;
  share: number;
}
export declare function summariseProfile(
  source: string | object,
  top?: number,
): {
  totalMs: number;
  functions: ProfileEntry[];
  areas: ProfileEntry[];
  components: ProfileEntry[];
};
