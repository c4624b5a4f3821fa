import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { isDeepStrictEqual } from 'node:util';
import type {
  ClientConfiguration,
  ConfigIssue,
  ErrorListKey,
  ResponseConfiguration,
  SimulatorConfig,
} from '../config/config-types.js';
import { defaultConfig } from '../config/defaults.js';
import { CLIENT_FIELDS, isPlainObject } from '../config/field-rules.js';
import { configFromEnv, ENV_VARS } from '../config/from-env.js';
import { applyConfigPatch, parseConfigRequest } from '../config/parse-config-request.js';
import { err, ok, type Result } from '../errors/result.js';
import { ERROR_LISTS, ERROR_LIST_KEYS, ERROR_NAMES } from '../scenarios/names.js';
import { BUILT_IN_PERSONAS, findBuiltInPersona } from './built-in-personas.js';
import { closestName } from './closest-name.js';
import { formatComposeText, parseComposeText } from './compose-text.js';
import { formatEnvText, parseEnvText } from './env-text.js';
import { MAX_DEPTH, nestedTooDeep, parseScenarioDocument } from './parse-preset.js';
import { isPresetId, slugify } from './preset-id.js';
import {
  FLAG_CONFIG_FIELD,
  SCENARIO_FLAGS,
  type ExportFormat,
  type InlinePersona,
  type Scenario,
  type ScenarioDocument,
  type ScenarioFlags,
} from './preset-types.js';
import {
  resolvePortable,
  scenarioToDocument,
  toScenario,
  type PersonaLookup,
} from './resolve-preset.js';

/**
 * A scenario in four forms, each read back by its import:
 * - json: the scenario file;
 * - config: the POST /config body that applies it;
 * - env: the environment variables that start a simulator with it (POSIX shell syntax);
 * - compose: the same variables as a docker-compose `environment:` block.
 * The config, env and compose forms describe the configuration the scenario gives on a simulator
 * started with the defaults, so they mean the same everywhere.
 */

export interface Exported {
  contentType: 'application/json' | 'text/plain';
  fileName: string;
  text: string;
}

