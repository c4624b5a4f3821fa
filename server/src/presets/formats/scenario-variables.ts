import { isDeepStrictEqual } from 'node:util';
import type {
  ClientConfiguration,
  ConfigIssue,
  ErrorListKey,
  ResponseConfiguration,
  SimulatorConfig,
} from '../../config/config-types.js';
import { defaultConfig } from '../../config/defaults.js';
import { configFromEnv, ENV_VARS } from '../../config/from-env.js';
import { err, ok, type Result } from '../../shared/result.js';
import { ERROR_LISTS, ERROR_LIST_KEYS } from '../../scenarios/names.js';
import { findBuiltInPersona } from '../built-in-personas.js';
import { closestName } from '../closest-name.js';
import { MAX_DEPTH } from '../parse-preset.js';
import { isPresetId, slugify } from '../../shared/preset-id.js';
import { FLAG_CONFIG_FIELD, type Scenario, type ScenarioFlags } from '../preset-types.js';
import { resolvePortable, type PersonaLookup } from '../resolve-preset.js';
import { deepJsonText } from './json-text.js';
import {
  DEFAULT_IMPORT_NAME,
  type ImportOptions,
  type Imported,
  type ScenarioCodec,
} from './scenario-codec.js';
import { scenarioFromConfig } from './scenario-from-config.js';
import { unknownErrorNames } from './unknown-error-names.js';

/**
 * The environment variables a scenario gives on a simulator started with the defaults, with a
 * header of comments naming it; the env and compose forms write them, each in its own syntax, and
 * read them back.
 */

type EnvKind = 'string' | 'pem' | 'list' | 'bool' | 'optional';

const CLIENT_ENV: [keyof ClientConfiguration, keyof typeof ENV_VARS, EnvKind][] = [
  ['clientId', 'CLIENT_ID', 'string'],
  ['publicKeySource', 'PUBLIC_KEY_SOURCE', 'string'],
  ['publicKey', 'PUBLIC_KEY', 'pem'],
  ['jwksUrl', 'JWKS_URL', 'optional'],
  ['scopes', 'SCOPES', 'list'],
  ['redirectUrls', 'REDIRECT_URLS', 'list'],
  ['postLogoutRedirectUrls', 'POST_LOGOUT_REDIRECT_URLS', 'list'],
  ['claims', 'CLAIMS', 'list'],
  ['clientLoCs', 'CLIENT_LOCS', 'list'],
  ['identityVerificationSupported', 'IDENTITY_VERIFICATION_SUPPORTED', 'bool'],
  ['idTokenSigningAlgorithm', 'ID_TOKEN_SIGNING_ALGORITHM', 'string'],
  ['token_auth_method', 'TOKEN_AUTH_METHOD', 'string'],
  ['client_secret_hash', 'CLIENT_SECRET_HASH', 'optional'],
  ['pkceEnforced', 'PKCE_ENABLED', 'bool'],
  ['maxAgeEnabled', 'MAX_AGE_ENABLED', 'bool'],
];

const RESPONSE_JSON_ENV: [keyof ResponseConfiguration, keyof typeof ENV_VARS][] = [
  ['coreIdentityVerifiableCredentials', 'CORE_IDENTITY_VC'],
  ['passportDetails', 'PASSPORT_DETAILS'],
  ['drivingPermitDetails', 'DRIVING_PERMIT_DETAILS'],
  ['postalAddressDetails', 'POSTAL_ADDRESS_DETAILS'],
  ['returnCodes', 'RETURN_CODES'],
];

const ERROR_ENV: [ErrorListKey, keyof typeof ENV_VARS][] = ERROR_LIST_KEYS.map((key) => [
  key,
  ERROR_LISTS[key].env,
]);

const FLAG_ENV: [keyof ScenarioFlags, keyof typeof ENV_VARS][] = [
  ['interactiveMode', 'INTERACTIVE_MODE'],
  ['publishNewIdTokenSigningKeys', 'PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS'],
  ['useNewIdTokenSigningKeys', 'USE_NEW_ID_TOKEN_SIGNING_KEYS'],
  ['publishNewCoreIdentitySigningKeys', 'PUBLISH_NEW_CORE_IDENTITY_SIGNING_KEYS'],
  ['useNewCoreIdentitySigningKeys', 'USE_NEW_CORE_IDENTITY_SIGNING_KEYS'],
  ['retireOldIdTokenSigningKeys', 'RETIRE_OLD_ID_TOKEN_SIGNING_KEYS'],
  ['retireOldCoreIdentitySigningKeys', 'RETIRE_OLD_CORE_IDENTITY_SIGNING_KEYS'],
];

