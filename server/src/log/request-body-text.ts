/**
 * The text of a JSON request body as the body parser read it (after any gzip, deflate or brotli
 * decoding, and whatever the transfer encoding), cut at the capture limit, for the request log.
 * Taken from the bytes the parser decoded, so the log never serialises the parsed value again:
 * a body that parses into tens of thousands of objects costs the log its cut text only, and the
 * parsed value can go as soon as the handler is done with it.
 */
import type { IncomingMessage } from 'node:http';
import { boundedText, MAX_CAPTURED_BODY } from './stored-body.js';

const texts = new WeakMap<IncomingMessage, { text: string; truncated: boolean }>();

/**
 * A body parser's `verify` hook (express.json({ verify })): keeps the body's text, cut, for the
 * request's exchange. Bodies in a charset other than UTF-8 are left to the recorder, which
 * serialises what was parsed.
 */
export function keepJsonText(
  req: IncomingMessage,
  _res: unknown,
  bytes: Buffer,
  encoding: string | null,
): void {
  if (encoding !== null && !/^utf-?8$/i.test(encoding)) return;
  // A character takes at most 3 bytes: this many always decode to more than the limit.
  const end = Math.min(bytes.length, 3 * MAX_CAPTURED_BODY + 3);
  let text = bytes.toString('utf8', 0, end);
  // The parser drops a byte order mark before parsing; so does the log, or it could not parse it.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  texts.set(req, boundedText(text));
}

/** The text kept by keepJsonText for this request, if any. */
export function jsonTextOf(req: IncomingMessage): { text: string; truncated: boolean } | undefined {
  return texts.get(req);
}
