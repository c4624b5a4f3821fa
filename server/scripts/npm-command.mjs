// How to run `npm <args>` from a script on every system. Node refuses to spawn `npm.cmd` without a
// shell on Windows (EINVAL, since the CVE-2024-27980 fix), so under npm we run npm's own CLI
// script with this Node (npm_execpath), and otherwise go through the system shell.

/**
 * @param {readonly string[]} args
 * @param {{ platform: string; execPath: string; npmExecPath?: string | undefined }} where
 * @returns {{ command: string; args: string[]; shell: boolean }}
 */
export function npmCommand(args, where) {
  const cli = where.npmExecPath;
  if (cli && /\.(c|m)?js$/i.test(cli)) {
    return { command: where.execPath, args: [cli, ...args], shell: false };
  }
  if (where.platform === 'win32') {
    // cmd.exe finds npm.cmd; the arguments here are fixed words, nothing to quote.
    return { command: 'npm', args: [...args], shell: true };
  }
  return { command: 'npm', args: [...args], shell: false };
}
