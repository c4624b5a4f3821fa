import type { AuthorizationGrant } from './authorization-request.js';

export type AuthorizationCode = AuthorizationGrant;
