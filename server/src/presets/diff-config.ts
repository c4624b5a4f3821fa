import { isDeepStrictEqual } from 'node:util';
import type { DiffEntry } from './preset-types.js';

/**
 * The leaves that differ between two JSON values, as a flat list of paths
 * (clientConfiguration.pkceEnforced, responseConfiguration.postalAddressDetails[1].postalCode).
 * Objects are compared key by key and arrays holding objects item by item; an array of plain
 * values (scopes, claims, error names) is one leaf, so a removed item shows as one change.
 * `left` or `right` is absent where the path does not exist on that side.
 */
export function diffConfig(a: unknown, b: unknown): DiffEntry[] {
  const out: DiffEntry[] = [];
  walk(a, b, '', out);
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isContainerArray = (v: unknown): v is unknown[] =>
  Array.isArray(v) && v.some((item) => typeof item === 'object' && item !== null);

const ABSENT = Symbol('absent');

function walk(a: unknown, b: unknown, path: string, out: DiffEntry[]): void {
  if (isObject(a) && isObject(b)) {
    const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !Object.hasOwn(a, k))];
    for (const key of keys) {
      const left = Object.hasOwn(a, key) ? a[key] : ABSENT;
      const right = Object.hasOwn(b, key) ? b[key] : ABSENT;
      walk(left, right, path ? `${path}.${key}` : key, out);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && (isContainerArray(a) || isContainerArray(b))) {
    const length = Math.max(a.length, b.length);
    for (let i = 0; i < length; i++)
      walk(i < a.length ? a[i] : ABSENT, i < b.length ? b[i] : ABSENT, `${path}[${i}]`, out);
    return;
  }
  if (a === ABSENT && b === ABSENT) return;
  if (a !== ABSENT && b !== ABSENT && isDeepStrictEqual(a, b)) return;
  // undefined is the same as absent: JSON cannot tell them apart.
  if ((a === ABSENT || a === undefined) && (b === ABSENT || b === undefined)) return;
  const entry: DiffEntry = { path };
  if (a !== ABSENT && a !== undefined) entry.left = a;
  if (b !== ABSENT && b !== undefined) entry.right = b;
  out.push(entry);
}
