import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import type { SimulatorEvents } from '../simulator-events.js';
import type { ExchangeBuffer } from './exchange-buffer.js';
import { newExchangeNotes } from '../http/exchange-notes.js';

/** STUB (to be completed): records one Exchange per request. */
export function createExchangeRecorder(deps: {
  clock: Clock;
  log: ExchangeBuffer;
  events: SimulatorEvents;
}): RequestHandler {
  void deps;
  return (_req, res, next) => {
    res.locals.exchangeNotes = newExchangeNotes();
    next();
  };
}
