/**
 * How the request log keeps a body: as the UTF-8 bytes of text of bounded length, outside the
 * JavaScript heap, decoded (and parsed, when JSON) again each time someone reads it.
 *
 * - Never parsed while kept: a parsed JSON body costs many times its text in memory (a 137-byte
 *   gzip body can inflate to tens of thousands of objects).
 * - Bytes rather than a string: the log is most of what a busy simulator holds, and V8 lets its
 *   heap grow to a multiple of what it holds before collecting; bytes in a buffer of their own
 *   are freed as soon as the exchange is, and weigh exactly their length (a string of characters
 *   above U+00FF weighs two bytes each, and a cut string can keep the whole text behind it).
 */

/** Bodies are kept up to this many characters (after decoding); the rest is cut off. */
export const MAX_CAPTURED_BODY = 64 * 1024;

/** The bytes kept for each object given a stored body. */
const storedBytes = new WeakMap<object, Buffer>();

/**
 * A body cut to the capture limit; `truncated` says whether anything was cut. The cut text may
 * share memory with `text`: it is meant to be stored (storeBody copies it) or dropped.
 */
export function boundedText(text: string): { text: string; truncated: boolean } {
  if (text.length <= MAX_CAPTURED_BODY) return { text, truncated: false };
  return { text: text.slice(0, MAX_CAPTURED_BODY), truncated: true };
}

/** A body as it reads: `text` parsed when `json` is set and it is JSON, otherwise the text. */
export function readBody(text: string, json: boolean): unknown {
  if (!json) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The UTF-8 bytes of `text`, in memory of their own (never a slice of a shared pool). */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 'utf8');
  return bytes;
}

/**
 * Gives `target` a `body` read from `text` (see readBody), kept as bytes. The property reads like
 * a plain value; assigning to it replaces it with that value.
 */
export function storeBody<T extends object>(target: T, text: string, json: boolean): T {
  const bytes = ownBytes(text);
  storedBytes.set(target, bytes);
  Object.defineProperty(target, 'body', {
    enumerable: true,
    configurable: true,
    get(): unknown {
      return readBody(bytes.toString('utf8'), json);
    },
    set(value: unknown) {
      storedBytes.delete(target);
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
 * About how many bytes a body holds in memory: the bytes kept when stored here, otherwise the
 * length of its JSON. Never parses a stored body.
 */
export function bodyBytes(holder: { body?: unknown }): number {
  const stored = storedBytes.get(holder);
  if (stored !== undefined) return stored.byteLength;
  const body = holder.body;
  if (body === undefined) return 0;
  if (typeof body === 'string') return body.length;
  try {
    return JSON.stringify(body)?.length ?? 0;
  } catch {
    return 0;
  }
}