export function exportScenario(
  scenario: Scenario,
  format: ExportFormat,
  lookup: PersonaLookup,
): Result<Exported, ConfigIssue[]> {
  if (format === 'json') {
    const doc = scenarioToDocument(scenario, { lookup, inlineSaved: true });
    return ok({
      contentType: 'application/json',
      fileName: `${scenario.id}.json`,
      text: `${JSON.stringify(doc, null, 2)}\n`,
    });
  }
  const resolved = resolvePortable(scenario, lookup);
  if (!resolved.ok) return resolved;
  const config = resolved.value.config;
  if (format === 'config') {
    const body: Record<string, unknown> = {
      clientConfiguration: config.clientConfiguration,
      ...(scenario.persona === undefined
        ? {}
        : { responseConfiguration: config.responseConfiguration }),
      errorConfiguration: config.errorConfiguration,
    };
    for (const flag of SCENARIO_FLAGS) body[flag] = config[FLAG_CONFIG_FIELD[flag]];
    return ok({
      contentType: 'application/json',
      fileName: `${scenario.id}.config.json`,
      text: `${JSON.stringify(body, null, 2)}\n`,
    });
  }
  const { entries, unexpressible } = envEntries(config, scenario.persona !== undefined);
  const comments = headerComments(scenario, resolved.value.persona?.name, format);
  for (const u of unexpressible) comments.push(`not expressible as an environment variable: ${u}`);
  if (format === 'env')
    return ok({
      contentType: 'text/plain',
      fileName: `${scenario.id}.env`,
      text: formatEnvText(comments, entries),
    });
  return ok({
    contentType: 'text/plain',
    fileName: `${scenario.id}.compose.yml`,
    text: formatComposeText(comments, entries),
  });
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

// ---- environment variables ------------------------------------------------------------------

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

// ---- import ---------------------------------------------------------------------------------

export interface ImportOptions {
  /** Replaces the name the text carries (or gives one where it has none). */
  name?: string;
  lookup: PersonaLookup;
}

export interface Imported {
  scenario: Scenario;
  warnings: string[];
}

const DEFAULT_IMPORT_NAME = 'Imported scenario';

/** Reads a scenario in any export form, checking everything. Every problem is reported. */
export function importScenario(
  format: ExportFormat,
  text: string,
  options: ImportOptions,
): Result<Imported, ConfigIssue[]> {
  switch (format) {
    case 'json':
      return importJson(text, options);
    case 'config':
      return importConfigBody(text, options);
    case 'env': {
      const parsed = parseEnvText(text);
      if (!parsed.ok) return parsed;
      return importVariables(parsed.value, options);
    }
    case 'compose': {
      const parsed = parseComposeText(text);
      if (!parsed.ok) return parsed;
      return importVariables(parsed.value, options);
    }
  }
}

/**
 * JSON text read for an import: the value, and every syntax error with its line and column. A text
 * with syntax errors is still read as far as it goes (jsonc-parser's error-tolerant parse), so the
 * tester sees the other problems too instead of only the first error JSON.parse stops at.
 */
interface JsonText {
  value: unknown;
  syntax: ConfigIssue[];
}

function parseJsonText(text: string): Result<JsonText, ConfigIssue[]> {
  const source = text.replace(/^\uFEFF/, '');
  let json: JsonText;
  try {
    json = { value: JSON.parse(source) as unknown, syntax: [] };
  } catch (error) {
    const errors: ParseError[] = [];
    try {
      json = {
        value: parseTolerant(source, errors, { disallowComments: true }) as unknown,
        syntax: errors.map((e) => ({
          path: '',
          message: `is not valid JSON (${printParseErrorCode(e.error)} at ${lineAndColumn(source, e.offset)})`,
        })),
      };
    } catch {
      // Nesting too deep for a recursive reader: the first error is all there is to say.
      json = { value: undefined, syntax: [] };
    }
    if (json.syntax.length === 0)
      return err([
        { path: '', message: `is not valid JSON (${error instanceof Error ? error.message : ''})` },
      ]);
  }
  if (nestedTooDeep(json.value))
    return err([{ path: '', message: `is nested more than ${MAX_DEPTH} levels deep` }]);
  return ok(json);
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** The problems of a text read with syntax errors: those errors first, then what else is wrong. */
function withSyntax(
  json: JsonText,
  checked: Result<Imported, ConfigIssue[]>,
): Result<Imported, ConfigIssue[]> {
  if (json.syntax.length === 0) return checked;
  return err([...json.syntax, ...(checked.ok ? [] : checked.error)]);
}

/** Checks a scenario fully: its document, its persona reference and the configuration it gives. */
export function checkScenario(
  doc: ScenarioDocument,
  id: string,
  lookup: PersonaLookup,
): Result<Scenario, ConfigIssue[]> {
  const scenario = toScenario(doc, id);
  const resolved = resolvePortable(scenario, lookup);
  return resolved.ok ? ok(scenario) : resolved;
}

function importJson(text: string, options: ImportOptions): Result<Imported, ConfigIssue[]> {
  const json = parseJsonText(text);
  if (!json.ok) return json;
  return withSyntax(json.value, importJsonValue(json.value.value, options));
}

function importJsonValue(json: unknown, options: ImportOptions): Result<Imported, ConfigIssue[]> {
  const doc = parseScenarioDocument(json);
  if (!doc.ok) return doc;
  const value = { ...doc.value };
  if (options.name !== undefined) value.name = options.name;
  const id = value.id ?? slugify(value.name, 'scenario');
  const checked = checkScenario(value, id, options.lookup);
  return checked.ok ? ok({ scenario: checked.value, warnings: [] }) : checked;
}

function importConfigBody(text: string, options: ImportOptions): Result<Imported, ConfigIssue[]> {
  const json = parseJsonText(text);
  if (!json.ok) return json;
  return withSyntax(json.value, importConfigValue(json.value.value, options));
}

function importConfigValue(body: unknown, options: ImportOptions): Result<Imported, ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  const warnings: string[] = [];
  if (isPlainObject(body)) {
    issues.push(...unknownErrorNames(body.errorConfiguration));
    if (body.simulatorUrl !== undefined)
      warnings.push(
        'simulatorUrl is where a simulator runs, not part of a scenario; it was left out',
      );
  }
  const parsed = parseConfigRequest(body);
  if (!parsed.ok) return err([...parsed.error, ...issues]);
  if (issues.length) return err(issues);
  const patch = { ...parsed.value };
  delete patch.simulatorUrl;
  const merged = applyConfigPatch(defaultConfig(), patch);
  if (!merged.ok) return merged;
  const name = options.name ?? DEFAULT_IMPORT_NAME;
  const hasResponse = patch.responseConfiguration !== undefined;
  const scenario = scenarioFromConfig(merged.value, {
    name,
    id: slugify(name, 'scenario'),
    persona: hasResponse ? undefined : 'none',
  });
  return ok({ scenario, warnings });
}

function unknownErrorNames(value: unknown, varNames?: Record<string, string>): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const known = ERROR_NAMES;
  if (!isPlainObject(value)) return issues;
  for (const [key, names] of Object.entries(known)) {
    const list = value[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item: unknown, i) => {
      if (typeof item === 'string' && !names.includes(item))
        issues.push({
          path: varNames ? (varNames[key] as string) : `errorConfiguration.${key}[${i}]`,
          message: `"${item}" is not one of ${names.join(', ')}`,
          value: item,
        });
    });
  }
  return issues;
}

