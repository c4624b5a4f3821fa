import type { Clock } from '../state/clock.js';
import type { ConfigStore } from '../config/config-store.js';
import type { KeyMaterial } from '../keys/key-store.js';
import type { ExpiringStore } from '../state/expiring-store.js';
import type { AuthorizationCode } from '../state/authorization-code.js';
import type { AccessTokenRecord } from '../state/access-token-record.js';
import type { UserSession } from '../state/user-session.js';
import type { PendingInteraction } from '../state/pending-interaction.js';
import type { ClientKeyResolver } from '../tokens/client-auth/client-key-resolver.js';
import type { PresetStore } from '../presets/preset-store.js';
import type { SecretVerifier } from '../tokens/client-auth/create-secret-verifier.js';
import type { UsedAssertionIds } from '../tokens/client-auth/used-assertion-ids.js';
import type { KeySetCache } from '../keys/key-set-cache.js';

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
