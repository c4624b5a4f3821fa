/**
 * How the request log keeps a body: as text of bounded length, parsed again each time someone
 * reads it. A parsed JSON body costs many times its text in memory (a 137-byte gzip body can
 * inflate to tens of thousands of objects), so none is kept parsed.
 */

/** Bodies are kept up to this many characters (after decoding); the rest is cut off. */
export const MAX_CAPTURED_BODY = 64 * 1024;

/** The length of the text kept for each object given a stored body. */
const storedLengths = new WeakMap<object, number>();

/** A body cut to the capture limit; `truncated` says whether anything was cut. */
export function boundedText(text: string): { text: string; truncated: boolean } {
  if (text.length <= MAX_CAPTURED_BODY) return { text, truncated: false };
  // A slice would keep the whole decoded body alive behind it: copy the part kept instead.
  const cut = Buffer.from(text.slice(0, MAX_CAPTURED_BODY), 'utf8').toString('utf8');
  return { text: cut, truncated: true };
}

/**
 * Gives `target` a `body` read from `text`: parsed as JSON when `json` is set (text that is not
 * JSON, or was cut off, is given as text). The property reads like a plain value; assigning to it
 * replaces it with that value.
 */
export function storeBody<T extends object>(target: T, text: string, json: boolean): T {
  storedLengths.set(target, text.length);
  Object.defineProperty(target, 'body', {
    enumerable: true,
    configurable: true,
    get(): unknown {
      if (!json) return text;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    },
    set(value: unknown) {
      storedLengths.delete(target);
      Object.defineProperty(target, 'body', {
        value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    },
  });
  return target;
}

/**
 * About how many bytes a body holds in memory: its text length when stored here, otherwise the
 * length of its JSON. Never parses a stored body.
 */
export function bodyBytes(holder: { body?: unknown }): number {
  const stored = storedLengths.get(holder);
  if (stored !== undefined) return stored;
  const body = holder.body;
  if (body === undefined) return 0;
  if (typeof body === 'string') return body.length;
  try {
    return JSON.stringify(body)?.length ?? 0;
  } catch {
    return 0;
  }
}
