/**
 * How the request log keeps a body: as text of bounded length, the larger ones as UTF-8 bytes
 * outside the JavaScript heap, decoded (and parsed, when JSON) again each time someone reads it.
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
 * - Small bodies kept as they are: below KEEP_AS_TEXT_BELOW bytes the text itself is kept (the
 *   string the response was written with, or the form's JSON), still weighed by its UTF-8 bytes.
 *   A buffer of its own for each small body cost more than the body (its objects, its allocation,
 *   the collector's work to free it: about a tenth of the server's CPU per sign-in), and a string
 *   that small weighs no more in the heap than the buffer's own objects did.
 */
import { deflateRawSync, inflateRawSync, constants } from 'node:zlib';

/** Bodies are kept up to this many characters (after decoding); the rest is cut off. */
export const MAX_CAPTURED_BODY = 64 * 1024;

/** Bodies of this many UTF-8 bytes or more are kept deflated when that saves a quarter. */
export const COMPRESS_FROM = 16 * 1024;

/** Bodies of fewer UTF-8 bytes than this are kept as the text itself, not copied. */
export const KEEP_AS_TEXT_BELOW = 4 * 1024;

/** What is kept of a stored body: the text itself, or its UTF-8 bytes (deflated or not). */
type KeptBytes = { json: boolean; size: number } & (
  { text: string } | { text?: undefined; bytes: Buffer; deflated: boolean }
);

/**
 * What is kept for an object given a stored body: a property of its own under this symbol, not
 * enumerable, so JSON and copies see only `body` (a copy's body is the value it read).
 */
const KEPT = Symbol('keptBody');
type Holder = { [KEPT]?: KeptBytes };

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

/**
 * `text` as kept: itself when small; otherwise its UTF-8 bytes in memory of their own, deflated
 * when large and it pays.
 */
function keptBytes(text: string, json: boolean): KeptBytes {
  const size = Buffer.byteLength(text, 'utf8');
  if (size < KEEP_AS_TEXT_BELOW) {
    // Reading a character joins a string made of pieces (concatenations) into one.
    text.charCodeAt(0);
    return { text, json, size };
  }
  const raw = Buffer.allocUnsafeSlow(size);
  raw.write(text, 'utf8');
  if (size < COMPRESS_FROM) return { bytes: raw, deflated: false, json, size };
  const deflated = deflateRawSync(raw, { level: constants.Z_BEST_SPEED });
  if (deflated.byteLength * 4 > size * 3) return { bytes: raw, deflated: false, json, size };
  return { bytes: ownCopy(deflated), deflated: true, json, size: deflated.byteLength };
}

/** The text of what is kept. */
function keptText(kept: KeptBytes): string {
  if (kept.text !== undefined) return kept.text;
  return (kept.deflated ? inflateRawSync(kept.bytes) : kept.bytes).toString('utf8');
}

/**
 * Gives `target` a `body` read from `text` (see readBody), kept as described above. The property
 * reads like a plain value; assigning to it replaces it with that value.
 */
export function storeBody<T extends object>(target: T, text: string, json: boolean): T {
  Object.defineProperty(target, KEPT, {
    value: keptBytes(text, json),
    configurable: true,
    writable: true,
  });
  // The same accessor functions for every stored body: objects given one keep a shape V8 shares.
  Object.defineProperty(target, 'body', STORED_BODY);
  return target;
}

const STORED_BODY: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: Holder): unknown {
    const kept = this[KEPT];
    return kept === undefined ? undefined : readBody(keptText(kept), kept.json);
  },
  set(this: Holder, value: unknown) {
    this[KEPT] = undefined;
    Object.defineProperty(this, 'body', {
      value,
      enumerable: true,
      configurable: true,
      writable: true,
    });
  },
};

/**
 * The text of a body stored here, unparsed, and whether it reads as JSON; undefined when the
 * holder's body was not stored by storeBody (or was replaced since).
 */
export function storedBodyText(holder: object): { text: string; json: boolean } | undefined {
  const kept = (holder as Holder)[KEPT];
  return kept && { text: keptText(kept), json: kept.json };
}

/**
 * About how many bytes a body holds in memory: when stored here, its UTF-8 bytes (deflated, when
 * it is kept so), otherwise the length of its JSON. Never parses a stored body.
 */
export function bodyBytes(holder: { body?: unknown }): number {
  const stored = (holder as Holder)[KEPT];
  if (stored !== undefined) return stored.size;
  const body = holder.body;
  if (body === undefined) return 0;
  if (typeof body === 'string') return body.length;
  try {
    return JSON.stringify(body)?.length ?? 0;
  } catch {
    return 0;
  }
}
