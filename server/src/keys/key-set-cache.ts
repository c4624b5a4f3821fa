/** The cache lifetime discovery and the key set advertise; a check run may lower it. */
export interface KeySetCache {
  maxAgeSeconds: number | undefined;
}

/** What discovery and the JWKS advertise when no run lowers it. */
export const DEFAULT_KEY_SET_MAX_AGE_SECONDS = 86400;

/** The Cache-Control value of discovery and the key set. */
export const keySetCacheControl = (ctx: { keySetCache?: KeySetCache | undefined }): string =>
  `max-age=${ctx.keySetCache?.maxAgeSeconds ?? DEFAULT_KEY_SET_MAX_AGE_SECONDS}`;
