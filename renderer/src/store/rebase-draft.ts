import { deepEqual } from './deep-equal.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The tester's edits moved onto a configuration that changed meanwhile: every value the draft
 * changed from `base` (the configuration the edits started from) is taken from the draft, every
 * other value from `next`. Objects are merged key by key; a list or a plain value is one edit.
 */
export function rebaseDraft<T>(base: T, draft: T, next: T): T {
  if (deepEqual(draft, base)) return next;
  if (isRecord(base) && isRecord(draft) && isRecord(next)) {
    const out: Record<string, unknown> = { ...next };
    for (const key of new Set([...Object.keys(draft), ...Object.keys(base)])) {
      if (!(key in draft)) {
        if (key in base) delete out[key];
        continue;
      }
      out[key] = rebaseDraft(base[key], draft[key], next[key]);
    }
    return out as T;
  }
  return draft;
}
