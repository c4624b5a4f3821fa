import { err, ok, type Result } from '../../server/src/shared/result.js';

/** How long the app waits for its own provider to answer. */
const TIMEOUT_MS = 10_000;

/**
 * Reads the configuration from the provider's public `GET /config`, formatted for a file
 * (two-space indented JSON with a final newline).
 */
export async function fetchConfigJson(baseUrl: string): Promise<Result<string, string>> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/config`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return err(`The simulator at ${baseUrl} did not answer (${reason(error)}).`);
  }
  const text = await response.text();
  if (!response.ok) return err(`The simulator answered ${response.status} to GET /config.`);
  try {
    return ok(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  } catch {
    return err('The simulator sent a configuration that is not JSON.');
  }
}

/**
 * Applies a configuration with the provider's public `POST /config`. Nothing is applied when the
 * provider refuses it; the error then lists the refused fields.
 */
export async function postConfigJson(baseUrl: string, json: string): Promise<Result<void, string>> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: json,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return err(`The simulator at ${baseUrl} did not answer (${reason(error)}).`);
  }
  const text = await response.text();
  if (response.ok) return ok(undefined);
  return err(
    `The simulator refused the configuration (${response.status}).\n${summariseRefusal(text)}`,
  );
}

/** One line per refused field, from the provider's 400 body (JSON `errors` map, or text). */
export function summariseRefusal(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 300);
  }
  const lines: string[] = [];
  const errors = isRecord(parsed) ? parsed.errors : undefined;
  if (isRecord(errors)) {
    for (const [path, entry] of Object.entries(errors)) {
      if (!isRecord(entry)) continue;
      const message = typeof entry.msg === 'string' ? entry.msg : 'Invalid value';
      if (Array.isArray(entry.fields)) {
        const names = entry.fields
          .map((f) => (isRecord(f) && typeof f.path === 'string' ? f.path : undefined))
          .filter((p): p is string => p !== undefined);
        lines.push(`${message}: ${names.join(', ')}`);
      } else {
        lines.push(`${path === '' ? '(body)' : path}: ${message}`);
      }
    }
  } else if (isRecord(parsed) && typeof parsed.error_description === 'string') {
    lines.push(parsed.error_description);
  }
  return lines.length > 0 ? lines.slice(0, 20).join('\n') : body.slice(0, 300);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reason(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : error.message;
  }
  return String(error);
}
