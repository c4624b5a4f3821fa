import { UnsecuredJWT } from 'jose';
import type { Exchange } from '../../src/log/exchange-types.js';
import type { ExchangeEndpoint } from '../../src/shared/exchange-endpoints.js';
import { defaultConfig } from '../../src/config/defaults.js';

/**
 * Exchange records for judge tests, shaped as the recorder writes them. Not used by the
 * simulator itself.
 */

export const BASE = 'http://localhost:3000';
export const CONFIG = { ...defaultConfig(), simulatorUrl: BASE };
export const CLIENT_ID = CONFIG.clientConfiguration.clientId;
export const REDIRECT = CONFIG.clientConfiguration.redirectUrls[0] as string;
const T0 = Date.parse('2026-01-01T12:00:00Z');

export class ExchangeFactory {
  private seq = 0;
  private n = 0;

  make(endpoint: ExchangeEndpoint, partial: Partial<Exchange> = {}): Exchange {
    const seq = ++this.seq;
    return {
      id: `x${seq}`,
      seq,
      endpoint,
      startedAt: new Date(T0 + seq * 1000).toISOString(),
      durationMs: 1,
      request: { method: 'GET', path: `/${endpoint}`, query: {}, headers: { 'user-agent': 'rp' } },
      response: { status: 200, headers: {} },
      outcome: { kind: 'success' },
      tokens: [],
      scenarios: [],
      ...partial,
    };
  }

  /** A successful /authorize of a new journey (a fresh nonce and state unless given). */
  authorize(journeyId: string, query: Record<string, string> = {}): Exchange {
    const k = ++this.n;
    return this.make('authorize', {
      journeyId,
      request: {
        method: 'GET',
        path: '/authorize',
        headers: { 'user-agent': 'browser' },
        query: {
          response_type: 'code',
          client_id: CLIENT_ID,
          redirect_uri: REDIRECT,
          scope: 'openid',
          nonce: `nonce-${k}`,
          state: `state-${k}`,
          ...query,
        },
      },
      response: { status: 302, headers: {}, location: `${REDIRECT}?code=c${k}&state=state-${k}` },
    });
  }

  /** /authorize redirecting back with an error. */
  authorizeError(journeyId: string, code: string): Exchange {
    const e = this.authorize(journeyId);
    e.response.location = `${REDIRECT}?error=${code}&state=s`;
    e.outcome = { kind: 'error', code, description: code };
    return e;
  }

  assertion(claims: Record<string, unknown> = {}, at = T0 + (this.seq + 1) * 1000): string {
    const now = Math.floor(at / 1000);
    const all: Record<string, unknown> = {
      aud: `${BASE}/token`,
      iss: CLIENT_ID,
      sub: CLIENT_ID,
      exp: now + 300,
      iat: now,
      jti: `jti-${++this.n}`,
      ...claims,
    };
    for (const [k, v] of Object.entries(all)) if (v === undefined) delete all[k];
    return new UnsecuredJWT(all).encode();
  }

  token(
    journeyId: string | undefined,
    options: { assertion?: string; status?: number; ua?: string | null; body?: object } = {},
  ): Exchange {
    const status = options.status ?? 200;
    const assertion = options.assertion ?? this.assertion();
    const headers: Record<string, string> = {};
    if (options.ua !== null) headers['user-agent'] = options.ua ?? 'rp';
    return this.make('token', {
      ...(journeyId !== undefined ? { journeyId } : {}),
      request: {
        method: 'POST',
        path: '/token',
        query: {},
        headers,
        body: { grant_type: 'authorization_code', client_assertion: assertion, ...options.body },
      },
      response: { status, headers: {} },
      outcome:
        status === 200
          ? { kind: 'success' }
          : { kind: 'error', code: 'invalid_grant', description: 'refused' },
      tokens: [{ role: 'client_assertion', compact: assertion }],
    });
  }

  userinfo(
    journeyId: string,
    body: Record<string, unknown> = { sub: 'u' },
    core = false,
  ): Exchange {
    return this.make('userinfo', {
      journeyId,
      response: { status: 200, headers: {}, body },
      tokens: core ? [{ role: 'core_identity', compact: 'a.b.c' }] : [],
    });
  }

  jwks(status = 200): Exchange {
    return this.make('jwks', {
      response: { status, headers: {} },
      outcome:
        status === 200
          ? { kind: 'success' }
          : { kind: 'error', code: 'server_error', description: 'down' },
    });
  }
}