/** The variables that turn a default simulator into `config`, and what no variable can say. */
export function envEntries(
  config: SimulatorConfig,
  includeResponse = true,
): { entries: [string, string][]; unexpressible: string[] } {
  const defaults = defaultConfig();
  const entries: [string, string][] = [];
  const unexpressible: string[] = [];
  const client = config.clientConfiguration as unknown as Record<string, unknown>;
  const defaultClient = defaults.clientConfiguration as unknown as Record<string, unknown>;

  for (const [field, name, kind] of CLIENT_ENV) {
    const value = client[field];
    if (isDeepStrictEqual(value, defaultClient[field])) continue;
    const path = `clientConfiguration.${field} = ${JSON.stringify(value)}`;
    if (kind === 'list') {
      const list = value as string[];
      if (
        !list.length ||
        list.some((item) => item === '' || item.includes(',') || item.trim() !== item)
      )
        unexpressible.push(path);
      else entries.push([name, list.join(',')]);
    } else if (kind === 'bool') entries.push([name, String(value)]);
    else if (kind === 'pem') {
      const pem = value as string;
      if (pem.includes('\\n') || pem.includes('\r') || pem.trim() !== pem) unexpressible.push(path);
      else entries.push([name, pem.replace(/\n/g, '\\n')]);
    } else if (kind === 'optional') {
      if (typeof value === 'string' && value !== '') entries.push([name, value]);
      else if (value !== undefined) unexpressible.push(path);
    } else entries.push([name, String(value)]);
  }

  if (includeResponse) {
    const r = config.responseConfiguration;
    const d = defaults.responseConfiguration;
    if (r.sub !== d.sub) entries.push(['SUB', r.sub]);
    // An empty value means "unset" to the simulator, so '' has no variable.
    if (r.email !== d.email) {
      if (r.email === '') unexpressible.push('responseConfiguration.email = ""');
      else entries.push(r.email === null ? ['NO_EMAIL', 'true'] : ['EMAIL', r.email]);
    }
    if (r.emailVerified !== d.emailVerified)
      entries.push(['EMAIL_VERIFIED', String(r.emailVerified)]);
    if (r.phoneNumber !== d.phoneNumber) {
      if (r.phoneNumber === '') unexpressible.push('responseConfiguration.phoneNumber = ""');
      else
        entries.push(
          r.phoneNumber === null ? ['NO_PHONE_NUMBER', 'true'] : ['PHONE_NUMBER', r.phoneNumber],
        );
    }
    if (r.phoneNumberVerified !== d.phoneNumberVerified)
      entries.push(['PHONE_NUMBER_VERIFIED', String(r.phoneNumberVerified)]);
    if (r.maxLoCAchieved !== d.maxLoCAchieved) entries.push(['MAX_LOC_ACHIEVED', r.maxLoCAchieved]);
    for (const [field, name] of RESPONSE_JSON_ENV)
      if (!isDeepStrictEqual(r[field], d[field])) entries.push([name, JSON.stringify(r[field])]);
  }

  for (const [field, name] of ERROR_ENV)
    if (config.errorConfiguration[field].length)
      entries.push([name, config.errorConfiguration[field].join(',')]);
  if (config.errorConfiguration.faults.length)
    entries.push(['FAULTS', JSON.stringify(config.errorConfiguration.faults)]);
  for (const [flag, name] of FLAG_ENV)
    if (config[FLAG_CONFIG_FIELD[flag]]) entries.push([name, 'true']);
  return { entries, unexpressible };
}

/** The variables and header comments of a scenario, and what no variable can say (as comments). */
export function scenarioVariables(
  scenario: Scenario,
  lookup: PersonaLookup,
  format: 'env' | 'compose',
): Result<{ comments: string[]; entries: [string, string][] }, ConfigIssue[]> {
  const resolved = resolvePortable(scenario, lookup);
  if (!resolved.ok) return resolved;
  const { entries, unexpressible } = envEntries(
    resolved.value.config,
    scenario.persona !== undefined,
  );
  const comments = headerComments(scenario, resolved.value.persona?.name, format);
  for (const u of unexpressible) comments.push(`not expressible as an environment variable: ${u}`);
  return ok({ comments, entries });
}

const HEADER = 'Identity Simulator scenario';

function headerComments(
  scenario: Scenario,
  personaName: string | undefined,
  format: 'env' | 'compose',
): string[] {
  const lines = [HEADER, `name: ${scenario.name}`, `id: ${scenario.id}`];
  if (scenario.description) lines.push(`description: ${scenario.description}`);
  const persona = scenario.persona;
  if (persona === undefined) lines.push('persona: none');
  else if (typeof persona === 'string' && findBuiltInPersona(persona))
    lines.push(`persona: ${persona}`);
  else lines.push('persona: inline', `persona-name: ${personaName ?? 'persona'}`);
  lines.push(
    format === 'env'
      ? 'Use with: set -a; . ./<this file>; set +a; npm run headless'
      : 'Paste under your simulator service in docker-compose.yml',
  );
  return lines;
}

