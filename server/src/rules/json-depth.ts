/** Deeper JSON than this is refused: nothing the simulator takes nests more than a few levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests deeper than `limit`. The walk goes no deeper than `limit`
 * levels, so it never overflows the stack however deep the value is, and it allocates nothing
 * per node: a body of tens of thousands of small objects is checked without doubling its cost.
 */
export function jsonDeeperThan(value: unknown, limit: number): boolean {
  return deeper(value, 0, limit);
}

function deeper(node: unknown, depth: number, limit: number): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (depth >= limit) return true;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (typeof child === 'object' && child !== null && deeper(child, depth + 1, limit))
        return true;
    }
    return false;
  }
  const record = node as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const child = record[key];
    if (typeof child === 'object' && child !== null && deeper(child, depth + 1, limit)) return true;
  }
  return false;
}
