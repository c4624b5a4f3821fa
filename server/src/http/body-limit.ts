/** Body size limit, as Express's default: larger bodies get 413. */
export const BODY_LIMIT = '100kb';
