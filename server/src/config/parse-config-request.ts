import type {
  ClientConfiguration,
  ConfigIssue,
  ErrorConfiguration,
  ResponseConfiguration,
  SimulatorConfig,
} from './config-types.js';
import { err, ok, type Result } from '../shared/result.js';
import { ERROR_LIST_KEYS, keepErrorNames } from '../scenarios/names.js';
import { parseFaults } from '../scenarios/faults.js';
import {
  CLIENT_RULES,
  RESPONSE_RULES,
  isPlainObject,
  normalisePem,
  simulatorUrl as simulatorUrlRule,
  type Rule,
} from './field-rules.js';

/** A validated POST /config body, ready to merge into the current configuration. */
export interface ConfigPatch {
  clientConfiguration?: Partial<ClientConfiguration>;
  responseConfiguration?: Partial<ResponseConfiguration>;
  /** Always present: POST /config replaces the error configuration (omitted lists become empty). */
  errorConfiguration: ErrorConfiguration;
  simulatorUrl?: string;
  publishNewIdTokenSigningKeys?: boolean;
  useNewIdTokenSigningKeys?: boolean;
  publishNewCoreIdentitySigningKeys?: boolean;
  useNewCoreIdentitySigningKeys?: boolean;
  retireOldIdTokenSigningKeys?: boolean;
  retireOldCoreIdentitySigningKeys?: boolean;
  interactiveMode?: boolean;
}

const FLAG_KEYS = {
  publishNewIdTokenSigningKeys: 'publishNewIdTokenSigningKeys',
  useNewIdTokenSigningKeys: 'useNewIdTokenSigningKeys',
  publishNewCoreIdentitySigningKeys: 'publishNewCoreIdentitySigningKeys',
  useNewCoreIdentitySigningKeys: 'useNewCoreIdentitySigningKeys',
  retireOldIdTokenSigningKeys: 'retireOldIdTokenSigningKeys',
  retireOldCoreIdentitySigningKeys: 'retireOldCoreIdentitySigningKeys',
  interactiveMode: 'interactiveMode',
  // The names GET /config reports, accepted so a GET body can be posted back unchanged.
  publishNewIdTokenKeysEnabled: 'publishNewIdTokenSigningKeys',
  usingNewIdTokenSigningKeys: 'useNewIdTokenSigningKeys',
  publishNewCoreIdentityKeysEnabled: 'publishNewCoreIdentitySigningKeys',
  usingNewCoreIdentitySigningKeys: 'useNewCoreIdentitySigningKeys',
  oldIdTokenKeysRetired: 'retireOldIdTokenSigningKeys',
  oldCoreIdentityKeysRetired: 'retireOldCoreIdentitySigningKeys',
} as const;

const TOP_LEVEL_KEYS = new Set<string>([
  'clientConfiguration',
  'responseConfiguration',
  'errorConfiguration',
  'simulatorUrl',
  ...Object.keys(FLAG_KEYS),
]);

/** Loose boolean for the flags: true, false, "true", "false". */
export function parseFlag(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

function parseSection<T>(
  name: string,
  value: unknown,
  rules: Record<string, Rule>,
  issues: ConfigIssue[],
): Partial<T> | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) {
    issues.push({ path: name, message: 'must be a JSON object', value });
    return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(rules)) {
    if (!(field in value)) continue;
    const fieldValue = value[field];
    const problem = rule(fieldValue);
    if (problem) issues.push({ path: `${name}.${field}`, message: problem, value: fieldValue });
    else out[field] = fieldValue;
  }
  // Unknown nested keys are accepted and ignored, as the public simulator does.
  return out as Partial<T>;
}

export const emptyErrorConfiguration = (): ErrorConfiguration => ({
  coreIdentityErrors: [],
  idTokenErrors: [],
  authoriseErrors: [],
  tokenErrors: [],
  userInfoErrors: [],
  faults: [],
});

/**
 * errorConfiguration is replaced as a whole: omitted, every list and fault is cleared. Unknown
 * names in the lists are ignored, as the simulator document says; faults are checked strictly.
 */
export function parseErrorConfiguration(value: unknown, issues: ConfigIssue[]): ErrorConfiguration {
  const out = emptyErrorConfiguration();
  if (value === undefined) return out;
  if (!isPlainObject(value)) {
    issues.push({ path: 'errorConfiguration', message: 'must be a JSON object', value });
    return out;
  }
  for (const key of ERROR_LIST_KEYS) {
    const v = value[key];
    if (v === undefined || v === null) continue;
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
      issues.push({
        path: `errorConfiguration.${key}`,
        message: 'must be an array of strings',
        value: v,
      });
      continue;
    }
    out[key] = keepErrorNames(key, v);
  }
  const faults = parseFaults(value.faults);
  if (faults.ok) out.faults = faults.value;
  else issues.push(...faults.error);
  return out;
}

