import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangePage } from '../../src/admin/admin-api-types.js';
import { harness, signIn, type Harness } from '../helpers/protocol.js';

const API = '/_simulator/api';
const harnesses: Harness[] = [];
afterEach(() => {
  for (const h of harnesses.splice(0)) h.simulator.close();
});

async function fresh(logCapacity: number): Promise<Harness> {
  const h = await harness({ logCapacity });
  harnesses.push(h);
  return h;
}

const page = async (h: Harness, query = ''): Promise<ExchangePage> =>
  (await request(h.app).get(`${API}/exchanges${query}`).expect(200)).body as ExchangePage;

const noise = async (h: Harness, n: number) => {
  for (let i = 0; i < n; i++) await request(h.app).get('/.well-known/openid-configuration');
};

describe('pinned exchanges survive the log cap', () => {
  it('keeps a pinned exchange and a pinned journey past the cap, listed first on demand', async () => {
    const h = await fresh(5);
    await signIn(h);
    const first = await page(h);
    const token = first.items.find((e) => e.endpoint === 'token');
    const journeyId = token?.journeyId;
    expect(journeyId).toBeDefined();
    const discovery = (await page(h)).items;
    await noise(h, 1);
    const lone = (await page(h)).items[0];
    expect(lone?.endpoint).toBe('discovery');

    const pinnedJourney = await request(h.app).put(`${API}/pins/journeys/${journeyId}`);
    expect(pinnedJourney.status).toBe(200);
    const pins = await request(h.app).put(`${API}/pins/exchanges/${lone?.id}`);
    expect(pins.body).toEqual({ exchanges: [lone?.id], journeys: [journeyId] });

    await noise(h, 20);
    const all = await page(h, '?limit=100');
    const kept = all.items.filter((e) => e.pinned);
    expect(kept.map((e) => e.id)).toContain(lone?.id);
    expect(kept.some((e) => e.id === token?.id)).toBe(true);
    expect(all.items.filter((e) => !e.pinned)).toHaveLength(5);
    expect(discovery.length).toBeGreaterThan(0);

    const firstPage = await page(h, '?pinned=first&limit=100');
    const firstPinned = firstPage.items.findIndex((e) => !e.pinned);
    expect(firstPage.items.slice(0, firstPinned).every((e) => e.pinned)).toBe(true);
    expect(firstPage.items.slice(firstPinned).every((e) => !e.pinned)).toBe(true);
    expect(firstPage.total).toBe(all.total);
    const only = await page(h, '?pinned=only');
    expect(only.items.every((e) => e.pinned)).toBe(true);
    expect(only.items.length).toBe(kept.length);

    // Unpinned, they go at the next eviction (now, for those past the cap).
    await request(h.app).delete(`${API}/pins/journeys/${journeyId}`).expect(200);
    await request(h.app).delete(`${API}/pins/exchanges/${lone?.id}`).expect(200);
    expect((await page(h, '?limit=100')).items).toHaveLength(5);
    expect((await request(h.app).get(`${API}/pins`)).body).toEqual({ exchanges: [], journeys: [] });
  });

  it('refuses bad ids, unknown ids and bad query values, and keeps serving', async () => {
    const h = await fresh(5);
    await noise(h, 1);
    for (const id of ['%20', 'a'.repeat(101), '..', 'x%2Fy', '%7B%7D']) {
      const res = await request(h.app).put(`${API}/pins/exchanges/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    expect((await request(h.app).put(`${API}/pins/exchanges/unknown-id`)).status).toBe(404);
    expect((await request(h.app).put(`${API}/pins/journeys/unknown-journey`)).status).toBe(404);
    expect((await request(h.app).put(`${API}/pins/exchanges/x?force=1`)).status).toBe(400);
    // Unpinning what is not pinned changes nothing.
    expect((await request(h.app).delete(`${API}/pins/exchanges/unknown-id`)).body).toEqual({
      exchanges: [],
      journeys: [],
    });
    for (const q of ['pinned=yes', 'pinned=', 'pinned=FIRST', 'pinned=first&pinned=only']) {
      const res = await request(h.app).get(`${API}/exchanges?${q}`);
      if (q === 'pinned=first&pinned=only') expect(res.status, q).toBe(200);
      else expect(res.status, q).toBe(400);
    }
    expect((await request(h.app).post(`${API}/pins`)).status).toBe(405);
    expect((await request(h.app).get(`${API}/status`)).status).toBe(200);
  });
});
