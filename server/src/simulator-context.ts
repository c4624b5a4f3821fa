import type { Clock } from './clock.js';
import type { ConfigStore } from './config/config-store.js';
import type { KeyMaterial } from './keys/key-store.js';
import type { ExpiringStore } from './state/expiring-store.js';
import type { AuthorizationCode } from './state/authorization-code.js';
import type { AccessTokenRecord } from './state/access-token-record.js';
import type { UserSession } from './state/user-session.js';
import type { PendingInteraction } from './state/pending-interaction.js';
import type { ClientKeyResolver } from './tokens/client-auth/client-key-resolver.js';
import type { PresetStore } from './presets/preset-store.js';
import type { SecretVerifier } from './tokens/client-auth/create-secret-verifier.js';
import type { UsedAssertionIds } from './tokens/client-auth/used-assertion-ids.js';

/** Everything a handler needs, per simulator instance (no module singletons). */
export interface SimulatorContext {
  config: ConfigStore;
  /** Resolves once the signing keys exist; they are made once per instance. */
  keys: () => Promise<KeyMaterial>;
  clock: Clock;
  codes: ExpiringStore<string, AuthorizationCode>;
  usedAssertionIds: UsedAssertionIds;
  accessTokens: ExpiringStore<string, AccessTokenRecord>;
  sessions: ExpiringStore<string, UserSession>;
  interactions: ExpiringStore<string, PendingInteraction>;
  clientKeys: ClientKeyResolver;
  /** Built-in and saved personas and scenarios (saved ones only with a data folder). */
  presets: PresetStore;
  /** The token other machines present to use the admin API (none: this machine only). */
  adminToken?: string | undefined;
  /**
   * The origin (with the named simulator's path) where discovery places the back-channel
   * endpoints (BACKCHANNEL_URL); absent: simulatorUrl.
   */
  backchannelUrl?: string | undefined;
  /** The named simulator this is (/sim/<name>/); absent for the root simulator. */
  simulatorName?: string | undefined;
  /** Checks client_secret_post secrets on a worker thread, with a bounded queue. */
  secretVerifier: SecretVerifier;
  /**
   * How long discovery and the key set tell clients to cache them (Cache-Control max-age); a
   * relying-party check run lowers it. Absent or unset: a day.
   */
  keySetCache?: KeySetCache;
}

/** The cache lifetime discovery and the key set advertise; a check run may lower it. */
export interface KeySetCache {
  maxAgeSeconds: number | undefined;
}

/** What discovery and the JWKS advertise when no run lowers it. */
export const DEFAULT_KEY_SET_MAX_AGE_SECONDS = 86400;

/** The Cache-Control value of discovery and the key set. */
export const keySetCacheControl = (ctx: { keySetCache?: KeySetCache | undefined }): string =>
  `max-age=${ctx.keySetCache?.maxAgeSeconds ?? DEFAULT_KEY_SET_MAX_AGE_SECONDS}`;

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
