import type { AdminEventMap, AdminEventName } from '../../../server/src/contract.js';

/** One typed server-sent event from /_simulator/api/events. */
export type AdminEvent = {
  [K in AdminEventName]: { name: K; data: AdminEventMap[K]; lastEventId: string };
}[AdminEventName];

export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface EventStreamHandlers {
  onEvent(event: AdminEvent): void;
  onState(state: StreamState): void;
  /** A message that could not be read (not JSON); the stream keeps going. */
  onMalformed?(name: string, raw: string): void;
}

/** The part of the browser's EventSource this wrapper uses (a fake one is given in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((this: EventSourceLike, ev: Event) => unknown) | null;
  onerror: ((this: EventSourceLike, ev: Event) => unknown) | null;
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

export interface EventStreamOptions {
  createEventSource?: EventSourceFactory;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  /** Delays between reconnection attempts after the browser gave up, in ms. */
  backoff?: readonly number[];
  /**
   * Asked before every connection; false counts as a failed attempt (tried again after the
   * backoff). When given, the browser never reconnects on its own: every retry is asked first,
   * and carries the id of the last event received (?lastEventId=).
   */
  beforeConnect?: () => Promise<boolean>;
}

export const EVENT_NAMES: readonly AdminEventName[] = [
  'exchange',
  'config',
  'config-patch',
  'reset',
  'simulators',
];
const CLOSED = 2;

/**
 * Wraps EventSource: typed events, a connection state, and reconnection. The browser retries a
 * dropped stream itself (and sends Last-Event-ID); when it gives up (an HTTP error, the server
 * gone for good) this wrapper opens a new stream after a growing delay.
 */
export function openEventStream(
  url: string,
  handlers: EventStreamHandlers,
  {
    createEventSource = (u) => new EventSource(u) as unknown as EventSourceLike,
    schedule = (fn, ms) => setTimeout(fn, ms),
    cancel = (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    backoff = [500, 1000, 2000, 4000, 8000],
    beforeConnect,
  }: EventStreamOptions = {},
): { close(): void } {
  let source: EventSourceLike | undefined;
  let timer: unknown;
  let attempt = 0;
  let stopped = false;
  let everOpened = false;
  let lastEventId = '';

  const retryLater = () => {
    const delay = backoff[Math.min(attempt, backoff.length - 1)] ?? 1000;
    attempt++;
    handlers.onState('reconnecting');
    timer = schedule(() => void connect(), delay);
  };

  const streamUrl = () =>
    beforeConnect && lastEventId !== ''
      ? `${url}${url.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(lastEventId)}`
      : url;

  const connect = async () => {
    handlers.onState(everOpened ? 'reconnecting' : 'connecting');
    if (beforeConnect) {
      const go = await beforeConnect().catch(() => false);
      if (stopped) return;
      if (!go) {
        retryLater();
        return;
      }
    }
    const es = createEventSource(streamUrl());
    source = es;
    es.onopen = () => {
      if (es !== source) return;
      attempt = 0;
      everOpened = true;
      handlers.onState('open');
    };
    es.onerror = () => {
      if (es !== source || stopped) return;
      if (es.readyState === CLOSED || beforeConnect) {
        es.close();
        source = undefined;
        retryLater();
      } else {
        // The browser is retrying on its own.
        handlers.onState('reconnecting');
      }
    };
    for (const name of EVENT_NAMES) {
      es.addEventListener(name, (ev) => {
        if (es !== source) return;
        if (ev.lastEventId) lastEventId = ev.lastEventId;
        let data: unknown;
        try {
          data = name === 'reset' && ev.data === '' ? { cleared: true } : JSON.parse(ev.data);
        } catch {
          handlers.onMalformed?.(name, ev.data);
          return;
        }
        handlers.onEvent({ name, data, lastEventId: ev.lastEventId } as AdminEvent);
      });
    }
  };

  void connect();
  return {
    close() {
      stopped = true;
      if (timer !== undefined) cancel(timer);
      source?.close();
      source = undefined;
      handlers.onState('closed');
    },
  };
}
