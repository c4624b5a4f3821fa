import { describe, expect, it } from 'vitest';
import { jsonDeeperThan } from '../rules/json-depth.js';

const nest = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

describe('jsonDeeperThan', () => {
  it('accepts scalars and shallow values', () => {
    expect(jsonDeeperThan(1, 3)).toBe(false);
    expect(jsonDeeperThan(null, 3)).toBe(false);
    expect(jsonDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
  });
  it('finds a deep branch among shallow ones', () => {
    expect(jsonDeeperThan({ x: 1, y: nest(10) }, 5)).toBe(true);
  });
  it('accepts exactly the limit and refuses one level more, arrays and objects alike', () => {
    expect(jsonDeeperThan(nest(64), 64)).toBe(false);
    expect(jsonDeeperThan(nest(65), 64)).toBe(true);
    expect(jsonDeeperThan([[[]]], 3)).toBe(false);
    expect(jsonDeeperThan([[[[]]]], 3)).toBe(true);
  });
  it('looks into own keys only, "__proto__" included', () => {
    const parsed = JSON.parse('{"__proto__":{"a":{"b":{"c":{}}}}}') as unknown;
    expect(jsonDeeperThan(parsed, 4)).toBe(true);
    expect(jsonDeeperThan(parsed, 5)).toBe(false);
  });
  it('handles 100,000 levels without a stack overflow', () => {
    expect(jsonDeeperThan(nest(100_000), 64)).toBe(true);
  });
});
