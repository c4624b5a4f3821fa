import type { Response } from 'express';
import type { ExchangeEndpoint } from '../shared/exchange-endpoints.js';
import type { ExchangeOutcome, ExchangeToken } from '../log/exchange-types.js';

/**
 * What a handler tells the exchange recorder about the request it answered. The recorder creates
 * the notes when the request arrives and reads them once the response is finished.
 */
export interface ExchangeNotes {
  endpoint: ExchangeEndpoint;
  outcome?: ExchangeOutcome;
  tokens: ExchangeToken[];
  scenarios: string[];
  /** Values that tie exchanges of one sign-in together. */
  links: { code?: string; accessToken?: string; sid?: string };
  /** The sign-in this request belongs to (set by handlers that know it). */
  journeyId?: string;
  /** Internal failure detail (stack), kept out of responses. */
  fault?: string;
}

export function newExchangeNotes(endpoint: ExchangeEndpoint = 'other'): ExchangeNotes {
  return { endpoint, tokens: [], scenarios: [], links: {} };
}

/** The notes of this response (created on demand, so handlers work without the recorder). */
export function notesOf(res: Response): ExchangeNotes {
  const locals = res.locals as { exchangeNotes?: ExchangeNotes };
  locals.exchangeNotes ??= newExchangeNotes();
  return locals.exchangeNotes;
}
