import { isDeepStrictEqual } from 'node:util';
import type {
  ClientConfiguration,
  ResponseConfiguration,
  SimulatorConfig,
} from '../../config/config-types.js';
import { defaultConfig } from '../../config/defaults.js';
import { CLIENT_FIELDS } from '../../config/field-rules.js';
import { BUILT_IN_PERSONAS, findBuiltInPersona } from '../built-in-personas.js';
import {
  FLAG_CONFIG_FIELD,
  SCENARIO_FLAGS,
  type InlinePersona,
  type Scenario,
  type ScenarioFlags,
} from '../preset-types.js';

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
