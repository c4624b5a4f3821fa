import { describe, expect, it } from 'vitest';
import { DEFAULTS, faultFromSettings, settingsOf } from './fault-settings.js';

describe('fault settings', () => {
  it('turn into the fault the simulator takes', () => {
    expect(faultFromSettings('jwks', 'answer', DEFAULTS)).toEqual({
      target: 'jwks',
      kind: 'outage',
      status: 503,
    });
    expect(
      faultFromSettings('did', 'answer', { ...DEFAULTS, status: 'drop', requests: '3' }),
    ).toEqual({
      target: 'did',
      kind: 'drop',
      requests: 3,
    });
    expect(faultFromSettings('token', 'latency', { ...DEFAULTS, ms: '0' })).toEqual({
      target: 'token',
      kind: 'latency',
      ms: 0,
    });
  });

  it.each([
    ['answer', { status: '404' }, /Status/],
    ['answer', { status: '' }, /Status/],
    ['answer', { requests: '0' }, /Requests/],
    ['answer', { requests: '-2' }, /Requests/],
    ['answer', { requests: '1.5' }, /Requests/],
    ['answer', { requests: 'abc' }, /Requests/],
    ['latency', { ms: '-1' }, /Latency/],
    ['latency', { ms: '' }, /Latency/],
    ['latency', { ms: '120001' }, /Latency/],
    ['latency', { ms: '1e3' }, /Latency/],
  ] as const)('%s %j → a message, no fault', (slot, patch, message) => {
    const r = faultFromSettings('jwks', slot, { ...DEFAULTS, ...patch });
    expect(typeof r).toBe('string');
    expect(r).toMatch(message);
  });

  it('read back what the simulator holds', () => {
    expect(settingsOf({ target: 'jwks', kind: 'outage', status: 502, requests: 4 })).toEqual({
      status: '502',
      ms: DEFAULTS.ms,
      requests: '4',
    });
    expect(settingsOf({ target: 'jwks', kind: 'latency', ms: 750 }).ms).toBe('750');
    expect(settingsOf(undefined)).toEqual(DEFAULTS);
  });
});
