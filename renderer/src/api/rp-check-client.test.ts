import { describe, expect, it } from 'vitest';
import { createRpCheckClient, reportUrl } from './rp-check-client.js';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createRpCheckClient', () => {
  it('posts a start and a verdict as JSON to the admin API', async () => {
    const seen: { url: string; init?: RequestInit }[] = [];
    const status = { state: 'running', steps: [], summary: {} };
    const client = createRpCheckClient(async (url, init) => {
      seen.push({ url, ...(init ? { init } : {}) });
      return answer(201, status);
    });
    expect((await client.start('default', { attended: true })).ok).toBe(true);
    expect((await client.verdict('s1', 'fail', 'why')).ok).toBe(true);
    expect(seen[0]?.url).toBe('/_simulator/api/rp-check/start');
    expect(JSON.parse(String(seen[0]?.init?.body))).toEqual({ plan: 'default', attended: true });
    expect(JSON.parse(String(seen[1]?.init?.body))).toEqual({
      step: 's1',
      verdict: 'fail',
      note: 'why',
    });
  });

  it('answers refusals and unexpected bodies as errors, never throws', async () => {
    const refused = createRpCheckClient(async () =>
      answer(409, { error: 'conflict', error_description: 'no run is in progress' }),
    );
    expect(await refused.stop()).toEqual({
      ok: false,
      error: { kind: 'http', status: 409, message: 'no run is in progress' },
    });
    const odd = createRpCheckClient(async () => answer(200, ['not', 'a', 'status']));
    expect((await odd.getStatus()).ok).toBe(false);
    const down = createRpCheckClient(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await down.listPlans()).toMatchObject({ ok: false, error: { kind: 'network' } });
  });

  it('builds report links', () => {
    expect(reportUrl('junit')).toBe('/_simulator/api/rp-check/report?format=junit');
  });
});
