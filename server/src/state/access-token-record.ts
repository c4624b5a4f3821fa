import type { AuthorizationGrant } from './authorization-request.js';

/** The server-side record behind an access token; /userinfo serves from it. */
export interface AccessTokenRecord {
  grant: AuthorizationGrant;
  clientId: string;
  /** The issuer the token was minted under; a changed simulatorUrl invalidates it. */
  issuer: string;
  expiresAt: number;
}
