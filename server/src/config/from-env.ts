import type { ConfigIssue, SimulatorConfig } from './config-types.js';
import { VOCAB_URL } from './config-types.js';
import { err, ok, type Result } from '../shared/result.js';
import { ERROR_LISTS, ERROR_LIST_KEYS, keepErrorNames } from '../scenarios/names.js';
import { parseFaults } from '../scenarios/faults.js';
import { DEFAULT_PORT, defaultConfig } from './defaults.js';
import {
  CLIENT_RULES,
  RESPONSE_RULES,
  normalisePem,
  simulatorUrl,
  type Rule,
} from './field-rules.js';
import { checkConfigConsistency, trimTrailingSlash } from './parse-config-request.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface EnvSettings {
  config: SimulatorConfig;
  port: number;
  /** Things that were accepted but deserve a word (an ignored variable, say). */
  warnings: string[];
}

/** Every environment variable the simulator reads, with the field it sets. */
export const ENV_VARS = {
  PORT: 'listening port',
  SIMULATOR_URL: 'simulatorUrl',
  CLIENT_ID: 'clientConfiguration.clientId',
  PUBLIC_KEY_SOURCE: 'clientConfiguration.publicKeySource',
  PUBLIC_KEY: 'clientConfiguration.publicKey',
  JWKS_URL: 'clientConfiguration.jwksUrl',
  SCOPES: 'clientConfiguration.scopes',
  REDIRECT_URLS: 'clientConfiguration.redirectUrls',
  POST_LOGOUT_REDIRECT_URLS: 'clientConfiguration.postLogoutRedirectUrls',
  CLAIMS: 'clientConfiguration.claims',
  CLIENT_LOCS: 'clientConfiguration.clientLoCs',
  IDENTITY_VERIFICATION_SUPPORTED: 'clientConfiguration.identityVerificationSupported',
  ID_TOKEN_SIGNING_ALGORITHM: 'clientConfiguration.idTokenSigningAlgorithm',
  TOKEN_AUTH_METHOD: 'clientConfiguration.token_auth_method',
  CLIENT_SECRET_HASH: 'clientConfiguration.client_secret_hash',
  PKCE_ENABLED: 'clientConfiguration.pkceEnforced',
  MAX_AGE_ENABLED: 'clientConfiguration.maxAgeEnabled',
  SUB: 'responseConfiguration.sub',
  EMAIL: 'responseConfiguration.email',
  EMAIL_VERIFIED: 'responseConfiguration.emailVerified',
  PHONE_NUMBER: 'responseConfiguration.phoneNumber',
  PHONE_NUMBER_VERIFIED: 'responseConfiguration.phoneNumberVerified',
  // Response fields the simulator document gives no variable for (JSON where the field is JSON).
  MAX_LOC_ACHIEVED: 'responseConfiguration.maxLoCAchieved',
  CORE_IDENTITY_VC: 'responseConfiguration.coreIdentityVerifiableCredentials',
  PASSPORT_DETAILS: 'responseConfiguration.passportDetails',
  DRIVING_PERMIT_DETAILS: 'responseConfiguration.drivingPermitDetails',
  POSTAL_ADDRESS_DETAILS: 'responseConfiguration.postalAddressDetails',
  RETURN_CODES: 'responseConfiguration.returnCodes',
  // true: the field is null (a user without an email address or phone number).
  NO_EMAIL: 'responseConfiguration.email',
  NO_PHONE_NUMBER: 'responseConfiguration.phoneNumber',
  CORE_IDENTITY_ERRORS: 'errorConfiguration.coreIdentityErrors',
  ID_TOKEN_ERRORS: 'errorConfiguration.idTokenErrors',
  AUTHORISE_ERRORS: 'errorConfiguration.authoriseErrors',
  TOKEN_ERRORS: 'errorConfiguration.tokenErrors',
  USER_INFO_ERRORS: 'errorConfiguration.userInfoErrors',
  // JSON: an array of faults, as in POST /config.
  FAULTS: 'errorConfiguration.faults',
  INTERACTIVE_MODE: 'interactiveMode',
  PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS: 'publishNewIdTokenKeysEnabled',
  USE_NEW_ID_TOKEN_SIGNING_KEYS: 'usingNewIdTokenSigningKeys',
  PUBLISH_NEW_CORE_IDENTITY_SIGNING_KEYS: 'publishNewCoreIdentityKeysEnabled',
  USE_NEW_CORE_IDENTITY_SIGNING_KEYS: 'usingNewCoreIdentitySigningKeys',
  RETIRE_OLD_ID_TOKEN_SIGNING_KEYS: 'oldIdTokenKeysRetired',
  RETIRE_OLD_CORE_IDENTITY_SIGNING_KEYS: 'oldCoreIdentityKeysRetired',
} as const;

