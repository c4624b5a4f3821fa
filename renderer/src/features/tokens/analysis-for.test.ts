import { describe, expect, it } from 'vitest';
import type { TokenAnalysis } from '../../../../server/src/contract.js';
import { analysisFor } from './analysis-for.js';

const a = (role: TokenAnalysis['role'], compact: string): TokenAnalysis => ({
  role,
  compact,
  header: null,
  claims: null,
  checks: [],
});

describe('analysisFor', () => {
  const list = [a('access_token', 'x.y.z'), a('id_token', 'a.b.c')];
  it('matches by role and compact form, whatever the order', () => {
    expect(analysisFor(list, { role: 'id_token', compact: 'a.b.c' }, 0)).toBe(list[1]);
  });
  it('falls back to the same compact form, then to the same position and role', () => {
    expect(analysisFor(list, { role: 'id_token_hint', compact: 'a.b.c' }, 0)).toBe(list[1]);
    expect(analysisFor(list, { role: 'access_token', compact: 'other' }, 0)).toBe(list[0]);
  });
  it('finds nothing for an unknown token or no analysis', () => {
    expect(analysisFor(list, { role: 'core_identity', compact: 'q' }, 0)).toBeUndefined();
    expect(analysisFor(undefined, { role: 'id_token', compact: 'a.b.c' }, 0)).toBeUndefined();
  });
});
