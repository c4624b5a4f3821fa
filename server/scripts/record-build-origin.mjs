#!/usr/bin/env node
// Records, in the built app, the GitHub repository it is built from, for the desktop app's
// Help › Check for updates: `npm run dist` runs this between the build and electron-builder, so
// an installer made by a repository's release workflow asks that repository for newer releases
// (a fork's asks the fork), not whatever package.json names. GitHub Actions sets
// GITHUB_REPOSITORY (owner/name) and GITHUB_SERVER_URL in every job; without them (a local
// build) no record is kept and the app falls back to package.json's `repository`.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the record goes: beside the main process, inside app.asar once packed. */
export const BUILD_ORIGIN = 'dist/electron/build-origin.json';

const NAME = /^[A-Za-z0-9_.-]+$/;

/**
 * The record for this environment: `{ repository: 'https://github.com/<owner>/<name>' }`, or null
 * (with the reason) when there is nothing to record. A malformed GITHUB_REPOSITORY is an error.
 */
export function buildOriginOf(env) {
  const repository = env.GITHUB_REPOSITORY;
  if (repository === undefined || repository === '')
    return { origin: null, reason: 'GITHUB_REPOSITORY is not set (not a GitHub Actions build)' };
  const parts = String(repository).split('/');
  if (parts.length !== 2 || !parts.every((p) => NAME.test(p) && p !== '.' && p !== '..'))
    throw new Error(`GITHUB_REPOSITORY must be <owner>/<name>, got ${JSON.stringify(repository)}`);
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  if (server !== 'https://github.com')
    return {
      origin: null,
      reason: `the update check knows github.com only, not ${server}`,
    };
  return { origin: { repository: `https://github.com/${parts[0]}/${parts[1]}` }, reason: '' };
}

/** Writes the record into `root`'s build, or removes a stale one; says what it did. */
export function recordBuildOrigin(root, env) {
  const file = join(root, BUILD_ORIGIN);
  const { origin, reason } = buildOriginOf(env);
  if (origin === null) {
    if (existsSync(file)) rmSync(file);
    return `No build origin recorded (${reason}): the update check asks package.json's repository.`;
  }
  writeFileSync(file, `${JSON.stringify(origin, null, 2)}\n`);
  return `Build origin: ${origin.repository} (${BUILD_ORIGIN}).`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  try {
    console.log(recordBuildOrigin(root, process.env));
  } catch (error) {
    console.error(`record-build-origin: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
