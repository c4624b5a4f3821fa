import { ok } from '../../shared/result.js';
import { formatEnvText, parseEnvText } from '../env-text.js';
import type { ScenarioCodec } from './scenario-codec.js';
import { importVariables, scenarioVariables } from './scenario-variables.js';

/** The environment variables that start a simulator with the scenario (POSIX shell syntax). */
export const envFormat: ScenarioCodec = {
  export(scenario, lookup) {
    const vars = scenarioVariables(scenario, lookup, 'env');
    if (!vars.ok) return vars;
    return ok({
      contentType: 'text/plain',
      fileName: `${scenario.id}.env`,
      text: formatEnvText(vars.value.comments, vars.value.entries),
    });
  },
  import(text, options) {
    const parsed = parseEnvText(text);
    if (!parsed.ok) return parsed;
    return importVariables(parsed.value, options);
  },
};
