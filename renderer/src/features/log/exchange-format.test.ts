import { describe, expect, it } from 'vitest';
import { exchange } from '../../../test/fake-admin-client.js';
import {
  decodeLocation,
  exchangeStatus,
  formRows,
  journeyHue,
  outcomeSummary,
  prettyBody,
  requestLine,
  shortJourney,
  statusTone,
} from './exchange-format.js';

describe('decodeLocation', () => {
  it('decodes query parameters', () => {
    expect(decodeLocation('http://rp/cb?code=abc&state=s%20t')).toEqual({
      target: 'http://rp/cb',
      query: [
        ['code', 'abc'],
        ['state', 's t'],
      ],
      fragment: [],
    });
  });

  it('decodes fragment parameters (response_mode=fragment)', () => {
    expect(
      decodeLocation('http://rp/cb#error=access_denied&error_description=Access+denied'),
    ).toEqual({
      target: 'http://rp/cb',
      query: [],
      fragment: [
        ['error', 'access_denied'],
        ['error_description', 'Access denied'],
      ],
    });
  });

  it('handles a bare target and a malformed escape', () => {
    expect(decodeLocation('/signed-out')).toEqual({
      target: '/signed-out',
      query: [],
      fragment: [],
    });
    expect(decodeLocation('x?a=%E0%A4%A').query[0]?.[0]).toBe('a');
  });
});

describe('bodies', () => {
  it('pretty-prints JSON objects and JSON text, and leaves other text alone', () => {
    expect(prettyBody({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyBody('{not json')).toBe('{not json');
    expect(prettyBody('plain')).toBe('plain');
    expect(prettyBody(undefined)).toBe('');
  });

  it('shows a flat string object as form rows, nothing else', () => {
    expect(formRows({ grant_type: 'authorization_code', code: 'x' })).toEqual([
      ['grant_type', 'authorization_code'],
      ['code', 'x'],
    ]);
    expect(formRows({ a: 1 })).toBeNull();
    expect(formRows([])).toBeNull();
    expect(formRows({})).toBeNull();
    expect(formRows('text')).toBeNull();
  });
});

describe('labels', () => {
  it('gives each journey a stable hue in range', () => {
    expect(journeyHue('abc')).toBe(journeyHue('abc'));
    expect(journeyHue('abc')).not.toBe(journeyHue('abd'));
    for (const id of ['', 'x', 'a-much-longer-journey-id-1234']) {
      expect(journeyHue(id)).toBeGreaterThanOrEqual(0);
      expect(journeyHue(id)).toBeLessThan(360);
    }
    expect(shortJourney('0123456789')).toBe('456789');
    expect(shortJourney('abc')).toBe('abc');
  });

  it('classifies statuses', () => {
    expect([200, 302, 401, 500, 101].map(statusTone)).toEqual([
      'ok',
      'redirect',
      'client-error',
      'server-error',
      'other',
    ]);
  });

  it('reads a connection closed before any answer as a failure, never as its default 200', () => {
    const dropped = exchange(1, {
      aborted: true,
      response: { status: 200, headers: {} },
      outcome: { kind: 'error', code: 'connection_dropped', description: 'closed' },
    });
    expect(exchangeStatus(dropped)).toEqual({ text: 'no answer', tone: 'failed' });
    expect(exchangeStatus(exchange(2))).toEqual({ text: '200', tone: 'ok' });
    expect(exchangeStatus(exchange(3, { response: { status: 503, headers: {} } }))).toEqual({
      text: '503',
      tone: 'server-error',
    });
  });

  it('summarises requests and outcomes', () => {
    const auth = exchange(1, {
      request: {
        method: 'GET',
        path: '/authorize',
        query: { client_id: 'c', scope: 'openid email' },
        headers: {},
      },
      response: { status: 302, headers: {}, location: 'http://rp/cb?code=1&state=2' },
    });
    expect(requestLine(auth)).toBe('GET /authorize?client_id=c&scope=openid+email');
    expect(outcomeSummary(auth)).toBe('redirect with code');
    const denied = exchange(2, {
      response: { status: 302, headers: {}, location: 'http://rp/cb#error=access_denied' },
    });
    expect(outcomeSummary(denied)).toBe('redirect with error access_denied');
    const failed = exchange(3, {
      outcome: { kind: 'error', code: 'invalid_client', description: 'bad' },
    });
    expect(outcomeSummary(failed)).toBe('invalid_client: bad');
    const tokens = exchange(4, { tokens: [{ role: 'id_token', compact: 'a.b.c' }] });
    expect(outcomeSummary(tokens)).toBe('id token');
  });
});
