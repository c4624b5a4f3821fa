import type { ExchangeToken, TokenAnalysis, TokenRole } from '../../../../server/src/contract.js';

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

/**
 * The heading of a pasted token that is not a JWT at all ("hello world"), read with no role
 * chosen: it is no ID token, whatever role the simulator fell back to for its checks.
 */
export function pastedTokenTitle(
  analysis: Pick<TokenAnalysis, 'header'>,
  chosen: TokenRole | '',
): string | undefined {
  return chosen === '' && analysis.header === null ? 'Not a JWT' : undefined;
}
