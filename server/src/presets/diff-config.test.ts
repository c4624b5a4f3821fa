import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultConfig } from '../config/defaults.js';
import { diffConfig } from './diff-config.js';

describe('diffConfig', () => {
  it('finds nothing between equal values', () => {
    expect(diffConfig(defaultConfig(), defaultConfig())).toEqual([]);
  });

  it('lists changed leaves with dotted paths', () => {
    const a = defaultConfig();
    const b = defaultConfig();
    b.clientConfiguration.pkceEnforced = true;
    b.responseConfiguration.phoneNumber = null;
    b.errorConfiguration.idTokenErrors = ['INVALID_SIGNATURE'];
    expect(diffConfig(a, b)).toEqual([
      { path: 'clientConfiguration.pkceEnforced', left: false, right: true },
      { path: 'responseConfiguration.phoneNumber', left: '+447123456789', right: null },
      { path: 'errorConfiguration.idTokenErrors', left: [], right: ['INVALID_SIGNATURE'] },
    ]);
  });

  it('treats arrays of plain values as one leaf, and walks arrays of objects item by item', () => {
    const a = { scopes: ['openid', 'email', 'phone'], addresses: [{ postalCode: 'A' }] };
    const b = {
      scopes: ['openid', 'phone'],
      addresses: [{ postalCode: 'B' }, { postalCode: 'C' }],
    };
    expect(diffConfig(a, b)).toEqual([
      { path: 'scopes', left: ['openid', 'email', 'phone'], right: ['openid', 'phone'] },
      { path: 'addresses[0].postalCode', left: 'A', right: 'B' },
      { path: 'addresses[1]', right: { postalCode: 'C' } },
    ]);
  });

  it('leaves out the side where a path does not exist', () => {
    expect(diffConfig({ a: 1 }, { b: 2 })).toEqual([
      { path: 'a', left: 1 },
      { path: 'b', right: 2 },
    ]);
    expect(diffConfig({ a: undefined }, {})).toEqual([]);
  });

  it('reports a change of type as one leaf', () => {
    expect(diffConfig({ v: { x: 1 } }, { v: null })).toEqual([
      { path: 'v', left: { x: 1 }, right: null },
    ]);
    expect(diffConfig({ v: [] }, { v: {} })).toEqual([{ path: 'v', left: [], right: {} }]);
  });

  it('is empty exactly when the values are deeply equal (JSON values)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const same = JSON.stringify(a) === JSON.stringify(b);
        if (same) expect(diffConfig(a, b)).toEqual([]);
        expect(diffConfig(a, a)).toEqual([]);
      }),
    );
  });

  it('swapping the sides swaps left and right', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const forward = diffConfig(a, b);
        const backward = diffConfig(b, a);
        expect(backward.map((e) => e.path).sort()).toEqual(forward.map((e) => e.path).sort());
      }),
    );
  });
});
