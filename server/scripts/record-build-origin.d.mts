export declare const BUILD_ORIGIN: string;
export declare function buildOriginOf(env: Record<string, string | undefined>): {
  origin: { repository: string } | null;
  reason: string;
};
export declare function recordBuildOrigin(
  root: string,
  env: Record<string, string | undefined>,
): string;
