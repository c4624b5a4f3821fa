import { describe, expect, it } from 'vitest';
import { COMPONENTS, componentOf, summariseProfile } from './profile-summary.mjs';

const own = (path: string) => `file:///repo/dist/server/src/${path}.js`;

describe('the profile components', () => {
  it('sorts functions by where they are written and what they do', () => {
    const cases: [string, string, string][] = [
      ['(garbage collector)', '', 'GC'],
      ['(program)', '', 'other (V8, Node)'],
      ['writev', '', 'Node HTTP and sockets'],
      ['stringify', 'file:///repo/node_modules/express/lib/response.js', 'JSON'],
      ['next', 'file:///repo/node_modules/router/index.js', 'routing and middleware'],
      ['sign', 'file:///repo/node_modules/jose/dist/webapi/jws/compact/sign.js', 'crypto'],
      ['signVerify', 'node:internal/crypto/webcrypto', 'crypto'],
      ['end', 'node:_http_outgoing', 'Node HTTP and sockets'],
      ['recordOnClose', own('http/exchange-recorder'), 'request log and analysis'],
      ['push', own('log/exchange-buffer'), 'request log and analysis'],
      ['exchangeMessage', own('admin/event-stream'), 'event stream'],
      ['set', own('state/expiring-store'), 'stores'],
      ['remember', own('tokens/client-auth/used-assertion-ids'), 'stores'],
      ['dedupeQueryParams', own('http/dedupe-query-params'), 'routing and middleware'],
      ['handleToken', own('endpoints/token/handle-token'), 'endpoints and protocol'],
      ['signJwt', own('tokens/sign-jwt'), 'crypto'],
      ['sign', 'file:///repo/node_modules/jws/lib/sign-stream.js', 'crypto'],
      ['sign', 'file:///repo/node_modules/jwa/index.js', 'crypto'],
      [
        'derToJose',
        'file:///repo/node_modules/ecdsa-sig-formatter/src/ecdsa-sig-formatter.js',
        'crypto',
      ],
      ['verifyAssertionSignature', own('tokens/client-auth/verify-assertion-signature'), 'crypto'],
      ['serveHotRoutes', own('http/hot-routes'), 'routing and middleware'],
    ];
    for (const [functionName, url, component] of cases)
      expect(componentOf({ url, functionName }), `${functionName} ${url}`).toBe(component);
  });

  it('adds self time by component, idle left out, every component listed', () => {
    const frame = (id: number, functionName: string, url = '') => ({
      id,
      callFrame: { functionName, url, lineNumber: 0, columnNumber: 0, scriptId: '0' },
    });
    const summary = summariseProfile({
      nodes: [
        frame(1, '(root)'),
        frame(2, '(idle)'),
        frame(3, '(garbage collector)'),
        frame(4, 'handleToken', own('endpoints/token/handle-token')),
      ],
      samples: [2, 3, 4, 4],
      timeDeltas: [0, 5000, 1000, 2000, 1000],
    });
    expect(summary.totalMs).toBe(4);
    expect(summary.components.map((c) => c.name)).toEqual(COMPONENTS);
    expect(summary.components.find((c) => c.name === 'GC')).toEqual({
      name: 'GC',
      ms: 1,
      share: 25,
    });
    expect(summary.components.find((c) => c.name === 'endpoints and protocol')?.ms).toBe(3);
  });
});
