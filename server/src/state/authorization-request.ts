import type { ResponseConfiguration } from '../config/config-types.js';

/** A vector of trust: the credential part (Cl.Cm) and the level of confidence (P2) if any. */
export interface Vector {
  credentialTrust: string;
  levelOfConfidence: string | null;
  /** The vector as the request wrote it ("Cl.Cm.P2"), when it wrote one. */
  requested?: string;
}

/** A fully validated /authorize request, from query parameters or a request object. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  responseMode: 'query' | 'fragment';
  scopes: string[];
  /** Identity claims asked for in claims.userinfo (full vocabulary URLs). */
  claims: string[];
  state: string;
  nonce: string;
  vtr: Vector;
  uiLocale: 'en' | 'cy';
  maxAge?: number;
  prompt: string[];
  codeChallenge?: string;
  codeChallengeMethod?: string;
  viaRequestObject: boolean;
}

/** What an issued code stands for. */
export interface AuthorizationGrant {
  request: AuthorizationRequest;
  /** The user data the tokens will carry: a snapshot taken when the user signed in. */
  response: ResponseConfiguration;
  sid: string;
  authTime: number;
  journeyId: string;
}
