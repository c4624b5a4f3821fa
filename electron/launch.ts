#!/usr/bin/env node
/**
 * `npm start`: runs the desktop app, fetching the Electron binary first with the electron
 * package's own installer when it is missing, and headless mode where there is no display, the
 * download fails, CI is set or `--headless` is given. Plain Node, no Electron import (importing
 * the electron package would start a download of its own). With server/src/cli.ts, the only
 * module that reads process.env.
 */
import { spawn } from 'node:child_process';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideLaunch, headlessNotice, installFailedNotice } from './launch/decide-launch.js';
import { describeDesktopExit } from './launch/describe-desktop-exit.js';
import {
  findElectronInstaller,
  installerFailureReason,
  type ElectronInstaller,
} from './launch/electron-installer.js';
import { findElectronBinary, type BinaryProbe } from './launch/find-electron-binary.js';
import { isMainModule } from './launch/is-main-module.js';

const here = dirname(fileURLToPath(import.meta.url));
/** dist/electron/launch.js → the folder with package.json, which names dist/electron/main.js. */
const appDir = resolve(here, '..', '..');
/** How often a long download says it is still going. */
const DOWNLOAD_HEARTBEAT_MS = 15_000;

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
  if (notice !== '') console.error(notice);
  const { runCli } = await import('../server/src/cli.js');
  process.exit(await runCli(argv, process.env));
}

/** Runs the electron package's install.js; resolves with why it failed, or undefined. */
function runInstaller(installer: ElectronInstaller): Promise<string | undefined> {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, [installer.script], {
      stdio: ['ignore', 'inherit', 'pipe'],
      env: process.env,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64_000) stderr += chunk;
    });
    const heartbeat = setInterval(() => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.error(`… still downloading Electron ${installer.version} (${seconds} s)`);
    }, DOWNLOAD_HEARTBEAT_MS);
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const finish = (reason: string | undefined) => {
      clearInterval(heartbeat);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      done(reason);
    };
    child.once('error', (error) => finish(`the installer could not run: ${error.message}`));
    child.once('exit', (code, signal) => {
      if (signal === 'SIGINT' || signal === 'SIGTERM') process.exit(130);
      finish(code === 0 ? undefined : installerFailureReason(stderr, code, signal));
    });
  });
}

function runDesktop(binary: string, args: string[], argv: string[]): void {
  const started = Date.now();
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
    const exit = describeDesktopExit(code, signal, process.platform, Date.now() - started);
    if (exit.kind === 'headless') {
      console.error(exit.hint);
      void runHeadless(
        headlessNotice('The desktop window could not start', argv, process.env),
        argv,
      );
      return;
    }
    // End the same way the app did, so callers see its code or its signal.
    if (exit.kind === 'signal') process.kill(process.pid, exit.signal);
    else process.exit(exit.code);
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const electronDir = electronPackageDir();
  const decide = (installerRan: boolean) =>
    decideLaunch({
      lookup: findElectronBinary(electronDir, realFiles, process.env.ELECTRON_OVERRIDE_DIST_PATH),
      installer: findElectronInstaller(electronDir, realFiles),
      installerRan,
      appDir,
      argv,
      env: process.env,
      platform: process.platform,
      isRoot: process.getuid?.() === 0,
    });
  let plan = decide(false);
  if (plan.mode === 'install') {
    console.error(plan.notice);
    const failure = await runInstaller(plan.installer);
    if (failure !== undefined) {
      await runHeadless(installFailedNotice(plan.installer, failure, argv, process.env), argv);
    }
    plan = decide(true);
    if (plan.mode === 'desktop') console.error('Electron is ready; opening the window.');
  }
  if (plan.mode === 'desktop') runDesktop(plan.binary, plan.args, argv);
  else if (plan.mode === 'headless') await runHeadless(plan.notice, plan.argv);
}

if (isMainModule(import.meta.url, process.argv[1], realpathSync)) {
  main().catch((error: unknown) => {
    console.error(
      `identity-simulator: could not start (${error instanceof Error ? error.message : String(error)})`,
    );
    process.exit(1);
  });
}
