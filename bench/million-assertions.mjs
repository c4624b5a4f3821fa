#!/usr/bin/env node
/**
 * The million-assertion scenario of `npm run bench:resources`, in a process of its own (started
 * with --expose-gc): the built simulator (dist/server/src/index.js) listens in this process with
 * an injectable clock, its replay store is filled directly with 1,000,000 remembered hour-long
 * client assertions (issued over the past hour, so their exps spread over the next one), then
 * /token is called over HTTP with fresh, validly signed hour-long assertions while the store is
 * that large. Last, the clock moves past every exp and /token calls go on until the expired ids
 * are all dropped (a few thousand per call).
 *
 * Prints one JSON object: RSS before and after the fill (and its growth), the fill rate, the
 * slowest and median /token while a million ids are live, whether a replay was refused, and the
 * slowest /token while the expired ids were being dropped.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { createSimulator, startSimulator } from '../dist/server/src/index.js';
import { CLIENT_ID, REDIRECT_URI, benchConfig, createClientKey, postConfig } from './lib/flows.mjs';
import { toMiB } from './lib/stats.mjs';

const REMEMBERED = 1_000_000;
const LIFETIME = 3600;
const HTTP_CALLS = 300;
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

const clock = { t: Date.now() };
const seconds = () => Math.floor(clock.t / 1000);
const simulator = createSimulator({ clock: () => clock.t });
const started = await startSimulator(simulator, { port: 0 });
if (!started.ok) throw new Error(started.error.detail);
const base = `http://127.0.0.1:${started.value.port}`;
const key = await createClientKey();
await postConfig(base, { ...benchConfig(key.publicPem), simulatorUrl: base });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function hourLong() {
  const iat = seconds();
  return new SignJWT({
    iss: CLIENT_ID,
    sub: CLIENT_ID,
    aud: `${base}/token`,
    jti: randomUUID(),
    iat,
    exp: iat + LIFETIME,
  })
    .setProtectedHeader({ alg: 'ES256' })
    .sign(key.privateKey);
}

/** One /token call (the code is not one: client authentication, and the jti check, come first). */
function token(assertion) {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: 'not-a-code',
    redirect_uri: REDIRECT_URI,
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: assertion,
  }).toString();
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/token',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'resource-bench',
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ms: performance.now() - t0,
            body: JSON.parse(Buffer.concat(chunks).toString()),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const settle = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().rss;
};
const round = (ms) => Math.round(ms * 100) / 100;

// Warm up the code paths, then the baseline.
for (let i = 0; i < 50; i++) await token(await hourLong());
const store = simulator.context.usedAssertionIds;
const rssBefore = settle();

const now = seconds();
const t0 = performance.now();
let maxRssDuringFill = rssBefore;
for (let i = 0; i < REMEMBERED; i++) {
  // Issued over the past hour: exps spread over the next one.
  const exp = now + 1 + Math.floor((i * LIFETIME) / REMEMBERED);
  if (store.remember(CLIENT_ID, `bulk-${i}`, exp, now) !== 'fresh') throw new Error('not fresh');
  if (i % 100_000 === 0) maxRssDuringFill = Math.max(maxRssDuringFill, process.memoryUsage().rss);
}
const fillSeconds = (performance.now() - t0) / 1000;
maxRssDuringFill = Math.max(maxRssDuringFill, process.memoryUsage().rss);
const rssAfterFill = settle();
const tableSlots = store.slots;
const storeBytes = store.bytes;

// /token over HTTP while a million ids are live: fresh hour-long assertions, then a replay.
const latencies = [];
let accepted;
const outcomes = {};
for (let i = 0; i < HTTP_CALLS; i++) {
  const assertion = await hourLong();
  accepted ??= assertion;
  const { ms, body } = await token(assertion);
  latencies.push(ms);
  outcomes[body.error] = (outcomes[body.error] ?? 0) + 1;
}
const replay = await token(accepted);
latencies.sort((a, b) => a - b);
const liveDuringCalls = store.size;
const rssAfterCalls = settle();

// An hour and two minutes later every bucket has passed: the next /token calls drop them, a few
// thousand ids each.
clock.t += (LIFETIME + 120) * 1000;
let dropSlowestMs = 0;
let dropCalls = 0;
while (store.size > dropCalls + 1 && dropCalls < 2 * HTTP_CALLS) {
  const { ms } = await token(await hourLong());
  dropSlowestMs = Math.max(dropSlowestMs, ms);
  dropCalls++;
}
const rssAfterDrop = settle();

console.log(
  JSON.stringify({
    remembered: REMEMBERED,
    lifetimeSeconds: LIFETIME,
    fillSeconds: Math.round(fillSeconds * 100) / 100,
    checksPerSecond: Math.round(REMEMBERED / fillSeconds),
    tableSlots,
    storeMiB: toMiB(storeBytes),
    rssBeforeMiB: toMiB(rssBefore),
    rssMaxDuringFillMiB: toMiB(maxRssDuringFill),
    rssAfterFillMiB: toMiB(rssAfterFill),
    rssGrowthMiB: toMiB(Math.max(maxRssDuringFill, rssAfterFill, rssAfterCalls) - rssBefore),
    liveIdsDuringCalls: liveDuringCalls,
    tokenCalls: HTTP_CALLS,
    tokenOutcomes: outcomes,
    tokenSlowestMs: round(latencies.at(-1)),
    tokenP99Ms: round(latencies[Math.floor(latencies.length * 0.99) - 1]),
    tokenMedianMs: round(latencies[Math.floor(latencies.length / 2)]),
    replayRefused: replay.body.error_description,
    dropCalls,
    dropSlowestTokenMs: round(dropSlowestMs),
    liveIdsAfterDrop: store.size,
    storeMiBAfterDrop: toMiB(store.bytes),
    rssAfterDropMiB: toMiB(rssAfterDrop),
  }),
);
agent.destroy();
await started.value.close();
process.exit(0);
