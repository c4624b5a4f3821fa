/**
 * The configuration's types: the body of GET and POST /config and its parts. The config folder
 * owns them; contract.ts re-exports them for the renderer.
 */

export const VOCAB_URL = 'https://vocab.account.gov.uk' as const;

export type PublicKeySource = 'STATIC' | 'JWKS';
export type IdTokenSigningAlgorithm = 'ES256' | 'RS256';
export type TokenAuthMethod = 'private_key_jwt' | 'client_secret_post';

export interface ClientConfiguration {
  clientId: string;
  publicKeySource: PublicKeySource;
  publicKey: string;
  jwksUrl?: string;
  scopes: string[];
  redirectUrls: string[];
  postLogoutRedirectUrls: string[];
  claims: string[];
  identityVerificationSupported: boolean;
  idTokenSigningAlgorithm: IdTokenSigningAlgorithm;
  clientLoCs: string[];
  token_auth_method: TokenAuthMethod;
  client_secret_hash?: string;
  /** PKCE enforcement: code_challenge and code_challenge_method required on /authorize. */
  pkceEnforced: boolean;
  /** max_age is honoured only for clients permitted to use it (provider document). */
  maxAgeEnabled: boolean;
}

export interface NamePart {
  value: string;
  type: string;
}

export interface ResponseConfiguration {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  maxLoCAchieved: string;
  coreIdentityVerifiableCredentials: Record<string, unknown> | null;
  passportDetails: Record<string, unknown>[] | null;
  drivingPermitDetails: Record<string, unknown>[] | null;
  postalAddressDetails: Record<string, unknown>[] | null;
  returnCodes: { code: string; [k: string]: unknown }[] | null;
}

/** The endpoints a fault can hit. */
export type FaultTarget =
  'discovery' | 'jwks' | 'did' | 'trustmark' | 'authorize' | 'token' | 'userinfo' | 'logout';

/**
 * A fault at one endpoint: an outage answered with a 5xx status, a connection closed without an
 * answer, or added latency. `requests`: for that many more requests (counted down as they
 * arrive, then the fault is gone); absent: until switched off.
 */
export type Fault =
  | { target: FaultTarget; kind: 'outage'; status: number; requests?: number }
  | { target: FaultTarget; kind: 'drop'; requests?: number }
  | { target: FaultTarget; kind: 'latency'; ms: number; requests?: number };

export type FaultKind = Fault['kind'];

export interface ErrorConfiguration {
  coreIdentityErrors: string[];
  idTokenErrors: string[];
  authoriseErrors: string[];
  tokenErrors: string[];
  userInfoErrors: string[];
  faults: Fault[];
}

/** The name lists of errorConfiguration (every key but faults). */
export type ErrorListKey = Exclude<keyof ErrorConfiguration, 'faults'>;

/** The body of GET /config and of a successful POST /config. */
export interface SimulatorConfig {
  clientConfiguration: ClientConfiguration;
  responseConfiguration: ResponseConfiguration;
  errorConfiguration: ErrorConfiguration;
  simulatorUrl: string;
  publishNewIdTokenKeysEnabled: boolean;
  usingNewIdTokenSigningKeys: boolean;
  publishNewCoreIdentityKeysEnabled: boolean;
  usingNewCoreIdentitySigningKeys: boolean;
  /** The old ID token keys are gone from the JWKS (needs the new ones in use). */
  oldIdTokenKeysRetired: boolean;
  /** The old core identity key is gone from the DID document (needs the new one in use). */
  oldCoreIdentityKeysRetired: boolean;
  interactiveMode: boolean;
}

/** One problem with a configuration input: where it is and why it is refused. */
export interface ConfigIssue {
  path: string;
  message: string;
  value?: unknown;
}
