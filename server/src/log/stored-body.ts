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
 * - Large bodies compressed: a body of COMPRESS_FROM bytes or more is kept deflated when that
 *   saves a quarter or more, and weighs its deflated bytes. Bodies that big are rare in a sign-in
 *   and usually repetitive (a flood of the same JSON, a large configuration), so the log's byte
 *   budget holds many more of them; small bodies, the usual exchange, pay nothing.
 */
import { deflateRawSync, inflateRawSync, constants } from 'node:zlib';

/** Bodies are kept up to this many characters (after decoding); the rest is cut off. */
export const MAX_CAPTURED_BODY = 64 * 1024;

/** Bodies of this many UTF-8 bytes or more are kept deflated when that saves a quarter. */
export const COMPRESS_FROM = 16 * 1024;

/** What is kept of a stored body: its UTF-8 bytes, deflated or not. */
interface KeptBytes {
  bytes: Buffer;
  deflated: boolean;
}

/** The bytes kept for each object given a stored body, and whether they read as JSON. */
const storedBytes = new WeakMap<object, KeptBytes & { json: boolean }>();

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

/** A copy of `bytes` in memory of its own (never a slice of a shared pool or a bigger chunk). */
function ownCopy(bytes: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}

/** The UTF-8 bytes of `text` as kept: in memory of their own, deflated when large and it pays. */
function keptBytes(text: string): KeptBytes {
  const raw = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  raw.write(text, 'utf8');
  if (raw.byteLength < COMPRESS_FROM) return { bytes: raw, deflated: false };
  const deflated = deflateRawSync(raw, { level: constants.Z_BEST_SPEED });
  if (deflated.byteLength * 4 > raw.byteLength * 3) return { bytes: raw, deflated: false };
  return { bytes: ownCopy(deflated), deflated: true };
}

/** The text of kept bytes. */
function keptText(kept: KeptBytes): string {
  return (kept.deflated ? inflateRawSync(kept.bytes) : kept.bytes).toString('utf8');
}

/**
 * Gives `target` a `body` read from `text` (see readBody), kept as bytes. The property reads like
 * a plain value; assigning to it replaces it with that value.
 */
export function storeBody<T extends object>(target: T, text: string, json: boolean): T {
  const kept = keptBytes(text);
  storedBytes.set(target, { ...kept, json });
  Object.defineProperty(target, 'body', {
    enumerable: true,
    configurable: true,
    get(): unknown {
      return readBody(keptText(kept), json);
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
 * The text of a body stored here, unparsed, and whether it reads as JSON; undefined when the
 * holder's body was not stored by storeBody (or was replaced since).
 */
export function storedBodyText(holder: object): { text: string; json: boolean } | undefined {
  const kept = storedBytes.get(holder);
  return kept && { text: keptText(kept), json: kept.json };
}

/**
 * About how many bytes a body holds in memory: the bytes kept when stored here (deflated, when it
 * is kept so), otherwise the length of its JSON. Never parses a stored body.
 */
export function bodyBytes(holder: { body?: unknown }): number {
  const stored = storedBytes.get(holder);
  if (stored !== undefined) return stored.bytes.byteLength;
  const body = holder.body;
  if (body === undefined) return 0;
  if (typeof body === 'string') return body.length;
  try {
    return JSON.stringify(body)?.length ?? 0;
  } catch {
    return 0;
  }
}
