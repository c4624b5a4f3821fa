import { newId } from '../state/new-id.js';
import { ServerResponse } from 'node:http';
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
type WriteFn = (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) => unknown;

/** Node's own write and end, which the recording ones below call on. */
const WRITE = ServerResponse.prototype.write as WriteFn;
const END = ServerResponse.prototype.end as WriteFn;

/** What the recorder shares between the requests of one app. */
interface RecorderState {
  clock: Clock;
  log: ExchangeBuffer;
  events: SimulatorEvents;
  simulator: string | undefined;
  pathPrefix: string;
}

/** The request body's text for the log, once taken. */
interface RequestBodyText {
  text: string;
  json: boolean;
  truncated: boolean;
}

const RECORDING = Symbol('exchangeRecording');

/**
 * One request being recorded: what it needs to build its exchange once the response is done, and
 * what the response writes, up to MAX_CAPTURED_BODY characters. One object per request, and no
 * closures: the response's write, end and close go through the shared functions below.
 */
class Recording {
  parts: Chunk[] = [];
  captured = 0;
  written = 0;
  truncated = false;
  requestText: RequestBodyText | undefined = undefined;
  requestTaken = false;
  /** The exchange is built: anything written later (after the client left) is not kept. */
  recorded = false;

  constructor(
    readonly state: RecorderState,
    readonly req: Request,
    readonly notes: ExchangeNotes,
    readonly path: string,
    readonly startedAt: number,
    readonly t0: number,
  ) {}

  take(chunk: unknown): void {
    if (this.recorded) return;
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

  /** The log takes the request body's text and the parsed value goes (see recordedEnd). */
  releaseRequestBody(): void {
    if (this.requestTaken) return;
    this.requestTaken = true;
    this.requestText = requestBody(this.req);
    (this.req as { body?: unknown }).body = undefined;
  }
}

/** Where a response's recording sits: its res.locals, so the response object keeps its shape. */
type RecordedResponse = Response & { locals: { [RECORDING]?: Recording } };

const recordingOf = (res: RecordedResponse): Recording | undefined =>
  (res.locals as { [RECORDING]?: Recording } | undefined)?.[RECORDING];

function recordedWrite(
  this: RecordedResponse,
  chunk?: unknown,
  encoding?: unknown,
  callback?: unknown,
): unknown {
  const recording = recordingOf(this);
  if (!recording) return WRITE.call(this, chunk, encoding, callback);
  recording.take(chunk);
  return WRITE.call(this, chunk, encoding, callback);
}

function recordedEnd(
  this: RecordedResponse,
  chunk?: unknown,
  encoding?: unknown,
  callback?: unknown,
): unknown {
  const recording = recordingOf(this);
  if (!recording) return END.call(this, chunk, encoding, callback);
  if (typeof chunk !== 'function') recording.take(chunk);
  const result = END.call(this, chunk, encoding, callback);
  // The answer is out: the log takes the request body's text now and the parsed value goes.
  // Left on the request until it closes, a large parsed body (a 100 kB JSON body can parse
  // into 33,000 objects) outlives the next requests' allocations and is copied into V8's old
  // generation, which then grows far beyond what the process holds.
  recording.releaseRequestBody();
  return result;
}

/**
 * A response emits 'close' once, when it is complete or its connection is gone, and never before
 * 'finish': one listener records both outcomes.
 */
function recordOnClose(this: RecordedResponse): void {
  const recording = recordingOf(this);
  if (!recording || recording.recorded) return;
  recording.recorded = true;
  const { state, req } = recording;
  if (!recording.requestTaken) recording.requestText = requestBody(req);
  const exchange = buildExchange(req, this, recording, {
    path: state.pathPrefix + recording.path,
    simulator: state.simulator,
    durationMs: Math.round((performance.now() - recording.t0) * 100) / 100,
    seq: state.log.nextSeq(),
    aborted: !this.writableFinished,
  });
  state.log.push(exchange);
  try {
    state.events.emit('exchange', exchange);
  } catch {
    // A listener's failure must never take the provider down.
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
  /**
   * The app's response prototype (Express's app.response): its write and end keep what a
   * recorded response writes. Set there once, not on every response, so responses keep one
   * shape and the engine's property caches stay fast.
   */
  responses: Response;
}): RequestHandler {
  const { simulator } = deps;
  Object.defineProperties(deps.responses, {
    write: { value: recordedWrite, writable: true, configurable: true },
    end: { value: recordedEnd, writable: true, configurable: true },
  });
  const state: RecorderState = {
    clock: deps.clock,
    log: deps.log,
    events: deps.events,
    simulator,
    pathPrefix: simulator === undefined ? '' : simulatorPath(simulator),
  };
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
    const recorded = res as RecordedResponse;
    recorded.locals[RECORDING] = new Recording(
      state,
      req,
      notes,
      path,
      state.clock(),
      performance.now(),
    );
    res.on('close', recordOnClose);
    next();
  };
}

function buildExchange(
  req: Request,
  res: Response,
  capture: Recording,
  r: {
    path: string;
    simulator: string | undefined;
    durationMs: number;
    seq: number;
    aborted: boolean;
  },
): Exchange {
  const { notes, requestText: requestBodyKept } = capture;
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

  const exchange: Exchange = {
    id: newId(),
    seq: r.seq,
    endpoint: notes.endpoint,
    journeyId: notes.journeyId,
    startedAt: new Date(capture.startedAt).toISOString(),
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
