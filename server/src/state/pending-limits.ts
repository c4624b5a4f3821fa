/**
 * What /authorize answers (temporarily_unavailable, by redirect) when its stores are full: codes
 * and pending sign-ins are never evicted to make room, so a flood of /authorize calls cannot
 * drop one a tester is about to use; new ones wait until older ones expire (60 s for codes).
 */
export const TOO_MANY_PENDING_CODES =
  'Too many authorization codes are waiting to be redeemed; retry in a minute';
export const TOO_MANY_PENDING_SIGN_INS =
  'Too many interactive sign-ins are waiting to be completed; retry later';
