export interface NpmCommand {
  command: string;
  args: string[];
  shell: boolean;
}
export declare function npmCommand(
  args: readonly string[],
  where: { platform: string; execPath: string; npmExecPath?: string | undefined },
): NpmCommand;
