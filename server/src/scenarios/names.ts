/** The configurable error scenarios. One array drives the validator, the type and the UI toggles. */
export const AUTHORISE_ERRORS = ['ACCESS_DENIED', 'TEMPORARILY_UNAVAILABLE'] as const;
export const ID_TOKEN_ERRORS = [
  'INCORRECT_VOT',
  'INVALID_ALG_HEADER',
  'INVALID_AUD',
  'INVALID_ISS',
  'INVALID_SIGNATURE',
  'NONCE_NOT_MATCHING',
  'TOKEN_EXPIRED',
  'TOKEN_NOT_VALID_YET',
] as const;
export const CORE_IDENTITY_ERRORS = [
  'INCORRECT_SUB',
  'INVALID_ALG_HEADER',
  'INVALID_AUD',
  'INVALID_ISS',
  'INVALID_SIGNATURE',
  'TOKEN_EXPIRED',
] as const;

export type AuthoriseError = (typeof AUTHORISE_ERRORS)[number];
export type IdTokenError = (typeof ID_TOKEN_ERRORS)[number];
export type CoreIdentityError = (typeof CORE_IDENTITY_ERRORS)[number];

function keepKnown<T extends string>(known: readonly T[], values: readonly unknown[]): T[] {
  const out: T[] = [];
  for (const v of values) {
    if (typeof v === 'string' && (known as readonly string[]).includes(v) && !out.includes(v as T))
      out.push(v as T);
  }
  return out;
}

/** Unknown scenario names are dropped silently, as the simulator document says. */
export const keepAuthoriseErrors = (v: readonly unknown[]): AuthoriseError[] =>
  keepKnown(AUTHORISE_ERRORS, v);
export const keepIdTokenErrors = (v: readonly unknown[]): IdTokenError[] =>
  keepKnown(ID_TOKEN_ERRORS, v);
export const keepCoreIdentityErrors = (v: readonly unknown[]): CoreIdentityError[] =>
  keepKnown(CORE_IDENTITY_ERRORS, v);
