/**
 * A Python service using Authlib (the most used Python OAuth library) signs in with its
 * private_key_jwt defaults, over real HTTP: its client assertions live one hour, and the
 * simulator must accept them (the provider only recommends 5 minutes) while the request log says
 * so as a warning. Needs python3 with Debian's Authlib and requests (the requirement rule of
 * helpers/requirements.ts: skipped with the reason where missing, a failure under CI on Linux). It signs in at the root simulator and at a named one of the same
 * process, only the discovery URL changing.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeDetail, ExchangePage } from '../../src/admin/admin-api-types.js';
import {
  listeningSimulator,
  SIMULATOR_PATHS,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  PRIVATE_KEY_PATH,
} from '../helpers/relying-party.js';
import { authlibPython, requires } from '../helpers/requirements.js';

const SCRIPT = fileURLToPath(new URL('./authlib-sign-in.py', import.meta.url));
const needs = requires('python3-authlib');

describe.skipIf(needs.skip)(
  `Authlib (Python) signs in with its private_key_jwt defaults${needs.label}`,
  () => {
    let sim: ListeningSimulator;
    beforeAll(async () => {
      sim = await listeningSimulator();
    });
    afterAll(() => sim?.close());

    it.each(SIMULATOR_PATHS)(
      'hour-long assertions are accepted at $at: ID token, userinfo, and a lifetime warning in the log',
      async ({ path }) => {
        // Asynchronously: the simulator answers from this process while the script runs.
        const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>(
          (resolve) => {
            const child = spawn(
              authlibPython(),
              [
                SCRIPT,
                `${sim.baseUrl}${path}`,
                DEFAULT_CLIENT_ID,
                PRIVATE_KEY_PATH,
                DEFAULT_REDIRECT_URI,
              ],
              { stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 },
            );
            let stdout = '';
            let stderr = '';
            child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
            child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
            child.on('close', (status) => resolve({ status, stdout, stderr }));
          },
        );
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        const result = JSON.parse(run.stdout) as {
          token_type: string;
          id_token_sub: string;
          id_token_nonce_matches: boolean;
          userinfo: Record<string, unknown>;
        };
        expect(result.token_type).toBe('Bearer');
        expect(result.id_token_nonce_matches).toBe(true);
        expect(result.userinfo.sub).toBe(result.id_token_sub);
        expect(result.userinfo.email).toEqual(expect.any(String));

        // The assertion Authlib sent lives an hour; the request log words it as a warning.
        const api = '/_simulator/api';
        const simulator = path === '' ? '/' : path.replace('/sim/', '');
        const list = await request(sim.baseUrl).get(
          `${api}/exchanges?endpoint=token&simulator=${encodeURIComponent(simulator)}`,
        );
        const exchange = (list.body as ExchangePage).items[0]!;
        expect(exchange.outcome.kind).toBe('success');
        const detail = (await request(sim.baseUrl).get(`${api}/exchanges/${exchange.id}`))
          .body as ExchangeDetail;
        const analysis = detail.analysis.find((a) => a.role === 'client_assertion')!;
        const claims = decodeJwt(analysis.compact);
        expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
        expect(typeof claims.jti).toBe('string');
        expect(analysis.checks.filter((c) => !c.ok)).toEqual([]);
        expect(analysis.warnings).toEqual([
          'this assertion lives 3600 s; the provider recommends 300 s',
        ]);
      },
    );
  },
);
