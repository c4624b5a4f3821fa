import { STATUS_CODES } from 'node:http';
import type { ExchangeOutcome } from './exchange-types.js';

const SUCCESS: ExchangeOutcome = { kind: 'success' };

/** error and error_description from a redirect Location (query first, then fragment). */
export function errorFromLocation(location: string): ExchangeOutcome | undefined {
  if (!location.includes('error=')) return undefined;
  let url: URL;
  try {
    url = new URL(location, 'http://placeholder.invalid');
  } catch {
    return undefined;
  }
  for (const params of [url.searchParams, new URLSearchParams(url.hash.slice(1))]) {
    const code = params.get('error');
    if (code) return { kind: 'error', code, description: params.get('error_description') ?? '' };
  }
  return undefined;
}

/** error and error_description from a WWW-Authenticate challenge (`Bearer error="…", …`). */
export function errorFromChallenge(challenge: string): ExchangeOutcome | undefined {
  const code = /\berror="([^"]*)"/.exec(challenge)?.[1];
  if (!code) return undefined;
  const description = /\berror_description="([^"]*)"/.exec(challenge)?.[1] ?? '';
  return { kind: 'error', code, description };
}

function errorFromBody(body: unknown): ExchangeOutcome | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, error_description } = body as { error?: unknown; error_description?: unknown };
  if (typeof error !== 'string' || error === '') return undefined;
  return {
    kind: 'error',
    code: error,
    description: typeof error_description === 'string' ? error_description : '',
  };
}

/**
 * The outcome of a response whose handler did not say: success when the status is below 400 and
 * a redirect carries no `error`; otherwise the error named by the JSON body, the redirect, the
 * WWW-Authenticate challenge, or else by the status (`http_404`).
 */
export function deriveOutcome(response: {
  status: number;
  body?: unknown;
  location?: string;
  wwwAuthenticate?: string;
}): ExchangeOutcome {
  const fromLocation = response.location ? errorFromLocation(response.location) : undefined;
  if (response.status < 400 && !fromLocation) return SUCCESS;
  return (
    errorFromBody(response.body) ??
    fromLocation ??
    (response.wwwAuthenticate ? errorFromChallenge(response.wwwAuthenticate) : undefined) ?? {
      kind: 'error',
      code: `http_${response.status}`,
      description: STATUS_CODES[response.status] ?? '',
    }
  );
}
