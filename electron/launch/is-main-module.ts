import { fileURLToPath } from 'node:url';

/**
 * Whether the module at `moduleUrl` is the script Node was started with (`argv1`), comparing real
 * paths so that a symlinked path to the script (an npm bin link, a linked checkout) still counts.
 */
export function isMainModule(
  moduleUrl: string,
  argv1: string | undefined,
  realpath: (path: string) => string,
): boolean {
  if (argv1 === undefined) return false;
  try {
    return realpath(fileURLToPath(moduleUrl)) === realpath(argv1);
  } catch {
    return false;
  }
}
