import type {
  ConfigIssue,
  ResponseConfiguration,
  SimulatorConfig,
} from '../config/config-types.js';
import { defaultConfig } from '../config/defaults.js';
import { applyConfigPatch, parseConfigRequest } from '../config/parse-config-request.js';
import { err, ok, type Result } from '../shared/result.js';
import { PERSONA_SCHEMA_REF, SCENARIO_SCHEMA_REF } from './preset-schemas.js';
import {
  FLAG_CONFIG_FIELD,
  SCENARIO_FLAGS,
  type ActiveRef,
  type InlinePersona,
  type Persona,
  type PersonaDocument,
  type Scenario,
  type ScenarioDocument,
} from './preset-types.js';

/** Finds a persona (built-in or saved) by id. */
export type PersonaLookup = (id: string) => Persona | undefined;

const clone = <T>(v: T): T => structuredClone(v);

/** A complete response configuration: the given fields over the simulator defaults. */
export function completeResponse(partial: Partial<ResponseConfiguration>): ResponseConfiguration {
  return { ...defaultConfig().responseConfiguration, ...clone(partial) };
}

/** A checked persona document as the API answers it. */
export function toPersona(doc: PersonaDocument, id: string, builtIn = false): Persona {
  return {
    id,
    name: doc.name,
    description: doc.description ?? '',
    ...(doc.nameCy !== undefined ? { nameCy: doc.nameCy } : {}),
    ...(doc.descriptionCy ? { descriptionCy: doc.descriptionCy } : {}),
    builtIn,
    responseConfiguration: completeResponse(doc.responseConfiguration),
  };
}

/** A checked scenario document as the API answers it. */
export function toScenario(doc: ScenarioDocument, id: string, builtIn = false): Scenario {
  const scenario: Scenario = {
    id,
    name: doc.name,
    description: doc.description ?? '',
    builtIn,
    clientConfiguration: clone(doc.clientConfiguration ?? {}),
    errorConfiguration: {
      authoriseErrors: [...(doc.errorConfiguration?.authoriseErrors ?? [])],
      idTokenErrors: [...(doc.errorConfiguration?.idTokenErrors ?? [])],
      coreIdentityErrors: [...(doc.errorConfiguration?.coreIdentityErrors ?? [])],
      tokenErrors: [...(doc.errorConfiguration?.tokenErrors ?? [])],
      userInfoErrors: [...(doc.errorConfiguration?.userInfoErrors ?? [])],
      faults: clone(doc.errorConfiguration?.faults ?? []),
    },
    flags: { ...doc.flags },
  };
  if (typeof doc.persona === 'string') scenario.persona = doc.persona;
  else if (doc.persona)
    scenario.persona = {
      ...clone(doc.persona),
      responseConfiguration: completeResponse(doc.persona.responseConfiguration),
    };
  return scenario;
}

/** The file form of a persona. */
export function personaToDocument(persona: Persona): PersonaDocument {
  return {
    $schema: PERSONA_SCHEMA_REF,
    id: persona.id,
    name: persona.name,
    ...(persona.description ? { description: persona.description } : {}),
    ...(persona.nameCy !== undefined ? { nameCy: persona.nameCy } : {}),
    ...(persona.descriptionCy ? { descriptionCy: persona.descriptionCy } : {}),
    responseConfiguration: clone(persona.responseConfiguration),
  };
}

/**
 * The file form of a scenario. With `inlineSaved`, a persona named by id that is not built in is
 * written inline, so the file works where that persona is not saved (CI, another machine).
 */
export function scenarioToDocument(
  scenario: Scenario,
  options: { lookup?: PersonaLookup; inlineSaved?: boolean } = {},
): ScenarioDocument {
  const doc: ScenarioDocument = {
    $schema: SCENARIO_SCHEMA_REF,
    id: scenario.id,
    name: scenario.name,
  };
  if (scenario.description) doc.description = scenario.description;
  if (typeof scenario.persona === 'string') {
    const found = options.inlineSaved ? options.lookup?.(scenario.persona) : undefined;
    doc.persona = found && !found.builtIn ? inlineOf(found) : scenario.persona;
  } else if (scenario.persona) {
    doc.persona = clone(scenario.persona);
  }
  if (Object.keys(scenario.clientConfiguration).length)
    doc.clientConfiguration = clone(scenario.clientConfiguration);
  const errors = scenario.errorConfiguration;
  if (Object.values(errors).some((list: unknown[]) => list.length))
    doc.errorConfiguration = clone(errors);
  if (Object.keys(scenario.flags).length) doc.flags = { ...scenario.flags };
  return doc;
}

