/** Lifetimes, in seconds. */
export const LIFETIMES = {
  authorizationCode: 60,
  accessToken: 180,
  idToken: 120,
  coreIdentity: 30 * 60,
  session: 12 * 60 * 60,
  interaction: 15 * 60,
} as const;

/**
 * Upper bounds of the in-memory stores, so memory stays flat under any load. Codes and pending
 * interactions are never evicted to make room (a flood of /authorize calls, which prove nothing,
 * must not drop a code waiting to be redeemed): when full, /authorize refuses new ones until
 * older ones expire. Used assertion ids have their own store (UsedAssertionIds).
 */
export const STORE_LIMITS = {
  codes: 20_000,
  accessTokens: 10_000,
  sessions: 5_000,
  interactions: 2_000,
} as const;
