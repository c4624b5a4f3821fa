import type { IncomingMessage } from 'node:http';
import { err, ok, type Result } from '../shared/result.js';

/**
 * A request under /sim/<name>/ creates a missing simulator, unless it says not to: with this
 * header, or (for the event stream, which browsers open without custom headers) this query
 * parameter, set to `never`, a missing simulator answers 404 and nothing is created.
 */
export const CREATE_HEADER = 'x-simulator-create';
export const CREATE_PARAM = 'create';
export const CREATE_NEVER = 'never';

/** The one path under a prefix that reads the parameter (everything else keeps its query). */
const EVENTS_PATH = '/_simulator/api/events';

/**
 * Whether a path (without its query) is the event stream as the router matches it: in any case
 * and with one trailing slash, so a stream the app would serve never creates its simulator
 * behind the parameter's back.
 */
const isEventsPath = (path: string): boolean => {
  const lower = path.toLowerCase();
  return lower === EVENTS_PATH || lower === `${EVENTS_PATH}/`;
};

export const describeBadCreateHeader = (value: string): string =>
  `X-Simulator-Create must be ${CREATE_NEVER} (its only value) or absent; ${JSON.stringify(value)} is not`;
export const describeBadCreateParam = (value: string): string =>
  `${CREATE_PARAM} must be ${CREATE_NEVER} (its only value) or absent; ${JSON.stringify(value)} is not`;

/**
 * Whether a request for a missing simulator may create it (true), must not (false), or says so
 * badly (an error description). Read only when the simulator is missing. A repeated header or
 * parameter keeps its last value, as every query parameter does. `rest` is the request's URL
 * after /sim/<name>.
 */
export function mayCreate(req: IncomingMessage, rest: string): Result<boolean, string> {
  let never = false;
  const header = req.headersDistinct[CREATE_HEADER];
  if (header !== undefined) {
    const value = header[header.length - 1] ?? '';
    if (value !== CREATE_NEVER) return err(describeBadCreateHeader(value));
    never = true;
  }
  const q = rest.indexOf('?');
  if (q !== -1 && isEventsPath(rest.slice(0, q))) {
    const values = new URLSearchParams(rest.slice(q + 1)).getAll(CREATE_PARAM);
    const value = values[values.length - 1];
    if (value !== undefined) {
      if (value !== CREATE_NEVER) return err(describeBadCreateParam(value));
      never = true;
    }
  }
  return ok(!never);
}

/** The create parameter on a stream that found its simulator (or the root): never, or absent. */
export function checkCreateParam(query: Record<string, unknown>): string | undefined {
  const value = query[CREATE_PARAM];
  if (value === undefined || value === CREATE_NEVER) return undefined;
  return describeBadCreateParam(typeof value === 'string' ? value : String(value));
}