/** Validates an untrusted POST /config body. Every problem is reported; nothing is partial. */
export function parseConfigRequest(body: unknown): Result<ConfigPatch, ConfigIssue[]> {
  if (!isPlainObject(body)) {
    return err([{ path: '', message: 'the body must be a JSON object', value: body }]);
  }
  const issues: ConfigIssue[] = [];
  const unknown = Object.keys(body).filter((k) => !TOP_LEVEL_KEYS.has(k));
  for (const key of unknown) issues.push({ path: key, message: 'unknown field' });

  const clientConfiguration = parseSection<ClientConfiguration>(
    'clientConfiguration',
    body.clientConfiguration,
    CLIENT_RULES,
    issues,
  );
  if (clientConfiguration?.publicKey !== undefined)
    clientConfiguration.publicKey = normalisePem(clientConfiguration.publicKey);

  const responseConfiguration = parseSection<ResponseConfiguration>(
    'responseConfiguration',
    body.responseConfiguration,
    RESPONSE_RULES,
    issues,
  );
  const errorConfiguration = parseErrorConfiguration(body.errorConfiguration, issues);

  const patch: ConfigPatch = { errorConfiguration };
  if (clientConfiguration) patch.clientConfiguration = clientConfiguration;
  if (responseConfiguration) patch.responseConfiguration = responseConfiguration;

  if (body.simulatorUrl !== undefined) {
    const problem = simulatorUrlRule(body.simulatorUrl);
    if (problem) issues.push({ path: 'simulatorUrl', message: problem, value: body.simulatorUrl });
    else patch.simulatorUrl = trimTrailingSlash(body.simulatorUrl as string);
  }

  for (const [key, target] of Object.entries(FLAG_KEYS)) {
    if (body[key] === undefined) continue;
    const flag = parseFlag(body[key]);
    if (flag === null)
      issues.push({ path: key, message: 'must be true or false', value: body[key] });
    else patch[target] = flag;
  }

  return issues.length ? err(issues) : ok(patch);
}

export function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Merges a validated patch into a configuration, following the simulator's merge rules. */
export function applyConfigPatch(
  current: SimulatorConfig,
  patch: ConfigPatch,
): Result<SimulatorConfig, ConfigIssue[]> {
  const next: SimulatorConfig = {
    ...current,
    clientConfiguration: { ...current.clientConfiguration, ...patch.clientConfiguration },
    responseConfiguration: { ...current.responseConfiguration, ...patch.responseConfiguration },
    errorConfiguration: patch.errorConfiguration,
    simulatorUrl: patch.simulatorUrl ?? current.simulatorUrl,
  };
  // Nullable client fields: null removes them (GET /config then omits them).
  const client = next.clientConfiguration as unknown as Record<string, unknown>;
  for (const field of ['jwksUrl', 'client_secret_hash'])
    if (client[field] === null) delete client[field];
  if (patch.publishNewIdTokenSigningKeys !== undefined)
    next.publishNewIdTokenKeysEnabled = patch.publishNewIdTokenSigningKeys;
  if (patch.useNewIdTokenSigningKeys !== undefined)
    next.usingNewIdTokenSigningKeys = patch.useNewIdTokenSigningKeys;
  if (patch.publishNewCoreIdentitySigningKeys !== undefined)
    next.publishNewCoreIdentityKeysEnabled = patch.publishNewCoreIdentitySigningKeys;
  if (patch.useNewCoreIdentitySigningKeys !== undefined)
    next.usingNewCoreIdentitySigningKeys = patch.useNewCoreIdentitySigningKeys;
  if (patch.retireOldIdTokenSigningKeys !== undefined)
    next.oldIdTokenKeysRetired = patch.retireOldIdTokenSigningKeys;
  if (patch.retireOldCoreIdentitySigningKeys !== undefined)
    next.oldCoreIdentityKeysRetired = patch.retireOldCoreIdentitySigningKeys;
  if (patch.interactiveMode !== undefined) next.interactiveMode = patch.interactiveMode;

  const issues = checkConfigConsistency(next);
  return issues.length ? err(issues) : ok(next);
}

/** Rules that span fields. */
export function checkConfigConsistency(config: SimulatorConfig): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (config.usingNewIdTokenSigningKeys && !config.publishNewIdTokenKeysEnabled)
    issues.push({
      path: 'useNewIdTokenSigningKeys',
      message:
        'cannot use the new ID token signing keys before they are published (set publishNewIdTokenSigningKeys first)',
    });
  if (config.usingNewCoreIdentitySigningKeys && !config.publishNewCoreIdentityKeysEnabled)
    issues.push({
      path: 'useNewCoreIdentitySigningKeys',
      message:
        'cannot use the new core identity signing key before it is published (set publishNewCoreIdentitySigningKeys first)',
    });
  if (config.oldIdTokenKeysRetired && !config.usingNewIdTokenSigningKeys)
    issues.push({
      path: 'retireOldIdTokenSigningKeys',
      message:
        'cannot retire the old ID token signing keys while they still sign (set useNewIdTokenSigningKeys first)',
    });
  if (config.oldCoreIdentityKeysRetired && !config.usingNewCoreIdentitySigningKeys)
    issues.push({
      path: 'retireOldCoreIdentitySigningKeys',
      message:
        'cannot retire the old core identity signing key while it still signs (set useNewCoreIdentitySigningKeys first)',
    });
  const client = config.clientConfiguration;
  if (client.publicKeySource === 'JWKS' && !client.jwksUrl)
    issues.push({
      path: 'clientConfiguration.jwksUrl',
      message: 'is required when publicKeySource is JWKS',
    });
  return issues;
}
