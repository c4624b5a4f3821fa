import { err, ok, type Result } from '../../server/src/shared/result.js';

/** Largest configuration accepted from a file or the UI (the provider itself takes 100 kB). */
export const MAX_CONFIG_JSON_BYTES = 1_000_000;

/**
 * Checks that text is a configuration document: JSON whose top level is an object, not too large.
 * Gives it back formatted for a file (two-space indent, final newline). Says why otherwise.
 */
export function parseConfigJson(text: unknown): Result<string, string> {
  if (typeof text !== 'string') return err('The configuration must be JSON text.');
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_CONFIG_JSON_BYTES) {
    return err(
      `The configuration is too large (${Math.ceil(bytes / 1000)} kB; at most ${MAX_CONFIG_JSON_BYTES / 1000} kB).`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return err(
      `The configuration is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return err('The configuration must be a JSON object, like the body of GET /config.');
  }
  return ok(`${JSON.stringify(value, null, 2)}\n`);
}