function deepJsonText(text: string): boolean {
  try {
    return nestedTooDeep(JSON.parse(text) as unknown);
  } catch {
    return false;
  }
}

/** Variables that describe where a simulator runs rather than a scenario. */
const DEPLOYMENT_VARS = new Set(['PORT', 'SIMULATOR_URL']);

function importVariables(
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

/**
 * The scenario that turns a default simulator into `config`: the client fields that differ from
 * the defaults, the responses (a built-in persona when they match one exactly, else inline), the
 * errors and the switches that are on.
 */
export function scenarioFromConfig(
  config: SimulatorConfig,
  meta: { name: string; id: string; description?: string; persona?: string; personaName?: string },
): Scenario {
  const defaults = defaultConfig();
  const clientConfiguration: Record<string, unknown> = {};
  const client = config.clientConfiguration as unknown as Record<string, unknown>;
  const defaultClient = defaults.clientConfiguration as unknown as Record<string, unknown>;
  for (const field of CLIENT_FIELDS) {
    if (!(field in client) || client[field] === undefined) continue;
    if (!isDeepStrictEqual(client[field], defaultClient[field]))
      clientConfiguration[field] = structuredClone(client[field]);
  }
  const flags: ScenarioFlags = {};
  for (const flag of SCENARIO_FLAGS) if (config[FLAG_CONFIG_FIELD[flag]]) flags[flag] = true;

  const response = config.responseConfiguration;
  let persona: Scenario['persona'];
  const sameAsDefaults = isDeepStrictEqual(response, defaults.responseConfiguration);
  if (!(meta.persona === 'none' && sameAsDefaults)) {
    const preferred = meta.persona ? findBuiltInPersona(meta.persona) : undefined;
    const match =
      preferred && isDeepStrictEqual(preferred.responseConfiguration, response)
        ? preferred
        : BUILT_IN_PERSONAS.find((p) => isDeepStrictEqual(p.responseConfiguration, response));
    if (match) persona = match.id;
    else {
      const inline: InlinePersona & { responseConfiguration: ResponseConfiguration } = {
        name: meta.personaName ?? `${meta.name} user`.slice(0, 100),
        responseConfiguration: structuredClone(response),
      };
      persona = inline;
    }
  }
  const scenario: Scenario = {
    id: meta.id,
    name: meta.name,
    description: meta.description ?? '',
    builtIn: false,
    clientConfiguration: clientConfiguration as Partial<ClientConfiguration>,
    errorConfiguration: structuredClone(config.errorConfiguration),
    flags,
  };
  if (persona !== undefined) scenario.persona = persona;
  return scenario;
}
