/**
 * The programs some tests need beyond Node and the npm packages, declared once, and the one rule
 * for what happens when one is missing:
 *
 * - on a system where the requirement cannot exist (Debian's Authlib and Apache module, podman's
 *   host network on macOS and Windows), the tests are skipped, with the reason;
 * - under CI (CI=true, as every CI service sets it) on a system where it can exist, a missing
 *   requirement is a failure: the job must install it;
 * - elsewhere (a developer's machine) they are skipped, with the reason and how to install it.
 *
 * A test file states its needs at its top with `requires('name', …)`, literally, so that the
 * workflow test can read them from the source and check that each CI job installs them. Each
 * skip is noted in test-artifacts/skipped-requirements/, which the test summary lists.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findPodman } from '../delivery/podman.js';
import { APACHE, APACHE_MODULES } from './apache-service.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Read by server/scripts/print-test-summary.mjs. */
const SKIP_NOTES = join(ROOT, 'test-artifacts', 'skipped-requirements');

/** The browser the browser tests drive: CHROMIUM_PATH (CI runners), else Debian's Chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface Requirement {
  /** What it is, for people. */
  what: string;
  /** The systems (process.platform) where it can exist; elsewhere its tests are skipped. */
  platforms: readonly NodeJS.Platform[];
  /** Why it cannot exist on the other systems. */
  onlyThere?: string;
  /** Debian packages that provide it (what `.ci/install-test-requirements` installs). */
  debianPackages: readonly string[];
  /** How to install it, said in a skip or a failure. */
  install: string;
  /** undefined when it is here, else what is missing. */
  missing(): string | undefined;
}

function pythonWithAuthlib(): string | undefined {
  for (const python of ['python3', '/usr/bin/python3']) {
    const probe = spawnSync(python, ['-c', 'import authlib, requests'], { stdio: 'ignore' });
    if (probe.status === 0) return python;
  }
  return undefined;
}

export const REQUIREMENTS = {
  chromium: {
    what: 'Chromium (the browser tests)',
    platforms: ['linux', 'darwin', 'win32'],
    debianPackages: ['chromium'],
    install: 'apt-get install chromium, or set CHROMIUM_PATH to a Chrome or Chromium',
    missing: () => (existsSync(CHROMIUM_PATH) ? undefined : `${CHROMIUM_PATH} is missing`),
  },
  'python3-authlib': {
    what: "python3 with Debian's Authlib and requests",
    platforms: ['linux'],
    onlyThere: "the test signs in with Debian's python3-authlib",
    debianPackages: ['python3-authlib', 'python3-requests'],
    install: 'apt-get install python3-authlib python3-requests',
    missing: () =>
      pythonWithAuthlib() ? undefined : 'no python3 here imports authlib and requests',
  },
  'apache2-mod-auth-openidc': {
    what: "Apache with Debian's mod_auth_openidc",
    platforms: ['linux'],
    onlyThere: "the test runs Debian's apache2 with libapache2-mod-auth-openidc",
    debianPackages: ['apache2', 'libapache2-mod-auth-openidc'],
    install: 'apt-get install apache2 libapache2-mod-auth-openidc',
    missing: () => {
      const absent = [APACHE, `${APACHE_MODULES}/mod_auth_openidc.so`].filter(
        (file) => !existsSync(file),
      );
      return absent.length > 0 ? `${absent.join(' and ')} missing` : undefined;
    },
  },
  podman: {
    what: 'podman able to run containers',
    platforms: ['linux'],
    onlyThere:
      "the tests reach containers through podman's host network, which on macOS and Windows is a virtual machine's",
    debianPackages: ['podman', 'runc'],
    install: 'bash .ci/install-podman',
    missing: () => {
      const found = findPodman();
      return found.ok ? undefined : found.reason;
    },
  },
  'podman-compose': {
    what: 'podman-compose',
    platforms: ['linux'],
    onlyThere: 'it drives podman, which the container tests use on Linux only',
    debianPackages: ['podman-compose', 'netavark', 'aardvark-dns', 'iptables'],
    install: 'bash .ci/install-podman',
    missing: () =>
      spawnSync('podman-compose', ['--version'], { stdio: 'ignore' }).status === 0
        ? undefined
        : 'podman-compose is not installed',
  },
} as const satisfies Record<string, Requirement>;

export type RequirementName = keyof typeof REQUIREMENTS;

export type RequirementStatus =
  { state: 'ready' } | { state: 'skip'; reason: string } | { state: 'fail'; reason: string };

/** Whether CI is set (CI=true on GitHub Actions and most CI services). */
export function underCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.CI ?? '').toLowerCase();
  return value !== '' && value !== 'false' && value !== '0';
}

/** The rule, for these requirements on this system. */
export function requirementStatus(
  names: readonly RequirementName[],
  where: {
    platform: NodeJS.Platform;
    ci: boolean;
    missing?: (name: RequirementName) => string | undefined;
  },
): RequirementStatus {
  const missingHere = where.missing ?? ((name) => REQUIREMENTS[name].missing());
  const impossible = names.filter(
    (name) => !(REQUIREMENTS[name].platforms as readonly string[]).includes(where.platform),
  );
  if (impossible.length > 0) {
    const reasons = impossible.map((name) => {
      const r: Requirement = REQUIREMENTS[name];
      return `${name} cannot exist on ${where.platform} (${r.onlyThere ?? r.what})`;
    });
    return { state: 'skip', reason: reasons.join('; ') };
  }
  const absent = names.flatMap((name) => {
    const why = missingHere(name);
    return why === undefined ? [] : [`${name}: ${why} (${REQUIREMENTS[name].install})`];
  });
  if (absent.length === 0) return { state: 'ready' };
  const reason = absent.join('; ');
  return where.ci
    ? { state: 'fail', reason: `required under CI on ${where.platform}: ${reason}` }
    : { state: 'skip', reason };
}

export interface RequirementGate {
  /** Skip the suite: a requirement is missing (under CI on a system where it can exist, a
   * separate failing test says so). */
  skip: boolean;
  reason: string | undefined;
  /** ` (SKIPPED: reason)` when skipped, for the suite's title; empty otherwise. */
  label: string;
}

/**
 * Declares the requirements of the calling test file (call at its top level, with literal
 * names) and applies the rule: a gate for `describe.skipIf(gate.skip)`.
 */
export function requires(...names: RequirementName[]): RequirementGate {
  const status = requirementStatus(names, { platform: process.platform, ci: underCi() });
  if (status.state === 'ready') return { skip: false, reason: undefined, label: '' };
  const testPath = expect.getState().testPath ?? 'unknown';
  const file = relative(ROOT, testPath).replaceAll('\\', '/');
  if (status.state === 'fail') {
    describe(`requirements of ${file}`, () => {
      it(`has ${names.join(', ')}`, () => {
        throw new Error(status.reason);
      });
    });
  } else {
    mkdirSync(SKIP_NOTES, { recursive: true });
    const slug = createHash('sha256')
      .update(`${file} ${names.join(' ')}`)
      .digest('hex');
    writeFileSync(
      join(SKIP_NOTES, `${slug.slice(0, 16)}.json`),
      JSON.stringify({ file, requirements: names, reason: status.reason }),
    );
    console.warn(`${file}: SKIPPED (${status.reason})`);
  }
  return { skip: true, reason: status.reason, label: ` (SKIPPED: ${status.reason})` };
}

/** The python3 that imports Authlib and requests (after `requires('python3-authlib')`). */
export function authlibPython(): string {
  const python = pythonWithAuthlib();
  if (!python) throw new Error('no python3 with Authlib: the suite should have been skipped');
  return python;
}
