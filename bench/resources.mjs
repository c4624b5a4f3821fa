#!/usr/bin/env node
/**
 * `npm run bench:resources`: what hostile load costs the headless simulator
 * (dist/server/src/headless.mjs, started as a user starts it, with the memory probe preloaded for
 * its event-loop delay). Five scenarios, each on a fresh process:
 *
 * 1. stalled-readers: the request log is filled (1,000 exchanges of about 64 KiB, the most each
 *    keeps), then 30 clients open the event stream and never read a byte, while requests go on
 *    for 35 s (each a new live event for every stream; a stream not read for 30 s is dropped).
 * 2. floods: 30,000 unauthenticated /authorize calls while a code waits to be redeemed, then
 *    20,000 /token requests each with a fresh, validly signed client assertion; afterwards the
 *    waiting code must still redeem and the first assertion must be refused as replayed.
 *
 * 3. million-assertions (bench/million-assertions.mjs, a process of its own): 1,000,000
 *    remembered hour-long client assertions put straight into the replay store, then /token over
 *    HTTP with fresh hour-long assertions while it holds them, and the /token that drops them
 *    all once they have expired.
 *
 * 4. log-memory: with --log-size 5000, 5,000 /token requests whose JSON bodies inflate to about
 *    99 KB each (33,000 empty objects): 2,500 gzip bodies of 137 bytes and 2,500 chunked ones.
 *    The log keeps them as text cut at 64 KiB, within its 64 MiB byte budget: RSS must stay under
 *    the budget plus 150 MB.
 * 5. connection-cap: 1,000 connections from one address that send headers and never the body;
 *    past 256 the simulator closes them at once, prints one line, and another address (127.0.0.2)
 *    is still served.
 *
 * 6. interactive-codes: in interactive mode, 1,500 sign-ins each submit an 81 KB JSON form
 *    (postalAddressDetails) and leave their code unredeemed. Each waiting code keeps the data it
 *    stands for: the stores' shared byte budget must bound what they hold (refusing past it with
 *    temporarily_unavailable), RSS must stay under 150 MB above the start.
 *
 * Reported: resident memory (RSS) before and the largest during each scenario, the largest
 * event-loop delay, and the outcomes. Targets: RSS growth under 100 MB with 30 stalled readers
 * after a full log, and with a million remembered assertions; event-loop delay under 50 ms.
 * `--only NAME[,NAME]` runs some of the scenarios (stalled-readers, floods, million-assertions,
 * log-memory, connection-cap).
 * Writes bench/results/resources-<time>.json and exits 0 unless --strict is given and a target
 * is missed.
 */
import http from 'node:http';
import { connect } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { execFileSync } from 'node:child_process';
import { ROOT, ensureBuilt, freePort, startSimulatorProcess } from './lib/processes.mjs';
import { CLIENT_ID, REDIRECT_URI, benchConfig, createClientKey, postConfig } from './lib/flows.mjs';
import { processUsage, toMiB } from './lib/stats.mjs';
import { RESOURCES_USAGE, parseResourcesOptions } from './lib/options.mjs';

