#!/usr/bin/env node
// Builds the app when its compiled output is missing or older than its sources, so `npm start`,
// `npm run headless` and `npm run bench` work straight after `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmCommand } from './npm-command.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outputs = [
  'dist/server/src/cli.js',
  'dist/server/src/headless.mjs',
  'dist/electron/launch.js',
  'dist/renderer/index.html',
];
const sources = [
  'server/src',
  'electron',
  'renderer/src',
  'renderer/index.html',
  'vite.config.ts',
  'package.json',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.e2e.ts'))
      continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const built = outputs.map((p) => join(root, p));
const missing = built.filter((p) => !existsSync(p));
const oldestOutput = missing.length ? 0 : Math.min(...built.map((p) => statSync(p).mtimeMs));
const newestSource = Math.max(...sources.map((p) => newest(join(root, p))));

if (missing.length || newestSource > oldestOutput) {
  console.error('identity-simulator: building the app (first run or sources changed)…');
  const npm = npmCommand(['run', '--silent', 'build'], {
    platform: process.platform,
    execPath: process.execPath,
    npmExecPath: process.env.npm_execpath,
  });
  const result = spawnSync(npm.command, npm.args, {
    cwd: root,
    stdio: ['ignore', 2, 2],
    shell: npm.shell,
  });
  if (result.error)
    console.error(`identity-simulator: could not run npm (${result.error.message})`);
  if (result.status !== 0) {
    console.error('identity-simulator: the build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
