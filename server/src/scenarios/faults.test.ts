import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Fault } from '../config/config-types.js';
import { consumeFaults, FAULT_TARGETS, parseFaults, planFaults } from './faults.js';

describe('parseFaults', () => {
  it('accepts each kind, with and without a count', () => {
    const faults: Fault[] = [
      { target: 'jwks', kind: 'outage', status: 503 },
      { target: 'jwks', kind: 'latency', ms: 250, requests: 2 },
      { target: 'did', kind: 'drop', requests: 1 },
      { target: 'token', kind: 'latency', ms: 0 },
    ];
    expect(parseFaults(faults)).toEqual({ ok: true, value: faults });
    expect(parseFaults(undefined)).toEqual({ ok: true, value: [] });
    expect(parseFaults(null)).toEqual({ ok: true, value: [] });
  });

  it('names the field of every problem', () => {
    const r = parseFaults(
      [
        { target: 'nowhere', kind: 'drop' },
        { target: 'jwks', kind: 'latency', ms: -5 },
        { target: 'jwks', kind: 'outage', status: 499, requests: -1 },
      ],
      'FAULTS',
    );
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.map((i) => i.path)).toEqual([
        'FAULTS[0].target',
        'FAULTS[1].ms',
        'FAULTS[2].requests',
        'FAULTS[2].status',
      ]);
  });

  it('refuses any value of a wrong type without throwing', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const r = parseFaults([value]);
        if (r.ok) expect(r.value).toHaveLength(1);
        else expect(r.error.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('planFaults and consumeFaults', () => {
  const faults: Fault[] = [
    { target: 'jwks', kind: 'latency', ms: 100 },
    { target: 'jwks', kind: 'outage', status: 502, requests: 2 },
    { target: 'token', kind: 'drop', requests: 1 },
  ];

  it('plans what hits one endpoint only', () => {
    expect(planFaults(faults, 'jwks')).toEqual({
      latencyMs: 100,
      answer: { kind: 'outage', status: 502 },
      labels: ['fault:jwks:latency', 'fault:jwks:outage'],
    });
    expect(planFaults(faults, 'token')?.answer).toEqual({ kind: 'drop' });
    expect(planFaults(faults, 'userinfo')).toBeNull();
  });

  it('counts down the faults of the endpoint hit and drops spent ones', () => {
    const once = consumeFaults(faults, 'jwks');
    expect(once).toEqual([
      { target: 'jwks', kind: 'latency', ms: 100 },
      { target: 'jwks', kind: 'outage', status: 502, requests: 1 },
      { target: 'token', kind: 'drop', requests: 1 },
    ]);
    expect(consumeFaults(once, 'jwks')).toEqual([
      { target: 'jwks', kind: 'latency', ms: 100 },
      { target: 'token', kind: 'drop', requests: 1 },
    ]);
    expect(consumeFaults(faults, 'token')).toHaveLength(2);
  });

  it('covers every endpoint named in the contract', () => {
    expect([...FAULT_TARGETS]).toEqual([
      'discovery',
      'jwks',
      'did',
      'trustmark',
      'authorize',
      'token',
      'userinfo',
      'logout',
    ]);
  });
});