const TARGETS = { rssGrowthMiB: 100, loopDelayMs: 50 };
const STALLED_READERS = 30;
const LIVE_SECONDS = 35;
const AUTHORIZE_FLOOD = 30_000;
const ASSERTION_FLOOD = 20_000;
const CONCURRENCY = 16;
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const parsed = parseResourcesOptions(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`bench:resources: ${parsed.message}`);
  process.exit(2);
}
if (parsed.value.help) {
  console.log(RESOURCES_USAGE);
  process.exit(0);
}
const { strict, only } = parsed.value;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(base, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request(
      { agent, hostname: url.hostname, port: url.port, method, path, headers },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const tokenForm = (fields) => {
  const body = new URLSearchParams(fields).toString();
  return {
    method: 'POST',
    path: '/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': Buffer.byteLength(body),
      'user-agent': 'resource-bench',
    },
    body,
  };
};

/** Runs `total` calls of `fn(i)` with CONCURRENCY in flight. */
async function pool(total, fn) {
  let next = 0;
  const worker = async () => {
    while (next < total) await fn(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Samples the process's RSS every 100 ms until stopped; returns the largest seen. */
function rssSampler(pid) {
  let max = processUsage(pid).rssBytes;
  const timer = setInterval(() => {
    max = Math.max(max, processUsage(pid).rssBytes);
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(max, processUsage(pid).rssBytes);
  };
}

async function loopDelay(probePort) {
  const res = await send(`http://127.0.0.1:${probePort}`, { path: '/loop-delay' });
  return JSON.parse(res.body.toString());
}

async function startSimulator() {
  const probePort = await freePort();
  const sim = await startSimulatorProcess({ probePort });
  const key = await createClientKey();
  await postConfig(sim.base, benchConfig(key.publicPem));
  return { sim, probePort, key };
}

/**
 * The largest event-loop delay of the idle process over 3 s: what the machine alone costs (a
 * process waiting for a CPU shows as delay too).
 */
async function idleLoopDelay(probePort) {
  await loopDelay(probePort);
  await new Promise((r) => setTimeout(r, 3000));
  return Math.round((await loopDelay(probePort)).maxMs * 10) / 10;
}

function assertionFor(base, key, extra = {}) {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: CLIENT_ID,
    sub: CLIENT_ID,
    aud: `${base}/token`,
    jti: randomUUID(),
    iat,
    exp: iat + 300,
    ...extra,
  })
    .setProtectedHeader({ alg: 'ES256' })
    .sign(key.privateKey);
}

async function authorizeOnce(base) {
  const query = new URLSearchParams({
    response_type: 'code',
    scope: 'openid',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    state: randomBytes(6).toString('hex'),
    nonce: 'n',
  });
  const res = await send(base, { path: `/authorize?${query}` });
  return new URL(res.headers.location).searchParams;
}

/**
 * A TCP client that asks for the event stream and then never reads. Readers come from several
 * loopback addresses (ten each), as one address may hold at most ten streams.
 */
function stalledReader(port, index = 0) {
  const localAddress = `127.0.0.${10 + Math.floor(index / 10)}`;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => {
      socket.pause();
      socket.write(`GET /_simulator/api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      resolve(socket);
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

async function stalledReaders() {
  const { sim, probePort } = await startSimulator();
  try {
    // A full log: 1,000 exchanges with the most body each keeps (64 KiB).
    const padding = 'x'.repeat(64 * 1024);
    await pool(1000, () => send(sim.base, tokenForm({ grant_type: 'x', padding })));
    const idleDelayMs = await idleLoopDelay(probePort);
    const before = processUsage(sim.child.pid).rssBytes;
    await loopDelay(probePort);
    const stopRss = rssSampler(sim.child.pid);

    const sockets = await Promise.all(
      Array.from({ length: STALLED_READERS }, (_, i) => stalledReader(sim.port, i)),
    );
    // Live events for every stream: requests go on, 64 KiB bodies, for LIVE_SECONDS.
    const until = performance.now() + LIVE_SECONDS * 1000;
    let live = 0;
    while (performance.now() < until) {
      await send(sim.base, tokenForm({ grant_type: 'x', padding }));
      live++;
      await new Promise((r) => setTimeout(r, 20));
    }
    const maxRss = stopRss();
    const delay = await loopDelay(probePort);
    for (const s of sockets) s.destroy();
    const dropped = (sim.stderr().match(/dropped a slow client/g) ?? []).length;
    return {
      readers: STALLED_READERS,
      logExchanges: 1000,
      liveRequests: live,
      droppedReaders: dropped,
      rssBeforeMiB: toMiB(before),
      rssMaxMiB: toMiB(maxRss),
      rssGrowthMiB: toMiB(maxRss - before),
      idleLoopDelayMaxMs: idleDelayMs,
      loopDelayMaxMs: Math.round(delay.maxMs * 10) / 10,
      loopDelayP99Ms: Math.round(delay.p99Ms * 10) / 10,
    };
  } finally {
    await sim.stop();
  }
}

async function floods() {
  const { sim, probePort, key } = await startSimulator();
  try {
    const pending = (await authorizeOnce(sim.base)).get('code');
    const idleDelayMs = await idleLoopDelay(probePort);
    const before = processUsage(sim.child.pid).rssBytes;
    await loopDelay(probePort);
    const stopRss = rssSampler(sim.child.pid);

    let authorizeRefused = 0;
    const t0 = performance.now();
    await pool(AUTHORIZE_FLOOD, async () => {
      const params = await authorizeOnce(sim.base);
      if (params.get('error') === 'temporarily_unavailable') authorizeRefused++;
    });
    const authorizeSeconds = (performance.now() - t0) / 1000;
    const afterAuthorize = await loopDelay(probePort);

    const first = await assertionFor(sim.base, key);
    const t1 = performance.now();
    const statuses = {};
    await pool(ASSERTION_FLOOD, async (i) => {
      const assertion = i === 0 ? first : await assertionFor(sim.base, key);
      const res = await send(
        sim.base,
        tokenForm({
          grant_type: 'authorization_code',
          code: 'not-a-code',
          redirect_uri: REDIRECT_URI,
          client_assertion_type: ASSERTION_TYPE,
          client_assertion: assertion,
        }),
      );
      const error = JSON.parse(res.body.toString()).error ?? 'ok';
      statuses[error] = (statuses[error] ?? 0) + 1;
    });
    const assertionSeconds = (performance.now() - t1) / 1000;
    const afterAssertions = await loopDelay(probePort);
    const maxRss = stopRss();

    const redeemed = await send(
      sim.base,
      tokenForm({
        grant_type: 'authorization_code',
        code: pending,
        redirect_uri: REDIRECT_URI,
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: await assertionFor(sim.base, key),
      }),
    );
    const replay = await send(
      sim.base,
      tokenForm({
        grant_type: 'authorization_code',
        code: 'not-a-code',
        redirect_uri: REDIRECT_URI,
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: first,
      }),
    );
    return {
      idleLoopDelayMaxMs: idleDelayMs,
      authorizeCalls: AUTHORIZE_FLOOD,
      authorizePerSecond: Math.round(AUTHORIZE_FLOOD / authorizeSeconds),
      authorizeRefusedWhenFull: authorizeRefused,
      loopDelayMaxAuthorizeMs: Math.round(afterAuthorize.maxMs * 10) / 10,
      loopDelayP99AuthorizeMs: Math.round(afterAuthorize.p99Ms * 10) / 10,
      freshAssertions: ASSERTION_FLOOD,
      assertionsPerSecond: Math.round(ASSERTION_FLOOD / assertionSeconds),
      assertionOutcomes: statuses,
      loopDelayMaxAssertionsMs: Math.round(afterAssertions.maxMs * 10) / 10,
      loopDelayP99AssertionsMs: Math.round(afterAssertions.p99Ms * 10) / 10,
      pendingCodeRedeemed: redeemed.status === 200,
      firstAssertionReplayRefused: JSON.parse(replay.body.toString()).error_description,
      rssBeforeMiB: toMiB(before),
      rssMaxMiB: toMiB(maxRss),
      rssGrowthMiB: toMiB(maxRss - before),
    };
  } finally {
    await sim.stop();
  }
}

const LOG_SIZE = 5000;
const LOG_BUDGET_MIB = 64;
const LOG_MEMORY_HEADROOM_MB = 150;
const CAP_CONNECTIONS = 1000;
const CAP_PER_ADDRESS = 256;

/** Text deflate cannot shrink: random printable characters, none escaped in JSON. */
function noiseText(length) {
  const alphabet =
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&()*+,-./:;<=>?@[]^_{|}~ ';
  let out = '';
  for (const b of randomBytes(length)) out += alphabet[b % alphabet.length];
  return out;
}

/**
 * Scenario 4: bodies that inflate, gzip and chunked, into a 5,000-exchange log; with `noise`,
 * chunked bodies of random text instead, which the log cannot keep compressed, so its byte
 * budget decides what it holds.
 */
async function logMemory(bodies = 'inflating') {
  const { gzipSync } = await import('node:zlib');
  const probePort = await freePort();
  const sim = await startSimulatorProcess({ probePort, args: ['--log-size', String(LOG_SIZE)] });
  try {
    const inflating =
      bodies === 'noise'
        ? JSON.stringify([noiseText(99_000)])
        : `[${Array.from({ length: 33_000 }, () => '{}').join(',')}]`;
    const gzipped = gzipSync(inflating);
    const chunks = inflating.match(/.{1,8192}/gs);
    const rssBefore = processUsage(sim.child.pid).rssBytes;
    const stop = rssSampler(sim.child.pid);
    const started = performance.now();
    const statuses = {};
    const url = new URL(sim.base);
    await pool(LOG_SIZE, async (i) => {
      const status = await new Promise((resolve, reject) => {
        const gzip = bodies === 'inflating' && i % 2 === 0;
        const req = http.request(
          {
            agent,
            hostname: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/token',
            headers: {
              'content-type': 'application/json',
              'user-agent': 'resource-bench',
              ...(gzip
                ? { 'content-encoding': 'gzip', 'content-length': gzipped.length }
                : { 'transfer-encoding': 'chunked' }),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          },
        );
        req.on('error', reject);
        if (gzip) req.end(gzipped);
        else {
          for (const c of chunks) req.write(c);
          req.end();
        }
      });
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
    const seconds = (performance.now() - started) / 1000;
    const rssMax = stop();
    const status = JSON.parse((await send(sim.base, { path: '/_simulator/api/status' })).body);
    const rssLimitMiB = LOG_BUDGET_MIB + LOG_MEMORY_HEADROOM_MB / 1.048576;
    return {
      bodies,
      requests: LOG_SIZE,
      sentBytesEach:
        bodies === 'noise'
          ? { chunked: inflating.length }
          : { gzip: gzipped.length, chunked: inflating.length },
      statuses,
      seconds: Math.round(seconds * 10) / 10,
      rssBeforeMiB: toMiB(rssBefore),
      rssMaxMiB: toMiB(rssMax),
      rssLimitMiB: Math.round(rssLimitMiB * 10) / 10,
      withinLimit: toMiB(rssMax) < rssLimitMiB,
      exchangesKept: status.exchangeCount,
      totalRecorded: status.totalExchanges,
      loopDelayMaxMs: Math.round((await loopDelay(probePort)).maxMs * 10) / 10,
    };
  } finally {
    await sim.stop();
  }
}

/** Scenario 5: one address opens 1,000 slow-body connections. */
async function connectionCap() {
  const sim = await startSimulatorProcess();
  const sockets = [];
  try {
    let closedEarly = 0;
    await Promise.all(
      Array.from(
        { length: CAP_CONNECTIONS },
        () =>
          new Promise((resolve) => {
            const s = connect(sim.port, '127.0.0.1', () => {
              s.write(
                'POST /token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\ngrant_type=',
              );
              resolve();
            });
            s.on('close', () => closedEarly++);
            s.on('error', () => resolve());
            sockets.push(s);
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const held = sockets.length - closedEarly;
    const t0 = performance.now();
    const other = await new Promise((resolve) => {
      const s = connect({ port: sim.port, host: '127.0.0.1', localAddress: '127.0.0.2' }, () =>
        s.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
      );
      let out = '';
      s.on('data', (d) => (out += d));
      s.on('end', () => resolve(out.split('\r\n')[0]));
      s.on('error', (e) => resolve(`error: ${e.message}`));
    });
    const otherMs = Math.round((performance.now() - t0) * 10) / 10;
    const lines = sim
      .stderr()
      .split('\n')
      .filter((l) => l.includes('refused new connections'));
    return {
      opened: CAP_CONNECTIONS,
      held,
      closedAtOnce: closedEarly,
      capPerAddress: CAP_PER_ADDRESS,
      otherAddress: other,
      otherAddressMs: otherMs,
      capLogLines: lines.length,
      capLogLine: lines[0],
    };
  } finally {
    for (const s of sockets) s.destroy();
    await sim.stop();
  }
}

/** Scenario 3, in a fresh process with a collectable heap, so its RSS is the store's. */
function millionAssertions() {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', join(ROOT, 'bench/million-assertions.mjs')],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split('\n').at(-1));
}

const INTERACTIVE_SIGN_INS = 1500;
const INTERACTIVE_HEADROOM_MB = 150;

/** One interactive sign-in: the form's interaction id, then the submitted form's answer. */
async function interactiveSignIn(base, form) {
  const query = new URLSearchParams({
    response_type: 'code',
    scope: 'openid',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    state: randomBytes(6).toString('hex'),
    nonce: 'n',
  });
  const page = await send(base, { path: `/authorize?${query}` });
  const id = /name="interactionId" value="([^"]+)"/.exec(page.body.toString())?.[1];
  if (!id) return page.headers.location ? 'refused at authorize' : `no form (${page.status})`;
  const body = JSON.stringify({ interactionId: id, ...form });
  const res = await send(base, {
    method: 'POST',
    path: '/form-submit',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    body,
  });
  const location = new URL(res.headers.location ?? 'http://x/?error=none');
  return location.searchParams.get('code')
    ? 'code'
    : (location.searchParams.get('error') ?? `status ${res.status}`);
}

async function interactiveCodes() {
  const { sim, probePort } = await startSimulator();
  try {
    await postConfig(sim.base, { interactiveMode: true });
    // An 81 KB form: 100 postal addresses (the most the field takes), each with a long street.
    const street = 'Downing Street '.repeat(45);
    const postalAddressDetails = Array.from({ length: 100 }, (_, i) => ({
      addressLocality: 'London',
      buildingNumber: String(i),
      postalCode: 'SW1A 2AA',
      streetName: street,
      validFrom: '2000-01-01',
    }));
    const form = { postalAddressDetails: JSON.stringify(postalAddressDetails) };
    const formBytes = Buffer.byteLength(JSON.stringify(form));
    const before = processUsage(sim.child.pid).rssBytes;
    await loopDelay(probePort);
    const stopRss = rssSampler(sim.child.pid);
    const outcomes = {};
    const t0 = performance.now();
    await pool(INTERACTIVE_SIGN_INS, async () => {
      const outcome = await interactiveSignIn(sim.base, form);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    });
    const seconds = (performance.now() - t0) / 1000;
    const delay = await loopDelay(probePort);
    const maxRss = stopRss();
    return {
      signIns: INTERACTIVE_SIGN_INS,
      formBytes,
      outcomes,
      seconds: Math.round(seconds * 10) / 10,
      loopDelayMaxMs: Math.round(delay.maxMs * 10) / 10,
      rssBeforeMiB: toMiB(before),
      rssMaxMiB: toMiB(maxRss),
      rssGrowthMiB: toMiB(maxRss - before),
    };
  } finally {
    await sim.stop();
  }
}

await ensureBuilt();
// The event-loop delay includes time the process waits for a CPU: on a machine with more
// runnable threads than cores it measures the machine as much as the simulator.
const machine = {
  cpus: availableParallelism(),
  loadAverage: Math.round(loadavg()[0] * 10) / 10,
  node: process.version,
};
console.log(`resource scenarios (load average ${machine.loadAverage} on ${machine.cpus} CPUs)`);
const readers = only.includes('stalled-readers') ? await stalledReaders() : undefined;
if (readers) console.log('stalled readers:', readers);
const flood = only.includes('floods') ? await floods() : undefined;
if (flood) console.log('floods:', flood);
const million = only.includes('million-assertions') ? millionAssertions() : undefined;
if (million) console.log('million assertions:', million);
const logMem = only.includes('log-memory') ? await logMemory() : undefined;
if (logMem) console.log('log memory:', logMem);
const logNoise = only.includes('log-memory-noise') ? await logMemory('noise') : undefined;
if (logNoise) console.log('log memory, bodies that do not compress:', logNoise);
const cap = only.includes('connection-cap') ? await connectionCap() : undefined;
if (cap) console.log('connection cap:', cap);
const interactive = only.includes('interactive-codes') ? await interactiveCodes() : undefined;
if (interactive) console.log('interactive codes:', interactive);

const misses = [];
if (readers && readers.rssGrowthMiB >= TARGETS.rssGrowthMiB)
  misses.push(`RSS grew ${readers.rssGrowthMiB} MiB with stalled readers`);
if (million && million.rssGrowthMiB >= TARGETS.rssGrowthMiB)
  misses.push(`RSS grew ${million.rssGrowthMiB} MiB with a million remembered assertions`);
if (million && !/already been used/.test(million.replayRefused ?? ''))
  misses.push('a replayed assertion was not refused with a million remembered');
for (const [name, ms] of [
  ['stalled readers', readers?.loopDelayMaxMs],
  ['/authorize flood', flood?.loopDelayMaxAuthorizeMs],
  ['assertion flood', flood?.loopDelayMaxAssertionsMs],
])
  if (ms !== undefined && ms >= TARGETS.loopDelayMs)
    misses.push(`event-loop delay ${ms} ms during the ${name}`);
for (const run of [logMem, logNoise])
  if (run && !run.withinLimit)
    misses.push(
      `RSS reached ${run.rssMaxMiB} MiB with ${run.bodies} bodies (limit ${run.rssLimitMiB})`,
    );
if (cap && (cap.held > CAP_PER_ADDRESS || !/^HTTP\/1\.1 200/.test(cap.otherAddress)))
  misses.push(
    `one address held ${cap.held} connections, or locked another out (${cap.otherAddress})`,
  );
if (interactive && interactive.rssGrowthMiB >= INTERACTIVE_HEADROOM_MB)
  misses.push(
    `RSS grew ${interactive.rssGrowthMiB} MiB with ${INTERACTIVE_SIGN_INS} interactive codes waiting`,
  );
if (flood && !flood.pendingCodeRedeemed)
  misses.push('the pending code did not redeem after the flood');
for (const m of misses) console.log(`target missed: ${m}`);

mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(
  ROOT,
  `bench/results/resources-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
writeFileSync(
  file,
  JSON.stringify(
    {
      machine,
      targets: TARGETS,
      readers,
      flood,
      million,
      logMemory: logMem,
      logMemoryNoise: logNoise,
      connectionCap: cap,
      interactiveCodes: interactive,
      misses,
    },
    null,
    2,
  ),
);
console.log(`written ${file}`);
agent.destroy();
process.exit(strict && misses.length ? 1 : 0);
