import { STORE_LIMITS } from './lifetimes.js';
import { STORE_BYTES } from './store-budget.js';

/**
 * What /authorize answers (temporarily_unavailable, by redirect) when its stores are full: codes
 * and pending sign-ins are never evicted to make room, so a flood of /authorize calls cannot
 * drop one a tester is about to use; new ones wait until older ones expire (60 s for codes).
 */
const BUDGET = `${STORE_BYTES / 1024 / 1024} MiB of sign-in data for all simulators together`;
export const TOO_MANY_PENDING_CODES = `Too many authorization codes are waiting to be redeemed (at most ${STORE_LIMITS.codes} per simulator, and ${BUDGET}); retry in a minute`;
export const TOO_MANY_PENDING_SIGN_INS = `Too many interactive sign-ins are waiting to be completed (at most ${STORE_LIMITS.interactions} per simulator, and ${BUDGET}); retry later`;
