import type { TokenRole } from '../log/exchange-types.js';

/** Result of one check made on a token, as a relying party or the provider would make it. */
export interface TokenCheck {
  name: string;
  ok: boolean;
  detail: string;
  /** Names the configured scenario that caused a failure, when one did. */
  scenario?: string;
  /** How to fix it, in words a tester understands (client assertion failures). */
  fix?: string;
}

export interface TokenAnalysis {
  role: TokenRole;
  compact: string;
  header: Record<string, unknown> | null;
  claims: Record<string, unknown> | null;
  checks: TokenCheck[];
  /** One line: what is wrong with the token, when a check failed. */
  summary?: string;
  /** What could not be checked, and why (e.g. the /authorize request left the log). */
  notes?: string[];
  /**
   * Values the token carries that the provider never sends (a birth date that is no ISO 8601
   * date…): accepted by the simulator, but a relying party may stumble on them.
   */
  warnings?: string[];
}
