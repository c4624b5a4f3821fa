import type { AuthorizationGrant } from './authorization-request.js';

/** The server-side record behind an access token; /userinfo serves from it. */
export interface AccessTokenRecord {
  grant: AuthorizationGrant;
  clientId: string;
  expiresAt: number;
}
