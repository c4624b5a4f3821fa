import type { ResponseConfiguration } from '../config/config-types.js';

/**
 * The server-side record behind an access token; /userinfo serves from it. It keeps only what
 * /userinfo needs, not the whole authorization request (state, nonce, redirect URI...), so the
 * thousands of live tokens a busy run holds stay small.
 */
export interface AccessTokenRecord {
  clientId: string;
  /** The issuer the token was minted under; a changed simulatorUrl invalidates it. */
  issuer: string;
  /** Scopes and identity claims (full vocabulary URLs) the authorization request asked for. */
  scopes: string[];
  claims: string[];
  /** The level of confidence the request asked for (P2...), null for authentication only. */
  levelOfConfidence: string | null;
  /** The user data, a snapshot taken when the user signed in. */
  response: ResponseConfiguration;
  sid: string;
  journeyId: string;
}
