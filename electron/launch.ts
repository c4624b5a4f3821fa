#!/usr/bin/env node
/**
 * `npm start`: runs the desktop app when this machine has the Electron binary, and headless mode
 * otherwise. Plain Node, no Electron import (importing the electron package would start a
 * download of the binary). With server/src/cli.ts, the only module that reads process.env.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decideLaunch } from './launch/decide-launch.js';
import { findElectronBinary, type BinaryProbe } from './launch/find-electron-binary.js';

const here = dirname(fileURLToPath(import.meta.url));
/** dist/electron/launch.js → the folder with package.json, which names dist/electron/main.js. */
const appDir = resolve(here, '..', '..');

const realFiles: BinaryProbe = {
  readText(path) {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  isFile: (path) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false,
};

/** Folder of the installed electron package, found without running its index.js. */
function electronPackageDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

async function runHeadless(notice: string, argv: string[]): Promise<never> {
  console.error(notice);
  const { runCli } = await import('../server/src/cli.js');
  process.exit(await runCli(argv, process.env));
}

function runDesktop(binary: string, args: string[], argv: string[]): void {
  const child = spawn(binary, args, { stdio: 'inherit', windowsHide: false });
  const signals: NodeJS.Signals[] =
    process.platform === 'win32' ? ['SIGINT', 'SIGTERM'] : ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of signals) process.on(signal, forward);

  child.once('error', (error) => {
    for (const signal of signals) process.off(signal, forward);
    void runHeadless(
      `The Electron binary ${binary} could not be started (${error.message}); starting headless mode instead.`,
      argv,
    );
  });
  child.once('exit', (code, signal) => {
    for (const s of signals) process.off(s, forward);
    if (signal) {
      // End the same way the app did, so callers see the signal.
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const plan = decideLaunch({
    lookup: findElectronBinary(
      electronPackageDir(),
      realFiles,
      process.env.ELECTRON_OVERRIDE_DIST_PATH,
    ),
    appDir,
    argv,
    env: process.env,
    platform: process.platform,
  });
  if (plan.mode === 'desktop') runDesktop(plan.binary, plan.args, argv);
  else await runHeadless(plan.notice, plan.argv);
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(
      `identity-simulator: could not start (${error instanceof Error ? error.message : String(error)})`,
    );
    process.exit(1);
  });
}
