/**
 * Bytes no HTTP client library would send, on raw sockets to a listening simulator: invalid UTF-8
 * in request lines and bodies, malformed and smuggling-shaped requests, truncated bodies. The
 * answer is a 4xx (or the connection closed), never a 5xx, and the process keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { authorizeQuery } from '../helpers/relying-party.js';
import { FEW_RUNS, STACK_TRACE, expectFlowStillWorks, rawRequest } from './hostile-input.js';

let sim: ListeningSimulator;
let port: number;
beforeAll(async () => {
  sim = await listeningSimulator();
  port = sim.running.port;
});
afterAll(() => sim.close());

const head = (method: string, target: string, headers: string[] = [], body: Buffer | string = '') =>
  Buffer.concat([
    Buffer.from(
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: raw\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`,
      'latin1',
    ),
    typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
  ]);

const withBody = (method: string, path: string, type: string, body: Buffer) =>
  head(method, path, [`Content-Type: ${type}`, `Content-Length: ${body.length}`], body);

function expectNoFault(res: Awaited<ReturnType<typeof rawRequest>>): void {
  if (res.status !== null) expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
  expect(res.text).not.toMatch(STACK_TRACE);
}

const INVALID_UTF8 = [
  Buffer.from([0xff]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xe0, 0xa4]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0x00]),
];

describe('raw bytes in request lines', () => {
  it('answers raw invalid UTF-8 in /authorize query values', async () => {
    for (const bytes of INVALID_UTF8) {
      const target = Buffer.concat([Buffer.from(`/authorize?${authorizeQuery()}&state=`), bytes]);
      const res = await rawRequest(port, head('GET', target.toString('latin1')));
      expectNoFault(res);
    }
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('answers raw bytes anywhere in the request target', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/authorize',
          '/userinfo',
          '/logout',
          '/.well-known/jwks.json',
          '/_simulator/api/exchanges',
          '/_simulator/',
        ),
        fc.uint8Array({ minLength: 1, maxLength: 16 }),
        async (path, bytes) => {
          // Spaces, CR and LF would end the request line early; the rest go through as they are.
          const cleaned = Buffer.from(bytes.filter((b) => b !== 0x20 && b !== 0x0d && b !== 0x0a));
          const res = await rawRequest(
            port,
            head('GET', `${path}?x=${cleaned.toString('latin1')}`),
          );
          expectNoFault(res);
        },
      ),
      FEW_RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });
});

describe('raw bytes in bodies', () => {
  const bodies = (prefix: string) =>
    INVALID_UTF8.map((bytes) =>
      Buffer.concat([Buffer.from(prefix, 'latin1'), bytes, Buffer.from('x')]),
    );

  it('answers invalid UTF-8 in /token form bodies with a JSON error', async () => {
    for (const body of bodies('grant_type=authorization_code&code=')) {
      const res = await rawRequest(
        port,
        withBody('POST', '/token', 'application/x-www-form-urlencoded', body),
      );
      expectNoFault(res);
      expect(res.status).toBe(400);
      expect(res.body).toContain('"error"');
    }
  });

  it('answers invalid UTF-8 in JSON bodies of /token, /config and /logout', async () => {
    for (const path of [
      '/token',
      '/config',
      '/logout',
      '/_simulator/api/config/validate',
      '/_simulator/api/inspect',
    ]) {
      for (const body of bodies('{"a":"')) {
        const closed = Buffer.concat([body, Buffer.from('"}')]);
        expectNoFault(await rawRequest(port, withBody('POST', path, 'application/json', closed)));
      }
    }
    const config = await fetch(`${sim.baseUrl}/config`);
    expect(config.status).toBe(200);
  });

  it('answers invalid UTF-8 in /logout and /form-submit forms', async () => {
    for (const path of ['/logout', '/form-submit']) {
      for (const body of bodies('state=')) {
        expectNoFault(
          await rawRequest(port, withBody('POST', path, 'application/x-www-form-urlencoded', body)),
        );
      }
    }
  });

  it('answers random bytes as bodies of every POST route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/token', '/config', '/logout', '/form-submit', '/_simulator/api/inspect'),
        fc.constantFrom(
          'application/json',
          'application/x-www-form-urlencoded',
          'text/plain',
          'application/octet-stream',
        ),
        fc.uint8Array({ maxLength: 512 }),
        async (path, type, bytes) => {
          expectNoFault(await rawRequest(port, withBody('POST', path, type, Buffer.from(bytes))));
        },
      ),
      FEW_RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });
});

describe('malformed HTTP', () => {
  const cases: [string, Buffer | string][] = [
    ['garbage', 'GARBAGE\r\n\r\n'],
    ['no version', 'GET /\r\n\r\n'],
    ['bad version', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['header without colon', 'GET / HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n'],
    ['bad content-length', 'POST /token HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
    ['negative content-length', 'POST /token HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n'],
    [
      'content-length and chunked (smuggling shape)',
      'POST /token HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /config HTTP/1.1\r\nHost: x\r\n\r\n',
    ],
    [
      'two content-lengths',
      'POST /config HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}',
    ],
    [
      'bad chunk size',
      'POST /token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
    ],
    [
      'absolute-form target',
      'GET http://evil.example/authorize HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ],
    ['asterisk target', 'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['CONNECT', 'CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['unknown method', 'BREW /config HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['NUL in method', 'G\u0000T / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['huge header', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`],
    [
      'many headers',
      `GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${'X-A: b\r\n'.repeat(3000)}\r\n`,
    ],
    [
      'obsolete line folding',
      'GET / HTTP/1.1\r\nHost: x\r\nX-A: b\r\n c\r\nConnection: close\r\n\r\n',
    ],
    ['bare LF line endings', 'GET / HTTP/1.1\nHost: x\nConnection: close\n\n'],
    ['no Host header', 'GET /config HTTP/1.1\r\nConnection: close\r\n\r\n'],
    [
      'repeated Authorization',
      'GET /userinfo HTTP/1.1\r\nHost: x\r\nUser-Agent: raw\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\nConnection: close\r\n\r\n',
    ],
    [
      'cookie bomb',
      `GET /authorize?${'a'} HTTP/1.1\r\nHost: x\r\nCookie: ${'simulator_session=%FF; '.repeat(300)}\r\nConnection: close\r\n\r\n`,
    ],
  ];

  it.each(cases)('answers %s without a fault', async (_name, bytes) => {
    expectNoFault(await rawRequest(port, bytes, 2000));
  });

  it('survives bodies cut short, and pipelined requests', async () => {
    // Content-Length promises more than arrives; the client then goes away.
    const cut = await rawRequest(
      port,
      'POST /config HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
      300,
    );
    expectNoFault(cut);
    const pipelined = await rawRequest(
      port,
      `GET / HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(20) +
        'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(pipelined.text.match(/HTTP\/1\.1 200/g)?.length).toBe(21);
    await expectFlowStillWorks(sim.baseUrl);
  });
});
