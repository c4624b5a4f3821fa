import { newId } from '../state/new-id.js';
import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler, Response } from 'express';
import type { Clock } from '../state/clock.js';
import type { Exchange, ExchangeOutcome } from '../log/exchange-types.js';
import type { SimulatorEvents } from '../simulator/simulator-events.js';
import type { ExchangeBuffer } from '../log/exchange-buffer.js';
import { newExchangeNotes, type ExchangeNotes } from './exchange-notes.js';
import { isUiPath } from './prefixes.js';
import { ADMIN_COOKIE } from './admin-access.js';
import { classifyEndpoint } from '../log/classify-endpoint.js';
import { deriveOutcome } from '../log/derive-outcome.js';
import { maskCookies } from '../log/mask-exchange.js';
import { simulatorPath } from '../config/simulator-name.js';
import { boundedText, MAX_CAPTURED_BODY, readBody, storeBody } from '../log/stored-body.js';
import { jsonTextOf } from '../log/request-body-text.js';

export { MAX_CAPTURED_BODY };

const ABORTED: ExchangeOutcome = {
  kind: 'error',
  code: 'client_closed',
  description: 'The client closed the connection before the response was complete',
};

/** True for the simulator's own UI and admin API, which are never recorded (see isUiPath). */
export const isSimulatorPath = isUiPath;

type Chunk = string | Buffer | Uint8Array;
type WriteFn = (chunk?: unknown, ...rest: unknown[]) => unknown;

/** Keeps what a response writes, up to MAX_CAPTURED_BODY characters. */
class BodyCapture {
  parts: Chunk[] = [];
  captured = 0;
  written = 0;
  truncated = false;

  take(chunk: unknown): void {
    if (typeof chunk === 'string') {
      this.written += chunk.length;
      this.keep(chunk, chunk.length);
    } else if (chunk instanceof Uint8Array) {
      this.written += chunk.byteLength;
      this.keep(chunk, chunk.byteLength);
    }
  }

  private keep(chunk: Chunk, length: number): void {
    if (length === 0) return;
    const room = MAX_CAPTURED_BODY - this.captured;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    if (length > room) {
      this.parts.push(chunk.slice(0, room));
      this.captured += room;
      this.truncated = true;
      return;
    }
    this.parts.push(chunk);
    this.captured += length;
  }

  /** The captured body as text (JSON when whole and of a JSON type), or nothing. */
  body(contentType: string): { text: string; json: boolean } | undefined {
    if (this.parts.length === 0) return undefined;
    const textual =
      contentType === '' || /json|text|xml|html|javascript|urlencoded/i.test(contentType);
    if (!textual) return undefined;
    const text =
      this.parts.length === 1 && typeof this.parts[0] === 'string'
        ? this.parts[0]
        : this.parts
            .map((p) => (typeof p === 'string' ? p : Buffer.from(p).toString('utf8')))
            .join('');
    // Stored as bytes of its own (storeBody), a cut text keeps nothing of the response behind it.
    return { text, json: !this.truncated && /json/i.test(contentType) };
  }
}

function flatHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    out[name] = Array.isArray(value)
      ? value.join(name === 'set-cookie' ? '\n' : ', ')
      : String(value as string | number);
  }
  return out;
}

/** The request's headers; the admin token cookie is never kept, not even for ?reveal=true. */
function requestHeaders(req: Request): Record<string, string> {
  const headers = flatHeaders(req.headers);
  if (headers.cookie?.includes(`${ADMIN_COOKIE}=`))
    headers.cookie = maskCookies(headers.cookie, (name) => name === ADMIN_COOKIE);
  return headers;
}

function flatQuery(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof query !== 'object' || query === null) return out;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = value;
    else if (Array.isArray(value)) {
      const last: unknown = value[value.length - 1];
      if (typeof last === 'string') out[key] = last;
    }
  }
  return out;
}

interface RequestBodyText {
  text: string;
  json: boolean;
  truncated: boolean;
}

/**
 * The request body as the body parsers decoded it (gzip, chunked or not), kept as text cut at
 * the capture limit: JSON (read back as the parsed value) when whole, cut-off text otherwise.
 * A JSON body's text is the one its parser read (see request-body-text.ts); a form, parsed into
 * a few strings, is kept as the JSON of its fields.
 */
function requestBody(req: Request): RequestBodyText | undefined {
  const body = (req as { body?: unknown }).body;
  // A JSON body its parser refused (not JSON, or not an object or array): the text as sent, so
  // the log shows what the client got wrong.
  if (body === undefined) {
    const unparsed = jsonTextOf(req);
    return unparsed && { ...unparsed, json: false };
  }
  const parsedText = typeof body === 'string' ? undefined : jsonTextOf(req);
  if (parsedText) return { ...parsedText, json: !parsedText.truncated };
  let text: string;
  try {
    text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  } catch {
    text = '';
  }
  const bounded = boundedText(text);
  return { ...bounded, json: typeof body !== 'string' && !bounded.truncated };
}

function safeQuery(req: Request): Record<string, string> {
  try {
    return flatQuery(req.query);
  } catch {
    return {};
  }
}

