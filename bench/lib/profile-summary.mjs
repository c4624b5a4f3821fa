/**
 * Reads a V8 .cpuprofile and answers where the self time went: by function, by package or folder
 * (area), and by component of the simulator (routing and middleware, request log, stores, …).
 * The profiled process runs the unbundled build (dist/server/src/cli.js), so every function keeps
 * the file it was written in.
 */
import { readFileSync } from 'node:fs';

/** The components of a flow's cost, in the order the benchmark prints them. */
export const COMPONENTS = [
  'routing and middleware',
  'Node HTTP and sockets',
  'request log and analysis',
  'event stream',
  'stores',
  'JSON',
  'crypto',
  'endpoints and protocol',
  'GC',
  'other (V8, Node)',
];

/** Where a script belongs: a package, a folder of the simulator, or Node itself. */
export function areaOf(url, name = '') {
  if (!url) return `native ${name || '(anonymous)'}`;
  if (url.startsWith('node:'))
    return url.startsWith('node:internal/crypto') ? 'node crypto' : 'node core';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /dist\/server\/src\/(.+?)\/[^/]+\.js$/.exec(url);
  if (own) return `server/src/${own[1]}`;
  if (/dist\/server\/src\/[^/]+\.js$/.test(url)) return 'server/src';
  return url;
}

/** Node's own modules that carry requests and responses. */
const NODE_HTTP =
  /^node:(?:_http_|http$|https$|net$|stream$|events$|internal\/(?:http|net|stream|streams|dtrace|perf\/observe|url|querystring|validators|errors|buffer|util)|buffer$|url$|querystring$|string_decoder$|internal\/webstreams)/;
/** Native functions (no script) by what they do. */
const NATIVE_HTTP = new Set([
  'writev',
  'writeUtf8String',
  'writeLatin1String',
  'writeBuffer',
  'writeAsciiString',
  'shutdown',
  'close',
  'onStreamRead',
  'setNoDelay',
  'readStart',
  'readStop',
]);
const NATIVE_CRYPTO = new Set([
  'sign',
  'verify',
  'digest',
  'randomFillSync',
  'getRandomValues',
  'randomUUID',
  'secureBuffer',
  'run',
  'exportKey',
  // node:crypto's Sign, Verify and Hash objects (jws signs through them, at_hash digests).
  'init',
  'update',
]);
const NATIVE_JSON = new Set(['parse', 'stringify']);
/** Functions whose own time is JSON.parse or JSON.stringify (builtins carry no frame of their own). */
const JSON_FUNCTIONS = [
  { file: /express\/lib\/response\.js$/, name: /^stringify$/ },
  { file: /body-parser\/lib\/types\/json\.js$/, name: /^parse$/ },
];

/**
 * The component a function's own time belongs to, from its name and the file it is in.
 * @param {{ url: string, functionName: string }} callFrame
 */
export function componentOf({ url, functionName: name }) {
  if (name === '(garbage collector)') return 'GC';
  if (name === '(program)' || name === '(root)') return 'other (V8, Node)';
  if (!url) {
    if (NATIVE_JSON.has(name)) return 'JSON';
    if (NATIVE_CRYPTO.has(name)) return 'crypto';
    if (NATIVE_HTTP.has(name)) return 'Node HTTP and sockets';
    return 'other (V8, Node)';
  }
  if (JSON_FUNCTIONS.some((f) => f.file.test(url) && f.name.test(name))) return 'JSON';
  if (
    /^node:(?:internal\/)?crypto|node_modules\/(?:jose|jws|jwa|ecdsa-sig-formatter|@noble)\//.test(
      url,
    )
  )
    return 'crypto';
  if (url.startsWith('node:'))
    return NODE_HTTP.test(url) ? 'Node HTTP and sockets' : 'other (V8, Node)';
  if (url.includes('/node_modules/')) return 'routing and middleware';
  const own = /dist\/server\/src\/(.+)\.js$/.exec(url)?.[1];
  if (own === undefined) return 'other (V8, Node)';
  if (/(?:^|\/)(?:event-stream|mask-exchange)$/.test(own)) return 'event stream';
  if (
    /(?:^|\/)(?:log|analysis)\//.test(own) ||
    /(?:^|\/)(?:exchange-recorder|exchange-notes|new-id)$/.test(own)
  )
    return 'request log and analysis';
  if (/(?:^|\/)state\//.test(own) || /used-assertion-ids$/.test(own)) return 'stores';
  if (
    /(?:^|\/)keys\//.test(own) ||
    /(?:sign-jwt|at-hash|access-token-key|verify-assertion-signature)$/.test(own)
  )
    return 'crypto';
  if (/(?:^|\/)http\//.test(own) || /(?:^|\/)(?:build-app|simulator-registry)$/.test(own))
    return 'routing and middleware';
  return 'endpoints and protocol';
}

/**
 * @param {string | object} source path of a .cpuprofile, or the profile itself
 * @param {number} [top]
 */
export function summariseProfile(source, top = 15) {
  const profile = typeof source === 'string' ? JSON.parse(readFileSync(source, 'utf8')) : source;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const delta = timeDeltas[i + 1] ?? 0;
    self.set(samples[i], (self.get(samples[i]) ?? 0) + delta);
  }
  let total = 0;
  const fns = new Map();
  const areas = new Map();
  const components = new Map(COMPONENTS.map((c) => [c, 0]));
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    // Idle time is the main thread waiting: not a cost.
    if (name === '(idle)') continue;
    total += micros;
    const where = callFrame.url
      ? `${callFrame.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${callFrame.lineNumber + 1}`
      : '';
    const key = `${name} ${where}`.trim();
    fns.set(key, (fns.get(key) ?? 0) + micros);
    const area = ['(program)', '(garbage collector)'].includes(name)
      ? name
      : areaOf(callFrame.url, name);
    areas.set(area, (areas.get(area) ?? 0) + micros);
    const component = componentOf({ url: callFrame.url, functionName: name });
    components.set(component, components.get(component) + micros);
  }
  const entry = ([name, micros]) => ({
    name,
    ms: Math.round(micros / 1000),
    share: total ? Math.round((micros / total) * 1000) / 10 : 0,
  });
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(entry);
  return {
    totalMs: Math.round(total / 1000),
    functions: rank(fns),
    areas: rank(areas),
    components: [...components].map(entry),
  };
}
