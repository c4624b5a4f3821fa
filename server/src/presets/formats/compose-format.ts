import { ok } from '../../shared/result.js';
import { formatComposeText, parseComposeText } from '../compose-text.js';
import type { ScenarioCodec } from './scenario-codec.js';
import { importVariables, scenarioVariables } from './scenario-variables.js';

/** The same variables as a docker-compose `environment:` block. */
export const composeFormat: ScenarioCodec = {
  export(scenario, lookup) {
    const vars = scenarioVariables(scenario, lookup, 'compose');
    if (!vars.ok) return vars;
    return ok({
      contentType: 'text/plain',
      fileName: `${scenario.id}.compose.yml`,
      text: formatComposeText(vars.value.comments, vars.value.entries),
    });
  },
  import(text, options) {
    const parsed = parseComposeText(text);
    if (!parsed.ok) return parsed;
    return importVariables(parsed.value, options);
  },
};
