import type { KeyObject } from 'node:crypto';
import type { Exchange, TokenRole } from '../log/exchange-types.js';
import type { SimulatorConfig } from '../config/config-types.js';
import type { KeyMaterial } from '../keys/key-store.js';
import type { KeyGetter } from '../tokens/client-auth/client-key-resolver.js';

/** What an /authorize request of the same sign-in asked for. */
export interface AuthorizeFacts {
  /** Sequence number of the /authorize exchange. */
  seq: number;
  nonce?: string;
  /** The vtr parameter as sent (a JSON array in a string, or an array in a request object). */
  vtr?: unknown;
}

/** Everything the checks on one token need to know, gathered before they run. */
export interface TokenFacts {
  role: TokenRole;
  compact: string;
  /** Where the token came from: an exchange in the log, or pasted into the inspector. */
  origin: 'exchange' | 'pasted';
  /** The configuration in force when the token passed through. */
  config: Readonly<SimulatorConfig>;
  /** The back-channel origin discovery advertises the token endpoint at (BACKCHANNEL_URL). */
  backchannelUrl?: string | undefined;
  keys: KeyMaterial;
  /** The client's registered key (may throw when the PEM or JWKS URL is unusable). */
  clientKey: () => KeyObject | KeyGetter;
  /** Seconds since the epoch when the exchange happened: validity is judged then. */
  at: number;
  /** Seconds since the epoch now, for "expired since" wording. */
  now: number;
  /** Configured errors applied where the token was made, e.g. 'idToken:INVALID_SIGNATURE'. */
  scenarios: readonly string[];
  /** Sequence number of the exchange the token belongs to (absent for pasted tokens). */
  seq?: number;
  /** The access token of the same token response (at_hash). */
  accessToken?: string;
  /** The /authorize request of the same sign-in (nonce, vot). */
  authorize?: AuthorizeFacts;
  /** The ID token sub of the same sign-in (core identity sub). */
  idTokenSub?: string;
  /** client_id sent in the /token body beside a client assertion. */
  bodyClientId?: string;
  /** The /authorize query beside a request object. */
  query?: Record<string, string>;
  /** Finds an earlier exchange that used this client assertion jti. */
  findJtiUse?: (jti: string) => Exchange | undefined;
}
