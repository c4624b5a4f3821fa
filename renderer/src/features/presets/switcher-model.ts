import type { Persona, Scenario } from '../../../../server/src/contract.js';
import { SCENARIO_SHORTCUTS, type PresetKind } from '../../store/presets/presets-state.js';

/** One row of the quick switcher. */
export interface SwitcherEntry {
  kind: PresetKind;
  id: string;
  name: string;
  description: string;
  builtIn: boolean;
  /** Alt+N for the first nine scenarios. */
  shortcut?: number;
}

/**
 * How well `query` matches `text` as a fuzzy subsequence (case-insensitive): null when some
 * character is missing. Characters in a row, at the start and at word starts score more, so
 * "wrong key" finds "ID token signed with the wrong key" before anything scattered.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const q = query.toLowerCase().replace(/\s+/g, ' ').trim();
  if (q === '') return 0;
  const t = text.toLowerCase();
  const exact = t.indexOf(q);
  if (exact >= 0) return 1000 - exact + (exact === 0 || /\W/.test(t[exact - 1] ?? '') ? 200 : 0);
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const ch of q) {
    if (ch === ' ') continue;
    const at = t.indexOf(ch, from);
    if (at < 0) return null;
    score += 1;
    if (at === previous + 1) score += 5;
    if (at === 0 || /[\s\-_(/.,]/.test(t[at - 1] ?? '')) score += 8;
    score -= Math.min(at - from, 10) * 0.1;
    previous = at;
    from = at + 1;
  }
  return score;
}

/** Scenarios then personas, in list order, as switcher rows. */
export function switcherEntries(
  scenarios: readonly Scenario[],
  personas: readonly Persona[],
): SwitcherEntry[] {
  return [
    ...scenarios.map((s, i) => ({
      kind: 'scenario' as const,
      id: s.id,
      name: s.name,
      description: s.description,
      builtIn: s.builtIn,
      ...(i < SCENARIO_SHORTCUTS ? { shortcut: i + 1 } : {}),
    })),
    ...personas.map((p) => ({
      kind: 'persona' as const,
      id: p.id,
      name: p.name,
      description: p.description,
      builtIn: p.builtIn,
    })),
  ];
}

/**
 * The entries matching `query`, best first. The name counts most, then the id, then the
 * description; ties keep the list order. An empty query keeps every entry in order.
 */
export function filterEntries(entries: readonly SwitcherEntry[], query: string): SwitcherEntry[] {
  if (query.trim() === '') return [...entries];
  const scored: { entry: SwitcherEntry; score: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const name = fuzzyScore(query, entry.name);
    const id = fuzzyScore(query, entry.id);
    const description = fuzzyScore(query, entry.description);
    const best = Math.max(
      name === null ? -Infinity : name * 3,
      id === null ? -Infinity : id * 2,
      description === null ? -Infinity : description,
    );
    if (best !== -Infinity) scored.push({ entry, score: best, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.map((s) => s.entry);
}