/**
 * Records one Exchange per request to the provider and emits it once the response is finished
 * (or the client went away). Mounted first. Handlers annotate the record through
 * `res.locals.exchangeNotes` (see http/exchange-notes.ts). Cheap on purpose: no copies of bodies,
 * no token work; analysis happens later, when someone asks for an exchange's detail.
 */
export function createExchangeRecorder(deps: {
  clock: Clock;
  log: ExchangeBuffer;
  events: SimulatorEvents;
  /** The named simulator whose app this is (its exchanges carry the name and full path). */
  simulator?: string | undefined;
}): RequestHandler {
  const { clock, log, events, simulator } = deps;
  const pathPrefix = simulator === undefined ? '' : simulatorPath(simulator);

  return (req, res, next) => {
    const url = req.url;
    if (isSimulatorPath(url)) {
      next();
      return;
    }
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const notes: ExchangeNotes = newExchangeNotes(classifyEndpoint(path));
    (res.locals as { exchangeNotes?: ExchangeNotes }).exchangeNotes = notes;
    const startedAt = clock();
    const t0 = performance.now();
    const capture = new BodyCapture();

    const writable = res as unknown as { write: WriteFn; end: WriteFn };
    const originalWrite = writable.write;
    const originalEnd = writable.end;
    writable.write = function write(this: unknown, chunk?: unknown, ...rest: unknown[]) {
      capture.take(chunk);
      return originalWrite.call(this, chunk, ...rest);
    };
    /** The request body's text for the log, once taken (see releaseRequestBody). */
    let requestText: RequestBodyText | undefined;
    let requestTaken = false;
    const releaseRequestBody = (): void => {
      if (requestTaken) return;
      requestTaken = true;
      requestText = requestBody(req);
      (req as { body?: unknown }).body = undefined;
    };
    writable.end = function end(this: unknown, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== 'function') capture.take(chunk);
      const result = originalEnd.call(this, chunk, ...rest);
      // The answer is out: the log takes the request body's text now and the parsed value goes.
      // Left on the request until it closes, a large parsed body (a 100 kB JSON body can parse
      // into 33,000 objects) outlives the next requests' allocations and is copied into V8's old
      // generation, which then grows far beyond what the process holds.
      releaseRequestBody();
      return result;
    };

    // A response emits 'close' once, when it is complete or its connection is gone, and never
    // before 'finish': one listener records both outcomes.
    res.once('close', () => {
      if (!requestTaken) requestText = requestBody(req);
      const exchange = buildExchange(req, res, {
        path: pathPrefix + path,
        requestText,
        simulator,
        notes,
        capture,
        startedAt,
        durationMs: Math.round((performance.now() - t0) * 100) / 100,
        seq: log.nextSeq(),
        aborted: !res.writableFinished,
      });
      log.push(exchange);
      try {
        events.emit('exchange', exchange);
      } catch {
        // A listener's failure must never take the provider down.
      }
    });
    next();
  };
}

function buildExchange(
  req: Request,
  res: Response,
  r: {
    path: string;
    requestText: RequestBodyText | undefined;
    simulator: string | undefined;
    notes: ExchangeNotes;
    capture: BodyCapture;
    startedAt: number;
    durationMs: number;
    seq: number;
    aborted: boolean;
  },
): Exchange {
  const { notes, capture } = r;
  const status = res.statusCode;
  // A connection closed before the head went out (a dropped-connection fault, a client giving up
  // early) sent no headers: the ones prepared in memory would be a lie in the log.
  const headers = res.headersSent ? flatHeaders(res.getHeaders() as Record<string, unknown>) : {};
  const location = headers.location;
  const contentType = headers['content-type'] ?? '';
  const isRedirect = location !== undefined && status >= 300 && status < 400;
  const captured = isRedirect || req.method === 'HEAD' ? undefined : capture.body(contentType);
  const declaredLength = Number(headers['content-length']);
  const outcome: ExchangeOutcome =
    notes.outcome ??
    (r.aborted
      ? ABORTED
      : deriveOutcome({
          status,
          body: captured && readBody(captured.text, captured.json),
          location,
          wwwAuthenticate: headers['www-authenticate'],
        }));

  const requestBodyKept = r.requestText;
  const exchange: Exchange = {
    id: newId(),
    seq: r.seq,
    endpoint: notes.endpoint,
    journeyId: notes.journeyId,
    startedAt: new Date(r.startedAt).toISOString(),
    durationMs: r.durationMs,
    request: {
      method: req.method,
      path: r.path,
      query: safeQuery(req),
      headers: requestHeaders(req),
      bodyTruncated: requestBodyKept?.truncated ? true : undefined,
      httpVersion: req.httpVersion,
    },
    response: {
      status,
      headers,
      location,
      bodySize: Number.isFinite(declaredLength) ? declaredLength : capture.written,
      bodyTruncated: capture.truncated && captured !== undefined ? true : undefined,
    },
    outcome,
    tokens: notes.tokens,
    scenarios: notes.scenarios,
    fault: notes.fault,
  };
  if (requestBodyKept) storeBody(exchange.request, requestBodyKept.text, requestBodyKept.json);
  if (captured) storeBody(exchange.response, captured.text, captured.json);
  if (r.aborted) exchange.aborted = true;
  if (r.simulator !== undefined) exchange.simulator = r.simulator;
  return exchange;
}