function inlineOf(persona: Persona): InlinePersona {
  return {
    id: persona.id,
    name: persona.name,
    ...(persona.description ? { description: persona.description } : {}),
    ...(persona.nameCy !== undefined ? { nameCy: persona.nameCy } : {}),
    ...(persona.descriptionCy ? { descriptionCy: persona.descriptionCy } : {}),
    responseConfiguration: clone(persona.responseConfiguration),
  };
}

/** The persona a scenario sets, if any: its reference for GET /active and its responses. */
export interface ScenarioPersona {
  ref: ActiveRef;
  responseConfiguration: ResponseConfiguration;
}

export function scenarioPersona(
  scenario: Scenario,
  lookup: PersonaLookup,
): Result<ScenarioPersona | undefined, ConfigIssue[]> {
  const persona = scenario.persona;
  if (persona === undefined) return ok(undefined);
  if (typeof persona === 'string') {
    const found = lookup(persona);
    if (!found)
      return err([
        {
          path: 'persona',
          message: `no persona has the id "${persona}"`,
          value: persona,
        },
      ]);
    return ok({
      ref: { id: found.id, name: found.name },
      responseConfiguration: clone(found.responseConfiguration),
    });
  }
  return ok({
    ref: { id: persona.id ?? 'inline', name: persona.name },
    responseConfiguration: completeResponse(persona.responseConfiguration),
  });
}

export interface ResolveOptions {
  /** What the scenario's client fields and flags change: the configuration the simulator started with. */
  baseline: Readonly<SimulatorConfig>;
  /** The live configuration (its responses stay when the scenario names no persona). */
  current: Readonly<SimulatorConfig>;
  lookup: PersonaLookup;
}

export interface ResolvedScenario {
  /** The POST /config body that applies the scenario. */
  body: Record<string, unknown>;
  /** The configuration it gives. */
  config: SimulatorConfig;
  persona?: ActiveRef;
}

/** The POST /config body of a scenario, and the configuration it gives (checked, not applied). */
export function resolveScenario(
  scenario: Scenario,
  options: ResolveOptions,
): Result<ResolvedScenario, ConfigIssue[]> {
  const persona = scenarioPersona(scenario, options.lookup);
  if (!persona.ok) return persona;
  const { baseline, current } = options;
  const body: Record<string, unknown> = {
    clientConfiguration: {
      ...clone(baseline.clientConfiguration),
      ...clone(scenario.clientConfiguration),
    },
    responseConfiguration: persona.value
      ? persona.value.responseConfiguration
      : clone(current.responseConfiguration),
    errorConfiguration: clone(scenario.errorConfiguration),
  };
  for (const flag of SCENARIO_FLAGS)
    body[flag] = scenario.flags[flag] ?? baseline[FLAG_CONFIG_FIELD[flag]];
  const parsed = parseConfigRequest(body);
  const merged = parsed.ok ? applyConfigPatch(current as SimulatorConfig, parsed.value) : parsed;
  if (!merged.ok) return err(merged.error.map((issue) => relocate(issue, scenario)));
  const resolved: ResolvedScenario = { body, config: merged.value };
  if (persona.value) resolved.persona = persona.value.ref;
  return ok(resolved);
}

/** Names a configuration problem where the scenario file has it. */
function relocate(issue: ConfigIssue, scenario: Scenario): ConfigIssue {
  const path = issue.path;
  if ((SCENARIO_FLAGS as readonly string[]).includes(path))
    return { ...issue, path: `flags.${path}` };
  if (path.startsWith('responseConfiguration.') && typeof scenario.persona === 'object')
    return { ...issue, path: `persona.${path}` };
  return issue;
}

/**
 * The configuration a scenario gives on a simulator started with the defaults: what exports
 * describe, so they mean the same everywhere.
 */
export function resolvePortable(
  scenario: Scenario,
  lookup: PersonaLookup,
): Result<ResolvedScenario, ConfigIssue[]> {
  const defaults = defaultConfig();
  return resolveScenario(scenario, { baseline: defaults, current: defaults, lookup });
}

/** The POST /config body that applies a persona, keeping client configuration, errors and flags. */
export function personaConfigBody(
  persona: Persona,
  current: Readonly<SimulatorConfig>,
): Record<string, unknown> {
  return {
    responseConfiguration: clone(persona.responseConfiguration),
    errorConfiguration: clone(current.errorConfiguration),
  };
}
