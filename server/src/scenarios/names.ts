import type { ErrorListKey } from '../config/config-types.js';

/** The configurable error scenarios. One array drives the validator, the type and the UI toggles. */
export const AUTHORISE_ERRORS = [
  // The public simulator's two values, with their meaning unchanged.
  'ACCESS_DENIED',
  'TEMPORARILY_UNAVAILABLE',
  // The rest of the provider document's /authorize errors table.
  'UNAUTHORIZED_CLIENT',
  'SERVER_ERROR',
  'TEMPORARILY_UNAVAILABLE_IDENTITY',
  'ACCESS_DENIED_EVIDENCE',
  'LOGIN_REQUIRED',
] as const;
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

/** The provider document's /token errors table, answered instead of tokens. */
export const TOKEN_ERRORS = [
  'INVALID_GRANT',
  'INVALID_CLIENT',
  'UNAUTHORIZED_CLIENT',
  'SERVER_ERROR',
] as const;
/** The provider document's /userinfo errors, answered instead of the claims. */
export const USER_INFO_ERRORS = ['INVALID_TOKEN', 'SERVER_ERROR'] as const;

export type AuthoriseError = (typeof AUTHORISE_ERRORS)[number];
export type TokenError = (typeof TOKEN_ERRORS)[number];
export type UserInfoError = (typeof USER_INFO_ERRORS)[number];
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
export const keepTokenErrors = (v: readonly unknown[]): TokenError[] => keepKnown(TOKEN_ERRORS, v);
export const keepUserInfoErrors = (v: readonly unknown[]): UserInfoError[] =>
  keepKnown(USER_INFO_ERRORS, v);
export const keepCoreIdentityErrors = (v: readonly unknown[]): CoreIdentityError[] =>
  keepKnown(CORE_IDENTITY_ERRORS, v);

/** The name lists of errorConfiguration, with the variable that sets each from the environment. */
export const ERROR_LISTS = {
  authoriseErrors: { names: AUTHORISE_ERRORS, env: 'AUTHORISE_ERRORS' },
  idTokenErrors: { names: ID_TOKEN_ERRORS, env: 'ID_TOKEN_ERRORS' },
  coreIdentityErrors: { names: CORE_IDENTITY_ERRORS, env: 'CORE_IDENTITY_ERRORS' },
  tokenErrors: { names: TOKEN_ERRORS, env: 'TOKEN_ERRORS' },
  userInfoErrors: { names: USER_INFO_ERRORS, env: 'USER_INFO_ERRORS' },
} as const satisfies Record<ErrorListKey, { names: readonly string[]; env: string }>;

export const ERROR_LIST_KEYS = Object.keys(ERROR_LISTS) as ErrorListKey[];

/** Keeps the known names of one list (unknown ones are dropped silently). */
export const keepErrorNames = (key: ErrorListKey, values: readonly unknown[]): string[] =>
  keepKnown<string>(ERROR_LISTS[key].names, values);

/** The known names of each list, widened to strings for lookups. */
export const ERROR_NAMES: Record<ErrorListKey, readonly string[]> = {
  authoriseErrors: AUTHORISE_ERRORS,
  idTokenErrors: ID_TOKEN_ERRORS,
  coreIdentityErrors: CORE_IDENTITY_ERRORS,
  tokenErrors: TOKEN_ERRORS,
  userInfoErrors: USER_INFO_ERRORS,
};
