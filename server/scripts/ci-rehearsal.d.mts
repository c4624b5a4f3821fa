export declare function parseArgs(argv: readonly string[]): {
  until: string | undefined;
  job: string | undefined;
  keep: boolean;
  list: boolean;
  workflow: string;
};
export declare function hashWorkspaceFiles(
  workspaceDir: string,
  patterns: readonly string[],
): string;
