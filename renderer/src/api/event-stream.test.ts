import { describe, expect, it } from 'vitest';
import {
  openEventStream,
  type AdminEvent,
  type EventSourceLike,
  type StreamState,
} from './event-stream.js';

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: EventSourceLike['onopen'] = null;
  onerror: EventSourceLike['onerror'] = null;
  listeners = new Map<string, ((ev: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.call(this, new Event('open'));
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.call(this, new Event('error'));
  }
  emit(type: string, data: string, lastEventId = '') {
    for (const l of this.listeners.get(type) ?? [])
      l({ data, lastEventId } as MessageEvent<string>);
  }
}

function setup(beforeConnect?: () => Promise<boolean>) {
  const sources: FakeEventSource[] = [];
  const events: AdminEvent[] = [];
  const states: StreamState[] = [];
  const malformed: string[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const stream = openEventStream(
    '/events',
    {
      onEvent: (e) => events.push(e),
      onState: (s) => states.push(s),
      onMalformed: (n) => malformed.push(n),
    },
    {
      createEventSource: (url) => {
        const es = new FakeEventSource(url);
        sources.push(es);
        return es;
      },
      schedule: (fn, ms) => timers.push({ fn, ms }),
      cancel: () => undefined,
      backoff: [10, 20],
      beforeConnect,
    },
  );
  return { stream, sources, events, states, malformed, timers };
}

describe('openEventStream', () => {
  it('delivers typed events with their ids', () => {
    const t = setup();
    t.sources[0]?.open();
    t.sources[0]?.emit('exchange', JSON.stringify({ id: 'a', seq: 7 }), '7');
    t.sources[0]?.emit('reset', '');
    t.sources[0]?.emit('simulators', '{"action":"deleted","name":"w1"}');
    expect(t.events).toEqual([
      { name: 'exchange', data: { id: 'a', seq: 7 }, lastEventId: '7' },
      { name: 'reset', data: { cleared: true }, lastEventId: '' },
      { name: 'simulators', data: { action: 'deleted', name: 'w1' }, lastEventId: '' },
    ]);
    expect(t.states).toEqual(['connecting', 'open']);
  });

  it('skips a message that is not JSON and keeps going', () => {
    const t = setup();
    t.sources[0]?.emit('config', '{not json');
    t.sources[0]?.emit('config', '{"simulatorUrl":"x"}');
    expect(t.malformed).toEqual(['config']);
    expect(t.events).toHaveLength(1);
  });

  it('lets the browser retry a dropped stream, and reports it', () => {
    const t = setup();
    t.sources[0]?.open();
    t.sources[0]?.fail(false);
    expect(t.states.at(-1)).toBe('reconnecting');
    expect(t.sources).toHaveLength(1);
    t.sources[0]?.open();
    expect(t.states.at(-1)).toBe('open');
  });

  it('opens a new stream with growing delays when the browser gives up', () => {
    const t = setup();
    t.sources[0]?.fail(true);
    expect(t.timers.map((x) => x.ms)).toEqual([10]);
    t.timers[0]?.fn();
    expect(t.sources).toHaveLength(2);
    t.sources[1]?.fail(true);
    t.timers[1]?.fn();
    t.sources[2]?.fail(true);
    expect(t.timers.map((x) => x.ms)).toEqual([10, 20, 20]);
    // Events from an abandoned source are ignored.
    t.sources[0]?.emit('reset', '');
    expect(t.events).toEqual([]);
  });

  it('stops for good when closed', () => {
    const t = setup();
    t.stream.close();
    expect(t.sources[0]?.closed).toBe(true);
    expect(t.states.at(-1)).toBe('closed');
    t.sources[0]?.fail(true);
    expect(t.timers).toEqual([]);
  });

  describe('asked before every connection (a named simulator)', () => {
    const flush = () => new Promise((r) => setTimeout(r, 0));

    it('connects only once the answer is yes', async () => {
      let answer!: (go: boolean) => void;
      const t = setup(() => new Promise<boolean>((r) => (answer = r)));
      expect(t.sources).toHaveLength(0);
      expect(t.states).toEqual(['connecting']);
      answer(true);
      await flush();
      expect(t.sources).toHaveLength(1);
      t.sources[0]?.open();
      expect(t.states.at(-1)).toBe('open');
    });

    it('a no (or a failed question) is a failed attempt, tried again after the backoff', async () => {
      const answers = [
        () => Promise.resolve(false),
        () => Promise.reject(new Error('down')),
        () => Promise.resolve(true),
      ];
      let asked = 0;
      const t = setup(() => answers[asked++]?.() ?? Promise.resolve(false));
      await flush();
      expect(t.sources).toHaveLength(0);
      expect(t.timers.map((x) => x.ms)).toEqual([10]);
      t.timers[0]?.fn();
      await flush();
      expect(t.sources).toHaveLength(0);
      t.timers[1]?.fn();
      await flush();
      expect(asked).toBe(3);
      expect(t.sources).toHaveLength(1);
    });

    it('never lets the browser reconnect on its own: it asks again, then resumes after the last event', async () => {
      let asked = 0;
      const t = setup(() => {
        asked++;
        return Promise.resolve(true);
      });
      await flush();
      t.sources[0]?.open();
      t.sources[0]?.emit('exchange', JSON.stringify({ id: 'a', seq: 7 }), '7');
      // The browser would retry by itself (readyState CONNECTING): the stream is closed instead.
      t.sources[0]?.fail(false);
      expect(t.sources[0]?.closed).toBe(true);
      expect(t.states.at(-1)).toBe('reconnecting');
      expect(asked).toBe(1);
      t.timers[0]?.fn();
      await flush();
      expect(asked).toBe(2);
      expect(t.sources[1]?.url).toBe('/events?lastEventId=7');
    });

    it('asks nothing more once closed while waiting for the answer', async () => {
      let answer!: (go: boolean) => void;
      const t = setup(() => new Promise<boolean>((r) => (answer = r)));
      t.stream.close();
      answer(true);
      await flush();
      expect(t.sources).toHaveLength(0);
      expect(t.timers).toEqual([]);
    });
  });
});
