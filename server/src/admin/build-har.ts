import { STATUS_CODES } from 'node:http';
import type { Exchange } from '../log/exchange-types.js';

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the parts this export fills. */
export interface HarNameValue {
  name: string;
  value: string;
}
export interface HarCookie extends HarNameValue {
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
}
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarCookie[];
    headers: HarNameValue[];
    queryString: HarNameValue[];
    postData?: { mimeType: string; params?: HarNameValue[]; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarCookie[];
    headers: HarNameValue[];
    content: { size: number; mimeType: string; text?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
  _exchangeId: string;
  _seq: number;
  _endpoint: string;
  _journeyId?: string;
  /** The named simulator that answered (/sim/<name>/); absent for the root simulator. */
  _simulator?: string;
  _outcome: Exchange['outcome'];
  _scenarios: string[];
}
export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}

const nameValues = (record: Record<string, string>): HarNameValue[] =>
  Object.entries(record).map(([name, value]) => ({ name, value }));

/** Request headers as sent: one entry per header (a joined Set-Cookie is split back). */
function headerList(record: Record<string, string>): HarNameValue[] {
  const out: HarNameValue[] = [];
  for (const [name, value] of Object.entries(record)) {
    if (name === 'set-cookie')
      for (const line of value.split('\n')) out.push({ name, value: line });
    else out.push({ name, value });
  }
  return out;
}

export function parseCookieHeader(header: string | undefined): HarCookie[] {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes('='))
    .map((part) => {
      const eq = part.indexOf('=');
      return { name: part.slice(0, eq).trim(), value: part.slice(eq + 1).trim() };
    });
}

export function parseSetCookie(header: string | undefined): HarCookie[] {
  if (!header) return [];
  return header
    .split('\n')
    .filter((line) => line.includes('='))
    .map((line) => {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const cookie: HarCookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
      for (const attribute of attributes) {
        const [key = '', value] = attribute.split('=');
        const k = key.toLowerCase();
        if (k === 'path' && value !== undefined) cookie.path = value;
        else if (k === 'httponly') cookie.httpOnly = true;
        else if (k === 'secure') cookie.secure = true;
      }
      return cookie;
    });
}

const bodyText = (body: unknown): string | undefined =>
  body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);

/** A body the urlencoded parser produced: every value a string or a list of strings. */
function formFields(body: unknown): [string, string[]][] | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields: [string, string[]][] = [];
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (!values.every((v) => typeof v === 'string')) return undefined;
    fields.push([name, values as string[]]);
  }
  return fields;
}

/**
 * The request body: as form parameters when the body was a form, as text otherwise. The
 * Content-Type is the client's claim; a JSON body labelled as a form is exported as text.
 */
function postData(exchange: Exchange): HarEntry['request']['postData'] {
  const { body, headers } = exchange.request;
  if (body === undefined) return undefined;
  const mimeType = headers['content-type'] ?? 'application/octet-stream';
  const fields = mimeType.includes('application/x-www-form-urlencoded')
    ? formFields(body)
    : undefined;
  if (fields) {
    const params = fields.flatMap(([name, values]) => values.map((value) => ({ name, value })));
    const text = new URLSearchParams(
      params.map((p): [string, string] => [p.name, p.value]),
    ).toString();
    return { mimeType, params, text };
  }
  return { mimeType, text: bodyText(body) ?? '' };
}

function entryOf(exchange: Exchange): HarEntry {
  const { request, response } = exchange;
  const httpVersion = `HTTP/${request.httpVersion ?? '1.1'}`;
  const search = new URLSearchParams(Object.entries(request.query)).toString();
  const url = `http://${request.headers.host ?? 'localhost'}${request.path}${search ? `?${search}` : ''}`;
  const post = postData(exchange);
  const requestLength = Number(request.headers['content-length']);
  const text = bodyText(response.body);
  const size = response.bodySize ?? (text === undefined ? 0 : Buffer.byteLength(text));
  const entry: HarEntry = {
    startedDateTime: exchange.startedAt,
    time: exchange.durationMs,
    request: {
      method: request.method,
      url,
      httpVersion,
      cookies: parseCookieHeader(request.headers.cookie),
      headers: headerList(request.headers),
      queryString: nameValues(request.query),
      headersSize: -1,
      bodySize: Number.isFinite(requestLength)
        ? requestLength
        : post
          ? Buffer.byteLength(post.text)
          : 0,
    },
    response: {
      status: response.status,
      statusText: STATUS_CODES[response.status] ?? '',
      httpVersion,
      cookies: parseSetCookie(response.headers['set-cookie']),
      headers: headerList(response.headers),
      content: {
        size,
        mimeType: response.headers['content-type'] ?? 'x-unknown',
        ...(text === undefined ? {} : { text }),
      },
      redirectURL: response.location ?? '',
      headersSize: -1,
      bodySize: size,
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    _exchangeId: exchange.id,
    _seq: exchange.seq,
    _endpoint: exchange.endpoint,
    _outcome: exchange.outcome,
    _scenarios: exchange.scenarios,
  };
  if (post) entry.request.postData = post;
  if (exchange.journeyId !== undefined) entry._journeyId = exchange.journeyId;
  if (exchange.simulator !== undefined) entry._simulator = exchange.simulator;
  if (response.bodyTruncated) entry.comment = 'Response body cut off at 64 KiB in the log.';
  return entry;
}

/** A HAR 1.2 document of exchanges (give them masked, oldest first). */
export function buildHar(exchanges: Exchange[], creator: { name: string; version: string }): Har {
  return { log: { version: '1.2', creator, entries: exchanges.map(entryOf) } };
}

/** Entries written between two yields to other requests while a HAR is streamed. */
const HAR_BATCH = 20;

/** Where a HAR is streamed: an HTTP response, say. */
interface HarSink {
  write(chunk: string): boolean;
  end(chunk: string): unknown;
  on(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
  readonly destroyed: boolean;
}

const indented = (value: unknown, pad: string): string =>
  JSON.stringify(value, null, 2).replace(/\n/g, `\n${pad}`);

/**
 * Writes the same document as `JSON.stringify(buildHar(...), null, 2)`, one entry at a time: it
 * yields to other requests every few entries and waits while the client has not taken what was
 * written, so exporting a big log never stalls the simulator or fills its memory.
 */
export async function streamHar(
  out: HarSink,
  exchanges: readonly Exchange[],
  creator: { name: string; version: string },
  /** How each exchange is shown (masked, say), applied as it is written. */
  view: (exchange: Exchange) => Exchange = (e) => e,
): Promise<void> {
  out.write(
    `{\n  "log": {\n    "version": "1.2",\n    "creator": ${indented(creator, '    ')},\n    "entries": [`,
  );
  for (const [i, exchange] of exchanges.entries()) {
    if (out.destroyed) return;
    const ok = out.write(`${i ? ',' : ''}\n      ${indented(entryOf(view(exchange)), '      ')}`);
    if (!ok)
      await new Promise<void>((resolve) => {
        // Whichever comes first, both listeners go: one left per wait would pile up on the
        // response (thousands in a big export, with Node's leak warning on the 11th).
        const done = (): void => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      });
    if (i % HAR_BATCH === HAR_BATCH - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  if (!out.destroyed) out.end(`${exchanges.length ? '\n    ' : ''}]\n  }\n}`);
}
