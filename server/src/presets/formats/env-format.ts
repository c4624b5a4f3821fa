import { formatEnvText, parseEnvText } from '../env-text.js';
import { variablesCodec } from './scenario-variables.js';

/** The environment variables that start a simulator with the scenario (POSIX shell syntax). */
export const envFormat = variablesCodec({
  form: 'env',
  extension: '.env',
  format: formatEnvText,
  parse: parseEnvText,
});
