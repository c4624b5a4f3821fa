import { accessSync, constants, statSync } from 'node:fs';
import { err, ok, type Result } from '../../shared/result.js';

/**
 * Which browser `--drive-browser` drives: the tester's own Chromium or Chrome (the check never
 * downloads one). `--drive-browser=PATH` names it; `--drive-browser` alone looks in CHROMIUM_PATH
 * and the places the usual installers put it.
 */

export type FileKind = 'missing' | 'directory' | 'not-executable' | 'executable';

/** What is at `path`, as far as starting it goes. */
export function fileKind(path: string, platform: NodeJS.Platform = process.platform): FileKind {
  try {
    if (statSync(path).isDirectory()) return 'directory';
  } catch {
    return 'missing';
  }
  // Windows has no execute bit: a file that exists is taken as a program.
  if (platform === 'win32') return 'executable';
  try {
    accessSync(path, constants.X_OK);
    return 'executable';
  } catch {
    return 'not-executable';
  }
}

/** Why `path` cannot be the browser, or undefined when it can. */
export function browserPathProblem(
  path: string,
  kind: (path: string) => FileKind = fileKind,
): string | undefined {
  if (!path.trim())
    return 'needs the path of a Chromium or Chrome executable, e.g. --drive-browser=/usr/bin/chromium';
  switch (kind(path)) {
    case 'missing':
      return `${path}: no such file`;
    case 'directory':
      return `${path} is a directory, not a browser executable`;
    case 'not-executable':
      return `${path} is not executable`;
    default:
      return undefined;
  }
}

/** The places `--drive-browser` alone looks, in order (CHROMIUM_PATH first when set). */
export function wellKnownBrowsers(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  if (platform === 'darwin')
    return [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
    ];
  if (platform === 'win32')
    return [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA]
      .filter((base): base is string => typeof base === 'string' && base !== '')
      .map((base) => `${base}\\Google\\Chrome\\Application\\chrome.exe`);
  return [
    '/usr/bin/chromium',
    '/usr/bin/google-chrome',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome-stable',
  ];
}

/**
 * The browser to drive: `given` (the flag's value) when it is one, else the first well-known
 * place holding one. The error is one line saying what was searched and how to fix it.
 */
export function findBrowser(
  given: string | undefined,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  kind: (path: string) => FileKind = (p) => fileKind(p, platform),
): Result<string, string> {
  if (given !== undefined) {
    const problem = browserPathProblem(given, kind);
    return problem ? err(`--drive-browser ${problem}`) : ok(given);
  }
  if (env.CHROMIUM_PATH) {
    const problem = browserPathProblem(env.CHROMIUM_PATH, kind);
    return problem
      ? err(
          `--drive-browser: CHROMIUM_PATH ${problem}: fix it, or unset it to search the usual places`,
        )
      : ok(env.CHROMIUM_PATH);
  }
  const places = wellKnownBrowsers(env, platform);
  const found = places.find((p) => kind(p) === 'executable');
  if (found) return ok(found);
  return err(
    `--drive-browser found no Chromium or Chrome (CHROMIUM_PATH is not set; looked at ${places.join(', ')}): install Chromium or Chrome, or give its path with --drive-browser=PATH or CHROMIUM_PATH`,
  );
}
