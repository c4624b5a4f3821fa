import { formatComposeText, parseComposeText } from '../compose-text.js';
import { variablesCodec } from './scenario-variables.js';

/** The same variables as a docker-compose `environment:` block. */
export const composeFormat = variablesCodec({
  form: 'compose',
  extension: '.compose.yml',
  format: formatComposeText,
  parse: parseComposeText,
});
