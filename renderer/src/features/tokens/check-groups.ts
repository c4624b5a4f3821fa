import type { TokenCheck } from '../../../../server/src/contract.js';

export const CHECK_GROUPS = [
  'format',
  'signature',
  'issuer',
  'audience',
  'time',
  'binding',
  'trust',
  'other',
] as const;
export type CheckGroupId = (typeof CHECK_GROUPS)[number];

export const CHECK_GROUP_LABELS: Record<CheckGroupId, string> = {
  format: 'Format',
  signature: 'Signature and key',
  issuer: 'Issuer',
  audience: 'Audience',
  time: 'Time (exp, iat, nbf)',
  binding: 'Binding (nonce, at_hash, sub)',
  trust: 'Trust level (vot)',
  other: 'Other checks',
};

/** Which group a check belongs to, from its name (e.g. "signature", "kid", "exp", "nonce"). */
export function checkGroupOf(name: string): CheckGroupId {
  const n = name.toLowerCase();
  if (/format|structure|decod|pars|typ\b/.test(n)) return 'format';
  if (/sig|kid|alg|key|jwk|did/.test(n)) return 'signature';
  if (/\biss|issuer/.test(n)) return 'issuer';
  if (/\baud|audience|azp|client_id/.test(n)) return 'audience';
  if (/\bexp|\biat|\bnbf|expir|time|max_age|lifetime/.test(n)) return 'time';
  if (/nonce|at_hash|\bsub|subject|jti|state|replay/.test(n)) return 'binding';
  if (/vot|vtm|loc|trust|level/.test(n)) return 'trust';
  return 'other';
}

export interface CheckGroup {
  id: CheckGroupId;
  label: string;
  checks: TokenCheck[];
  failed: number;
}

/** Checks gathered by group in a fixed order; empty groups are left out. */
export function groupChecks(checks: readonly TokenCheck[]): CheckGroup[] {
  const byGroup = new Map<CheckGroupId, TokenCheck[]>();
  for (const check of checks) {
    const id = checkGroupOf(check.name);
    byGroup.set(id, [...(byGroup.get(id) ?? []), check]);
  }
  return CHECK_GROUPS.filter((id) => byGroup.has(id)).map((id) => {
    const list = byGroup.get(id) ?? [];
    return {
      id,
      label: CHECK_GROUP_LABELS[id],
      checks: list,
      failed: list.filter((c) => !c.ok).length,
    };
  });
}

export type Verdict =
  | { kind: 'unchecked' }
  | { kind: 'pass'; total: number }
  | { kind: 'fail'; failed: number; total: number; injected: number };

/** One line for a token: all checks pass, or how many fail and how many were injected on purpose. */
export function verdictOf(checks: readonly TokenCheck[] | undefined): Verdict {
  if (!checks || checks.length === 0) return { kind: 'unchecked' };
  const failed = checks.filter((c) => !c.ok);
  if (failed.length === 0) return { kind: 'pass', total: checks.length };
  return {
    kind: 'fail',
    failed: failed.length,
    total: checks.length,
    injected: failed.filter((c) => c.scenario !== undefined).length,
  };
}

export function describeVerdict(v: Verdict): string {
  switch (v.kind) {
    case 'unchecked':
      return 'Not checked';
    case 'pass':
      return `All ${v.total} checks pass`;
    case 'fail': {
      const base = `${v.failed} of ${v.total} checks fail`;
      return v.injected > 0 ? `${base} (${v.injected} injected by a scenario)` : base;
    }
  }
}
