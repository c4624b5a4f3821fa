#!/usr/bin/env node
// Whether the compiled app is current: a stamp written when a build finishes, newer than every
// source. The outputs' own times cannot tell: tsc -b leaves an unchanged project's files as they
// were, so they stay older than sources edited elsewhere and every start would build again.
// `node build-freshness.mjs --mark` writes the stamp (the last step of `npm run build`).
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP = 'dist/.built';

/** What a start needs; any one missing means a build. */
export const OUTPUTS = [
  'dist/server/src/cli.js',
  'dist/server/src/headless.mjs',
  'dist/electron/launch.js',
  'dist/renderer/index.html',
];

/** What the outputs are built from. */
export const SOURCES = [
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

/** Why the app at `root` needs a build, or null when it is current. */
export function buildReason(root) {
  const missing = OUTPUTS.filter((p) => !existsSync(join(root, p)));
  if (missing.length) return `${missing[0]} is missing`;
  const stamp = join(root, STAMP);
  if (!existsSync(stamp)) return 'no finished build is recorded';
  const built = statSync(stamp).mtimeMs;
  const changed = SOURCES.find((p) => newest(join(root, p)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** Records that a build of the app at `root` has just finished. */
export function markBuilt(root) {
  const stamp = join(root, STAMP);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--mark') markBuilt(root);
  else console.log(buildReason(root) ?? 'current');
}
