/**
 * `npm run headless -- --rp-check PLAN --report FILE`, spawned as a user runs it: the plan runs
 * unattended while a scripted relying party signs in, the report is written when the plan ends
 * and the process exits with a code a CI job gates on (0 steps judged and no failure, 1 a failure,
 * 2 a usage error, 3 the service was never seen signing in; --rp-check-strict also fails on "not
 * judged"); an unknown or malformed plan stops the
 * start with one line.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpCheckStatus } from '../../src/rp-check/rp-check-types.js';
import { IDENTITY_CLAIMS_REQUEST, runFlow } from '../helpers/relying-party.js';
import { CLI, freePort, runNode, spawnNode } from '../../../bench/lib/processes.mjs';

const dir = mkdtempSync(join(tmpdir(), 'rp-check-cli-'));
beforeAll(() => {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: run \`npm run build\` (or \`npx tsc -b server\`) first`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const step = (id: string, kind: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: id,
  kind,
  instruction: 'Sign in.',
  expectation: 'Correct.',
  ...extra,
});

async function status(url: string): Promise<RpCheckStatus> {
  return (await (await fetch(`${url}/_simulator/api/rp-check`)).json()) as RpCheckStatus;
}

async function waitFor(url: string, until: (s: RpCheckStatus) => boolean): Promise<RpCheckStatus> {
  const end = Date.now() + 10_000;
  for (;;) {
    const s = await status(url);
    if (until(s)) return s;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('headless --rp-check', () => {
  it('runs the plan unattended, writes the JUnit report when it ends, and exits 1 on a failure', async () => {
    const plan = join(dir, 'ci.json');
    const report = join(dir, 'out', 'rp-check.xml');
    writeFileSync(
      plan,
      JSON.stringify({
        name: 'CI plan',
        steps: [
          step('happy', 'sign-in'),
          step('bad-sig', 'id-token-defect', {
            scenario: 'id-token-wrong-key',
          }),
        ],
      }),
    );
    const port = await freePort();
    const cli = await spawnNode(
      [
        CLI,
        '--port',
        String(port),
        '--rp-check',
        plan,
        '--report',
        report,
        '--rp-check-timeout',
        '4', // long enough for a loaded machine to finish a flow
      ],
      { env: {} },
    );
    try {
      const fresh = () => ({ authorize: { nonce: randomUUID(), state: randomUUID() } });
      await waitFor(cli.url, (s) => s.currentStep === 0);
      await runFlow(cli.url, fresh());
      await waitFor(cli.url, (s) => s.currentStep === 1);
      // A careless client: it calls /userinfo although the ID token signature is wrong.
      await runFlow(cli.url, fresh());
      // The process ends with the plan, once the report is written.
      expect(await cli.exited).toBe(1);
      const xml = readFileSync(report, 'utf8');
      expect(xml).toContain(
        '<testsuite name="CI plan" tests="2" failures="1" errors="0" skipped="0"',
      );
      expect(xml).toMatch(
        /<testcase classname="rp-check.ci" name="bad-sig"[^>]*>\s*<failure message="\/userinfo #\d+ was called/,
      );
      expect(cli.stderr()).toMatch(/rp-check 1\/2 happy: Sign in\./);
      expect(cli.stderr()).toMatch(/rp-check finished: 2 judged \(1 passed, 1 failed\)/);
      expect(cli.stderr()).toContain(`rp-check report written to ${report}`);
      expect(cli.stderr()).toMatch(/rp-check exit code 1\n/);
    } finally {
      await cli.stop('SIGKILL');
    }
  });

  it('exits 0 with a step "not judged", 1 with --rp-check-strict', async () => {
    const plan = join(dir, 'core.json');
    writeFileSync(
      plan,
      JSON.stringify({
        name: 'Core plan',
        steps: [
          step('happy', 'sign-in'),
          step('core', 'core-identity-defect', {
            scenario: {
              name: 'core',
              persona: 'identity-passport',
              errorConfiguration: { coreIdentityErrors: ['INVALID_SIGNATURE'] },
            },
          }),
        ],
      }),
    );
    for (const [strict, code] of [
      [false, 0],
      [true, 1],
    ] as const) {
      const port = await freePort();
      const args = [CLI, '--port', String(port), '--rp-check', plan, '--rp-check-timeout', '4'];
      const cli = await spawnNode(strict ? [...args, '--rp-check-strict'] : args, { env: {} });
      try {
        await waitFor(cli.url, (s) => s.currentStep === 0);
        await runFlow(cli.url);
        await waitFor(cli.url, (s) => s.currentStep === 1);
        await runFlow(cli.url, {
          authorize: {
            nonce: randomUUID(),
            state: randomUUID(),
            vtr: '["Cl.Cm.P2"]',
            claims: IDENTITY_CLAIMS_REQUEST,
            scope: 'openid',
          },
        });
        expect(await cli.exited, cli.stderr()).toBe(code);
        expect(cli.stderr()).toMatch(
          /rp-check finished: 1 judged \(1 passed, 0 failed\), 1 not judged, 0 skipped, 0 not run/,
        );
      } finally {
        await cli.stop('SIGKILL');
      }
    }
  });

  it('exits 3 when no sign-in reached the simulator, naming what it saw and the likely cause', async () => {
    const plan = join(dir, 'nothing.json');
    writeFileSync(
      plan,
      JSON.stringify({ name: 'Nothing', waitSeconds: 1, steps: [step('happy', 'sign-in')] }),
    );
    const port = await freePort();
    const cli = await spawnNode([CLI, '--port', String(port), '--rp-check', plan], { env: {} });
    try {
      expect(await cli.exited, cli.stderr()).toBe(3);
      expect(cli.stderr()).toMatch(
        /rp-check finished: 1 judged \(0 passed, 1 failed\), 0 not judged/,
      );
      expect(cli.stderr()).toMatch(
        /rp-check could not observe the service: the check never saw the sign-in of step "happy" succeed: no request reached the simulator\. Likely cause: no sign-in reached the simulator: is the service configured with the simulator's address\?/,
      );
      expect(cli.stderr()).toMatch(/rp-check exit code 3\n/);
    } finally {
      await cli.stop('SIGKILL');
    }
  });

  it('driving a service that answers 401 to everything: exit 3, the page and the likely cause', async () => {
    const { createServer } = await import('node:http');
    const svc = createServer((_req, res) => {
      res.statusCode = 401;
      res.setHeader('content-type', 'text/html');
      res.end('<title>Unauthorized</title>');
    });
    await new Promise<void>((r) => svc.listen(0, '127.0.0.1', r));
    const url = `http://localhost:${(svc.address() as { port: number }).port}`;
    const plan = join(dir, 'two.json');
    writeFileSync(
      plan,
      JSON.stringify({ name: 'Two', steps: [step('happy', 'sign-in'), step('again', 'sign-in')] }),
    );
    const port = await freePort();
    const cli = await spawnNode(
      [
        CLI,
        '--port',
        String(port),
        '--rp-check',
        plan,
        '--drive-sign-in',
        `${url}/`,
        '--drive-signed-in',
        `${url}/me`,
      ],
      { env: {} },
    );
    try {
      expect(await cli.exited, cli.stderr()).toBe(3);
      expect(cli.stderr()).toMatch(
        /rp-check finished: 0 judged \(0 passed, 0 failed\), 2 not judged/,
      );
      expect(cli.stderr()).toContain(
        `rp-check could not observe the service: the check never saw the sign-in of step "happy" succeed: the browser stopped at ${url}/ answered 401 "Unauthorized" (html). Likely cause: the service answered 401 to a navigation: it may treat the request as a script request`,
      );
    } finally {
      await cli.stop('SIGKILL');
      await new Promise((r) => svc.close(r));
    }
  });

  it('driving a service that does not answer: the run does not start, exit 3 with one line', async () => {
    const down = await freePort();
    const port = await freePort();
    const r = await runNode([
      CLI,
      '--port',
      String(port),
      '--rp-check',
      '--drive-sign-in',
      `http://127.0.0.1:${down}/login`,
      '--drive-signed-in',
      `http://127.0.0.1:${down}/me`,
    ]);
    expect(r.code, r.stderr).toBe(3);
    const lines = r.stderr
      .trim()
      .split('\n')
      .filter((l) => !l.includes('listening on'));
    expect(lines, r.stderr).toEqual([
      `identity-simulator: rp-check could not observe the service: the service did not answer at http://127.0.0.1:${down}/login (ECONNREFUSED): start it, or correct the sign-in address`,
    ]);
    expect(r.stderr).not.toMatch(/rp-check 1\//);
  });

  it('refuses an unknown plan and a malformed plan file with one line and exit code 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ name: 'x', steps: [{ id: 'a' }] }));
    const cases: [string[], RegExp][] = [
      [
        ['--rp-check', 'no-such-plan'],
        /--rp-check no-such-plan: no such file and no built-in or saved plan/,
      ],
      [['--rp-check', bad], /--rp-check .*bad.json: steps\[0\].title: must be a string/],
      [['--rp-check', join(dir, 'missing.json')], /missing.json: does not exist/],
      [['--report', 'x.xml'], /--report needs --rp-check/],
      [['--rp-check-strict'], /--rp-check-strict needs --rp-check/],
      [['--rp-check', '--rp-check-strict=yes'], /--rp-check-strict takes no value/],
    ];
    for (const [args, message] of cases) {
      const port = await freePort();
      const r = await runNode([CLI, '--port', String(port), ...args]);
      expect(r.code, r.stderr).toBe(2);
      const lines = r.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.includes('listening on'));
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    }
  });
});
