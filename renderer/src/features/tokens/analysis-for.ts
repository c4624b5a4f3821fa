import type { ExchangeToken, TokenAnalysis } from '../../../../server/src/contract.js';

/** The simulator's analysis of one token of an exchange (matched by role and compact form). */
export function analysisFor(
  list: readonly TokenAnalysis[] | undefined,
  token: ExchangeToken,
  index: number,
): TokenAnalysis | undefined {
  if (!list) return undefined;
  return (
    list.find((a) => a.role === token.role && a.compact === token.compact) ??
    list.find((a) => a.compact === token.compact) ??
    (list[index]?.role === token.role ? list[index] : undefined)
  );
}
