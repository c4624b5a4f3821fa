#!/usr/bin/env node
// Builds the app when its compiled output is missing or its sources changed since the last build, so
// `npm start`, `npm run headless` and `npm run bench` work straight after `npm install`.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReason } from './build-freshness.mjs';
import { npmCommand } from './npm-command.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const reason = buildReason(root);

if (reason !== null) {
  console.error(`identity-simulator: building the app (${reason})…`);
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
