/** What the built-in test client signs in for: an authentication, or an identity (P2). */
export type TestClientFlow = 'authentication' | 'identity';

/** One request the built-in test client made, as the log recorded it. */
export interface TestClientStep {
  name: 'discovery' | 'authorize' | 'form' | 'token' | 'jwks' | 'userinfo' | 'did';
  /** The HTTP status, absent when no answer came. */
  status?: number;
  ok: boolean;
  detail: string;
  /** The exchange in the request log, when it was found there. */
  exchangeId?: string;
}

/** One check the built-in test client made on what it received, as a careful client would. */
export interface TestClientCheck {
  /** e.g. "ID token signature", "nonce", "core identity JWT aud". */
  name: string;
  ok: boolean;
  detail: string;
}

/** Who signed in, as a service would show them (an accepted run only). */
export interface TestClientUser {
  sub: string;
  email?: string;
  phoneNumber?: string;
  /** Identity: the verified name and birth date from the core identity JWT. */
  name?: string;
  birthDate?: string;
}

/**
 * The result of one "sign in as a test client" run:
 * accepted: every step answered and every check passed;
 * refused: the provider answered, but the client refused what it got (the checks say why);
 * provider_error: the provider answered a step with an error (or no answer), so the run stopped;
 * cannot_run: the client in force cannot be played (say, client_secret_post with no secret).
 */
export interface TestClientRun {
  flow: TestClientFlow;
  outcome: 'accepted' | 'refused' | 'provider_error' | 'cannot_run';
  summary: string;
  clientId: string;
  key: 'default' | 'pasted';
  journeyId?: string;
  /** The /token exchange, whose tokens the inspector shows. */
  tokenExchangeId?: string;
  steps: TestClientStep[];
  checks: TestClientCheck[];
  /** What could not be checked, and why (no core identity JWT when identity was not proven). */
  notes?: string[];
  /** Who signed in (an accepted run). */
  user?: TestClientUser;
}

/** The same journey for the tester to run by hand: a browser URL and curl commands. */
export interface TestClientCommands {
  flow: TestClientFlow;
  authorizeUrl: string;
  /** The PKCE verifier matching the authorize URL's code_challenge. */
  codeVerifier: string;
  /** Shell commands, one per step, with $CODE and $ACCESS_TOKEN to fill in. */
  curl: string[];
  /** When the pre-signed client assertion in the token command stops being accepted. */
  assertionExpiresAt: string;
  notes: string[];
}