/** Variables that describe where a simulator runs rather than a scenario. */
const DEPLOYMENT_VARS = new Set(['PORT', 'SIMULATOR_URL']);

export function importVariables(
  parsed: {
    vars: Record<string, string>;
    lines: Record<string, number>;
    comments: string[];
    warnings: string[];
  },
  options: ImportOptions,
): Result<Imported, ConfigIssue[]> {
  const { vars, lines, comments, warnings } = parsed;
  const issues: ConfigIssue[] = [];
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(vars)) {
    if (DEPLOYMENT_VARS.has(name)) {
      warnings.push(`${name} is where a simulator runs, not part of a scenario; it was left out`);
      continue;
    }
    if (!Object.hasOwn(ENV_VARS, name)) {
      const meant = closestName(name, Object.keys(ENV_VARS));
      issues.push({
        path: name,
        message: `is not a variable the simulator reads${meant ? `; did you mean ${meant}?` : ''}`,
      });
      continue;
    }
    env[name] = value;
  }
  const split = (name: string) =>
    env[name] === undefined
      ? undefined
      : (env[name] as string)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  issues.push(
    ...unknownErrorNames(
      Object.fromEntries(ERROR_LIST_KEYS.map((key) => [key, split(ERROR_LISTS[key].env)])),
      Object.fromEntries(ERROR_LIST_KEYS.map((key) => [key, ERROR_LISTS[key].env])),
    ),
  );
  // JSON values nested absurdly deep are refused before anything walks them.
  for (const [name, value] of Object.entries(env))
    if (/^\s*[[{]/.test(value) && deepJsonText(value)) {
      issues.push({ path: name, message: `is nested more than ${MAX_DEPTH} levels deep` });
      delete env[name];
    }
  const settings = configFromEnv(env);
  if (!settings.ok) issues.unshift(...settings.error);
  if (issues.length || !settings.ok)
    // Each problem with a variable says where the variable is.
    return err(
      issues.map((i) =>
        Object.hasOwn(lines, i.path)
          ? { ...i, message: `${i.message} (line ${lines[i.path]})` }
          : i,
      ),
    );
  for (const w of settings.value.warnings) warnings.push(w);

  const header = readHeader(comments);
  const name = options.name ?? header.name ?? DEFAULT_IMPORT_NAME;
  const scenario = scenarioFromConfig(settings.value.config, {
    name,
    id: header.id && options.name === undefined ? header.id : slugify(name, 'scenario'),
    description: header.description,
    persona: header.persona,
    personaName: header.personaName,
  });
  return ok({ scenario, warnings });
}

function readHeader(comments: string[]): {
  name?: string;
  id?: string;
  description?: string;
  persona?: string;
  personaName?: string;
} {
  const out: Record<string, string> = {};
  for (const c of comments) {
    const m = /^(name|id|description|persona|persona-name):\s?(.*)$/.exec(c.trim());
    if (m && out[m[1] as string] === undefined) out[m[1] as string] = (m[2] as string).trim();
  }
  const name = out.name && out.name.length <= 100 ? out.name : undefined;
  return {
    ...(name ? { name } : {}),
    ...(out.id && isPresetId(out.id) ? { id: out.id } : {}),
    ...(out.description ? { description: out.description.slice(0, 2000) } : {}),
    ...(out.persona ? { persona: out.persona } : {}),
    ...(out['persona-name'] ? { personaName: out['persona-name'].slice(0, 100) } : {}),
  };
}

/** The variables as a text in one syntax: how to write them, and how to read them back. */
export interface VariablesSyntax {
  form: 'env' | 'compose';
  /** The file name's ending after the scenario id: `.env`, `.compose.yml`. */
  extension: string;
  format(comments: string[], entries: [string, string][]): string;
  parse(text: string): Result<Parameters<typeof importVariables>[0], ConfigIssue[]>;
}

/** The codec of the variables in one syntax (the env and compose forms differ only there). */
export function variablesCodec(syntax: VariablesSyntax): ScenarioCodec {
  return {
    export(scenario, lookup) {
      const vars = scenarioVariables(scenario, lookup, syntax.form);
      if (!vars.ok) return vars;
      return ok({
        contentType: 'text/plain',
        fileName: `${scenario.id}${syntax.extension}`,
        text: syntax.format(vars.value.comments, vars.value.entries),
      });
    },
    import(text, options) {
      const parsed = syntax.parse(text);
      if (!parsed.ok) return parsed;
      return importVariables(parsed.value, options);
    },
  };
}
