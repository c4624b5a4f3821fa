/**
 * The README's CI example, run as written against a local service: the headless simulator with
 * the example's --drive-* flags (ports and report path adjusted) drives the careful test service
 * through the whole built-in plan, writes the report and exits with the code the report implies.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpCheckReport } from '../../src/rp-check/rp-check-types.js';
import { CLI, freePort, spawnNode } from '../../../bench/lib/processes.mjs';
import { exampleHeadlessArgs } from '../helpers/ci-example.js';
import { startTestService, type TestService } from '../helpers/driven-services.js';

const dir = mkdtempSync(join(tmpdir(), 'rp-check-drive-cli-'));
let service: TestService | undefined;
beforeAll(() => {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: run \`npm run build\` (or \`npx tsc -b server\`) first`);
});
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('headless --rp-check --drive-*: the CI example', () => {
  it('drives a careful service through the default plan and writes the report', async () => {
    const port = await freePort();
    service = await startTestService('careful', () => `http://localhost:${port}`);
    const report = join(dir, 'rp-check.json');
    const example = exampleHeadlessArgs();
    const args = example.args.map((a) =>
      a === '3000'
        ? String(port)
        : a === 'rp-check.xml'
          ? report
          : a.replace('http://localhost:8080', (service as TestService).url),
    );
    const env = {
      REDIRECT_URLS: example.env.REDIRECT_URLS?.replace('http://localhost:8080', service.url) ?? '',
    };
    const began = Date.now();
    const cli = await spawnNode([CLI, ...args], { env });
    try {
      // The check exits when the plan ends, after writing the report.
      const code = await Promise.race([
        cli.exited,
        new Promise((r) => setTimeout(() => r('timed out'), 90_000)),
      ]);
      // The 90 s target is measured by bench/rp-check-drive.mjs; here 90 s only stops a hang.
      expect(code, cli.stderr()).not.toBe('timed out');
      const seconds = (Date.now() - began) / 1000;
      const written = JSON.parse(readFileSync(report, 'utf8')) as RpCheckReport;
      expect(written.state).toBe('finished');
      // A careful service: no step fails, so the run exits 0.
      expect(written.summary.failed, JSON.stringify(written.summary)).toBe(0);
      expect(code).toBe(0);
      expect(written.drive?.signIn).toBe(`${service.url}/login`);
      expect(written.steps.length).toBeGreaterThanOrEqual(30);
      for (const s of written.steps) expect(s.outcome?.source, s.id).toBe('driver');
      expect(cli.stderr()).toMatch(
        /rp-check finished: \d+ judged \(\d+ passed, 0 failed\), \d+ not judged/,
      );
      process.stderr.write(
        `driven default plan: ${seconds.toFixed(1)} s, exit code ${String(code)}\n`,
      );
    } finally {
      await cli.stop();
    }
  }, 120_000);
});
