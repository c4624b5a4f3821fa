import { describe, expect, it } from 'vitest';
import { reportUrl } from './rp-check-client.js';
import {
  readChosenSimulator,
  routeToSimulator,
  simulatorHref,
  withSimulator,
} from './simulator-base.js';

describe('simulator-base', () => {
  it('reads the chosen simulator from the address, ignoring bad names', () => {
    expect(readChosenSimulator('?simulator=worker-1')).toBe('worker-1');
    expect(readChosenSimulator('')).toBe('');
    for (const bad of [
      '?simulator=Upper',
      '?simulator=..',
      `?simulator=${'a'.repeat(65)}`,
      '?simulator=a%2Fb',
    ])
      expect(readChosenSimulator(bad), bad).toBe('');
  });

  it('sends per-simulator calls to the chosen one and the shared log to the root', () => {
    const at = (p: string) => routeToSimulator(p, 'w');
    expect(at('/config')).toBe('/sim/w/config');
    expect(at('/_simulator/api/events')).toBe('/sim/w/_simulator/api/events');
    expect(at('/_simulator/api/switches')).toBe('/sim/w/_simulator/api/switches');
    expect(at('/_simulator/api/rp-check/start')).toBe('/sim/w/_simulator/api/rp-check/start');
    expect(at('/_simulator/api/exchanges/abc')).toBe('/sim/w/_simulator/api/exchanges/abc');
    expect(at('/_simulator/api/exchanges')).toBe('/_simulator/api/exchanges');
    expect(at('/_simulator/api/exchanges?limit=5')).toBe('/_simulator/api/exchanges?limit=5');
    expect(at('/_simulator/api/exchanges.har')).toBe('/_simulator/api/exchanges.har');
    expect(at('/_simulator/api/pins')).toBe('/_simulator/api/pins');
    expect(at('/_simulator/api/simulators')).toBe('/_simulator/api/simulators');
    expect(routeToSimulator('/config', '')).toBe('/config');
    expect(routeToSimulator('/config', 'Bad')).toBe('/config');
  });

  it('builds the address of another simulator, keeping other parameters', () => {
    expect(simulatorHref('w', '?token=t')).toBe('?token=t&simulator=w');
    expect(simulatorHref('', '?simulator=w&token=t')).toBe('?token=t');
    expect(simulatorHref('', '?simulator=w')).toBe('?');
  });

  it('wraps fetch', async () => {
    const seen: string[] = [];
    const f = withSimulator((input) => {
      seen.push(input);
      return Promise.resolve(new Response('{}'));
    }, 'w');
    await f('/config');
    expect(seen).toEqual(['/sim/w/config']);
  });

  it('the check report link goes to the chosen simulator', () => {
    expect(reportUrl('html', '?simulator=w')).toBe(
      '/sim/w/_simulator/api/rp-check/report?format=html',
    );
    expect(reportUrl('junit', '')).toBe('/_simulator/api/rp-check/report?format=junit');
  });
});