/** The variable to name when a rule spanning fields fails. */
const ENV_NAME_OF_PATH: Record<string, string> = {
  'clientConfiguration.jwksUrl': 'JWKS_URL',
  retireOldIdTokenSigningKeys: 'RETIRE_OLD_ID_TOKEN_SIGNING_KEYS',
  retireOldCoreIdentitySigningKeys: 'RETIRE_OLD_CORE_IDENTITY_SIGNING_KEYS',
};

/** Comma-separated list; items trimmed, empty items dropped. Empty or unset → undefined. */
function list(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return items.length ? items : undefined;
}

/** Short claim names (coreIdentityJWT) are accepted and expanded to their vocabulary URL. */
function expandClaim(name: string): string {
  return name.startsWith('http') ? name : `${VOCAB_URL}/v1/${name}`;
}

export function parsePort(raw: string): number | null {
  if (!/^\d{1,5}$/.test(raw.trim())) return null;
  const port = Number(raw);
  return port >= 0 && port <= 65535 ? port : null;
}

/** Reads the configuration from environment variables. Pure: the caller passes the env. */
export function configFromEnv(env: Env, portOverride?: number): Result<EnvSettings, ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  const warnings: string[] = [];

  let port = DEFAULT_PORT;
  if (portOverride !== undefined) port = portOverride;
  else if (env.PORT !== undefined && env.PORT !== '') {
    const parsed = parsePort(env.PORT);
    if (parsed === null)
      issues.push({
        path: 'PORT',
        message: 'must be a whole number from 0 to 65535',
        value: env.PORT,
      });
    else port = parsed;
  }

  const config = defaultConfig(`http://localhost:${port}`);

  if (env.SIMULATOR_URL !== undefined && env.SIMULATOR_URL !== '') {
    const problem = simulatorUrl(env.SIMULATOR_URL);
    if (problem) issues.push({ path: 'SIMULATOR_URL', message: problem, value: env.SIMULATOR_URL });
    else config.simulatorUrl = trimTrailingSlash(env.SIMULATOR_URL);
  }

  const bool = (name: string): boolean | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const v = raw.trim().toLowerCase();
    if (v === 'true') return true;
    if (v === 'false') return false;
    issues.push({ path: name, message: 'must be true or false', value: raw });
    return undefined;
  };

  const set = <S extends 'clientConfiguration' | 'responseConfiguration'>(
    section: S,
    field: keyof SimulatorConfig[S] & string,
    name: string,
    value: unknown,
    rule: Rule,
  ) => {
    if (value === undefined) return;
    const problem = rule(value);
    if (problem) issues.push({ path: name, message: problem, value: env[name] });
    else (config[section] as unknown as Record<string, unknown>)[field] = value;
  };

  // An empty variable counts as unset (the default applies), as for every other variable.
  const str = (name: string) => (env[name] === '' ? undefined : env[name]);
  const c = CLIENT_RULES;
  set('clientConfiguration', 'clientId', 'CLIENT_ID', str('CLIENT_ID'), c.clientId);
  set(
    'clientConfiguration',
    'publicKeySource',
    'PUBLIC_KEY_SOURCE',
    str('PUBLIC_KEY_SOURCE') || undefined,
    c.publicKeySource,
  );
  const pem = str('PUBLIC_KEY') || undefined;
  set(
    'clientConfiguration',
    'publicKey',
    'PUBLIC_KEY',
    pem === undefined ? undefined : normalisePem(pem),
    c.publicKey,
  );
  set('clientConfiguration', 'jwksUrl', 'JWKS_URL', str('JWKS_URL') || undefined, c.jwksUrl);
  set('clientConfiguration', 'scopes', 'SCOPES', list(env.SCOPES), c.scopes);
  set(
    'clientConfiguration',
    'redirectUrls',
    'REDIRECT_URLS',
    list(env.REDIRECT_URLS),
    c.redirectUrls,
  );
  set(
    'clientConfiguration',
    'postLogoutRedirectUrls',
    'POST_LOGOUT_REDIRECT_URLS',
    list(env.POST_LOGOUT_REDIRECT_URLS),
    c.postLogoutRedirectUrls,
  );
  set('clientConfiguration', 'claims', 'CLAIMS', list(env.CLAIMS)?.map(expandClaim), c.claims);
  set('clientConfiguration', 'clientLoCs', 'CLIENT_LOCS', list(env.CLIENT_LOCS), c.clientLoCs);
  set(
    'clientConfiguration',
    'identityVerificationSupported',
    'IDENTITY_VERIFICATION_SUPPORTED',
    bool('IDENTITY_VERIFICATION_SUPPORTED'),
    c.identityVerificationSupported,
  );
  set(
    'clientConfiguration',
    'idTokenSigningAlgorithm',
    'ID_TOKEN_SIGNING_ALGORITHM',
    str('ID_TOKEN_SIGNING_ALGORITHM') || undefined,
    c.idTokenSigningAlgorithm,
  );
  set(
    'clientConfiguration',
    'token_auth_method',
    'TOKEN_AUTH_METHOD',
    str('TOKEN_AUTH_METHOD') || undefined,
    c.token_auth_method,
  );
  set(
    'clientConfiguration',
    'client_secret_hash',
    'CLIENT_SECRET_HASH',
    str('CLIENT_SECRET_HASH') || undefined,
    c.client_secret_hash,
  );
  set('clientConfiguration', 'pkceEnforced', 'PKCE_ENABLED', bool('PKCE_ENABLED'), c.pkceEnforced);
  set(
    'clientConfiguration',
    'maxAgeEnabled',
    'MAX_AGE_ENABLED',
    bool('MAX_AGE_ENABLED'),
    c.maxAgeEnabled,
  );

  const r = RESPONSE_RULES;
  set('responseConfiguration', 'sub', 'SUB', str('SUB'), r.sub);
  set('responseConfiguration', 'email', 'EMAIL', str('EMAIL'), r.email);
  set(
    'responseConfiguration',
    'emailVerified',
    'EMAIL_VERIFIED',
    bool('EMAIL_VERIFIED'),
    r.emailVerified,
  );
  set('responseConfiguration', 'phoneNumber', 'PHONE_NUMBER', str('PHONE_NUMBER'), r.phoneNumber);
  set(
    'responseConfiguration',
    'phoneNumberVerified',
    'PHONE_NUMBER_VERIFIED',
    bool('PHONE_NUMBER_VERIFIED'),
    r.phoneNumberVerified,
  );

  // Response fields without a variable in the simulator document. JSON values are parsed, then
  // checked by the same rules as POST /config.
  const json = (name: string): unknown => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch (error) {
      issues.push({
        path: name,
        message: `must be JSON (${error instanceof Error ? error.message : 'unreadable'})`,
        value: raw,
      });
      return undefined;
    }
  };
  set(
    'responseConfiguration',
    'maxLoCAchieved',
    'MAX_LOC_ACHIEVED',
    str('MAX_LOC_ACHIEVED') || undefined,
    r.maxLoCAchieved,
  );
  set(
    'responseConfiguration',
    'coreIdentityVerifiableCredentials',
    'CORE_IDENTITY_VC',
    json('CORE_IDENTITY_VC'),
    r.coreIdentityVerifiableCredentials,
  );
  set(
    'responseConfiguration',
    'passportDetails',
    'PASSPORT_DETAILS',
    json('PASSPORT_DETAILS'),
    r.passportDetails,
  );
  set(
    'responseConfiguration',
    'drivingPermitDetails',
    'DRIVING_PERMIT_DETAILS',
    json('DRIVING_PERMIT_DETAILS'),
    r.drivingPermitDetails,
  );
  set(
    'responseConfiguration',
    'postalAddressDetails',
    'POSTAL_ADDRESS_DETAILS',
    json('POSTAL_ADDRESS_DETAILS'),
    r.postalAddressDetails,
  );
  set('responseConfiguration', 'returnCodes', 'RETURN_CODES', json('RETURN_CODES'), r.returnCodes);
  for (const [flag, field, valueVar] of [
    ['NO_EMAIL', 'email', 'EMAIL'],
    ['NO_PHONE_NUMBER', 'phoneNumber', 'PHONE_NUMBER'],
  ] as const) {
    if (bool(flag) !== true) continue;
    if (str(valueVar) !== undefined)
      issues.push({
        path: flag,
        message: `cannot be true while ${valueVar} is set`,
        value: env[flag],
      });
    else config.responseConfiguration[field] = null;
  }

  for (const key of ERROR_LIST_KEYS)
    config.errorConfiguration[key] = keepErrorNames(key, list(env[ERROR_LISTS[key].env]) ?? []);
  const faults = parseFaults(json('FAULTS'), 'FAULTS');
  if (faults.ok) config.errorConfiguration.faults = faults.value;
  else issues.push(...faults.error);

  config.interactiveMode = bool('INTERACTIVE_MODE') ?? false;
  config.publishNewIdTokenKeysEnabled = bool('PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS') ?? false;
  const useNewId = bool('USE_NEW_ID_TOKEN_SIGNING_KEYS') ?? false;
  config.publishNewCoreIdentityKeysEnabled =
    bool('PUBLISH_NEW_CORE_IDENTITY_SIGNING_KEYS') ?? false;
  const useNewCore = bool('USE_NEW_CORE_IDENTITY_SIGNING_KEYS') ?? false;
  // As in the public simulator, "use" without "publish" is ignored, with a warning.
  if (useNewId && !config.publishNewIdTokenKeysEnabled)
    warnings.push(
      'USE_NEW_ID_TOKEN_SIGNING_KEYS is ignored: PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS is not true',
    );
  else config.usingNewIdTokenSigningKeys = useNewId;
  if (useNewCore && !config.publishNewCoreIdentityKeysEnabled)
    warnings.push(
      'USE_NEW_CORE_IDENTITY_SIGNING_KEYS is ignored: PUBLISH_NEW_CORE_IDENTITY_SIGNING_KEYS is not true',
    );
  else config.usingNewCoreIdentitySigningKeys = useNewCore;
  config.oldIdTokenKeysRetired = bool('RETIRE_OLD_ID_TOKEN_SIGNING_KEYS') ?? false;
  config.oldCoreIdentityKeysRetired = bool('RETIRE_OLD_CORE_IDENTITY_SIGNING_KEYS') ?? false;

  if (issues.length === 0) {
    for (const issue of checkConfigConsistency(config)) {
      issues.push({
        ...issue,
        path: ENV_NAME_OF_PATH[issue.path] ?? issue.path,
      });
    }
  }
  return issues.length ? err(issues) : ok({ config, port, warnings });
}
