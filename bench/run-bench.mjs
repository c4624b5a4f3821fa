#!/usr/bin/env node
/**
 * `npm run bench`: measures the headless simulator (dist/server/src/headless.mjs, started as a user
 * starts it) under complete sign-in flows, next to a bare Express floor on the same machine, and
 * checks the performance targets. Prints a table, writes bench/results/<timestamp>.json, and exits
 * 0 unless --strict is given and a target is missed.
 */
import os from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_USAGE, parseBenchOptions } from './lib/options.mjs';
import {
  ROOT,
  ensureBuilt,
  freePort,
  startFloorProcess,
  startSimulatorProcess,
} from './lib/processes.mjs';
import {
  benchConfig,
  createClientKey,
  fetchVerificationKeys,
  firstAnsweredRoot,
  floorFlow,
  getJson,
  openWindow,
  postConfig,
  runClosedLoop,
  simulatorFlow,
} from './lib/flows.mjs';
import { MiB, processUsage, toMiB } from './lib/stats.mjs';
import { COMPONENTS, summariseProfile } from './lib/profile-summary.mjs';

/**
 * Server CPU per flow, as a multiple of the bare Express floor's in the same run, that each flow
 * kind must stay within at --clients clients, window closed and open: the ratio moves far less
 * with the machine's other load than flows/s do. The limits are the goal of half the CPU per flow
 * the simulator spent at the end of November 2026 (auth 2.8-3.0 × floor, identity 2.6-3.3 ×,
 * measured on the 2-CPU machine of docs/performance.md). With the window open (one event-stream
 * client), a flow may cost at most windowOpenExtra more than with it closed.
 */
export const CPU_TARGETS = {
  authCpuTimesFloor: 1.45,
  identityCpuTimesFloor: 1.5,
  windowOpenExtra: 0.2,
};

const TARGETS = {
  startupMs: 250,
  authFlowsPerSecond: 1000,
  identityFlowsPerSecond: 800,
  flowP50Ms: 5,
  heapFlatMiB: 2,
  heapFlatFlows: 100_000,
  rssMiB: 120,
  rssAfterLoadSeconds: 60,
  ...CPU_TARGETS,
};
const STARTUP_RUNS = 5;
/**
 * Unmeasured load before each phase. A fresh process needs longer: in its first seconds V8 is
 * still compiling the hot paths and growing its heap (about a third fewer flows/s in the first
 * 8 s, as measured), so the first phase of each process gets FIRST_WARMUP_SECONDS.
 */
const WARMUP_SECONDS = 1;
const FIRST_WARMUP_SECONDS = 8;
const warmedUp = new Set();

const parsed = parseBenchOptions(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`bench: ${parsed.message}`);
  process.exit(2);
}
const opts = parsed.value;
if (opts.help) {
  console.log(BENCH_USAGE);
  process.exit(0);
}

const log = (msg) => console.error(`bench: ${msg}`);
const round = (v, digits = 2) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    availableParallelism: os.availableParallelism(),
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryMiB: Math.round(os.totalmem() / MiB),
    /** 1, 5 and 15 minute load averages when the run started: other work skews every figure. */
    loadAverage: os.loadavg().map((l) => round(l, 2)),
  };
}

/** Start-up: spawn → URL line → first answered GET /, on a fresh process each time. */
async function measureStartup() {
  const runs = [];
  for (let i = 0; i < STARTUP_RUNS; i++) {
    const server = await startSimulatorProcess();
    const answeredAt = await firstAnsweredRoot(server.base);
    runs.push({
      urlLineMs: round(server.urlAt - server.spawnedAt, 1),
      firstAnsweredMs: round(answeredAt - server.spawnedAt, 1),
    });
    const code = await server.stop('SIGTERM');
    if (code !== 0) throw new Error(`simulator exited with ${code} on SIGTERM`);
  }
  const firstAnswered = runs.map((r) => r.firstAnsweredMs);
  return { runs, medianMs: median(firstAnswered), maxMs: Math.max(...firstAnswered) };
}

/** Counts seconds of load on the server and samples its RSS every second. */
function createLoadMeter(pid) {
  let loadMs = 0;
  let runningSince = null;
  let rssAt60s = null;
  let maxRss = 0;
  const timer = setInterval(() => {
    const { rssBytes } = processUsage(pid);
    maxRss = Math.max(maxRss, rssBytes);
    if (rssAt60s === null && seconds() >= TARGETS.rssAfterLoadSeconds) rssAt60s = rssBytes;
  }, 1000);
  timer.unref();
  const seconds = () =>
    (loadMs + (runningSince === null ? 0 : performance.now() - runningSince)) / 1000;
  return {
    start() {
      runningSince = performance.now();
    },
    stop() {
      if (runningSince !== null) loadMs += performance.now() - runningSince;
      runningSince = null;
    },
    seconds,
    result: () => ({
      loadSeconds: round(seconds(), 1),
      rssAt60sBytes: rssAt60s,
      maxRssBytes: maxRss,
    }),
    close: () => clearInterval(timer),
  };
}

/** The probe's profiler (bench/memory-probe.mjs), over one measured phase. */
async function startProfile(probePort) {
  const res = await fetch(`http://127.0.0.1:${probePort}/profile/start?intervalUs=250`, {
    method: 'POST',
  });
  if (!res.ok) throw new Error(`profile start answered ${res.status}`);
}
async function stopProfile(probePort, name) {
  const res = await fetch(`http://127.0.0.1:${probePort}/profile/stop`, { method: 'POST' });
  if (!res.ok) throw new Error(`profile stop answered ${res.status}`);
  const profile = await res.json();
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `profile-${Date.now()}-${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return { file, ...summariseProfile(profile) };
}

/**
 * Runs one measured phase (after a short unmeasured warm-up), with server and client CPU. With
 * `window`, an event-stream client (the tester's window) is connected before the warm-up (its
 * replay of the log is not measured) and reads every event of the phase. With `profileProbe`, the
 * measured part runs under the CPU profiler.
 */
async function phase(
  name,
  flow,
  ctx,
  { clients, seconds, flows, window = false, profileProbe },
  meter,
  pid,
) {
  const tester = window ? await openWindow(ctx.base.href) : undefined;
  meter?.start();
  if (seconds !== undefined) {
    const warmup = warmedUp.has(pid) ? WARMUP_SECONDS : FIRST_WARMUP_SECONDS;
    warmedUp.add(pid);
    await runClosedLoop(flow, ctx, { clients, seconds: warmup });
  }
  if (profileProbe) await startProfile(profileProbe);
  const eventsBefore = tester?.stats.exchanges ?? 0;
  const before = processUsage(pid);
  const clientBefore = process.cpuUsage();
  const result = await runClosedLoop(flow, ctx, { clients, seconds, flows });
  const after = processUsage(pid);
  const client = process.cpuUsage(clientBefore);
  meter?.stop();
  const profile = profileProbe ? await stopProfile(profileProbe, name) : undefined;
  // The last events may still be on their way.
  if (tester) await new Promise((r) => setTimeout(r, 200));
  const windowExchanges = tester ? tester.stats.exchanges - eventsBefore : undefined;
  await tester?.close();
  const perFlow = (cpuSeconds) =>
    result.flows ? round((cpuSeconds * 1000) / result.flows, 3) : null;
  const out = {
    name,
    mode: ctx.mode ?? 'floor',
    clients,
    ...result,
    serverCpuMsPerFlow: perFlow(after.cpuSeconds - before.cpuSeconds),
    serverCpuUtilisation: round((after.cpuSeconds - before.cpuSeconds) / result.seconds, 2),
    clientCpuMsPerFlow: perFlow((client.user + client.system) / 1e6),
    serverRssMiB: toMiB(after.rssBytes),
    ...(tester ? { window: true, windowExchanges } : {}),
    ...(profile ? { profile } : {}),
  };
  log(
    `${name}: ${out.flowsPerSecond} flows/s, flow p50 ${out.latencyMs.flow.p50} ms, ${out.failures} failures`,
  );
  if (result.firstFailures) log(`  first failures: ${result.firstFailures.join(' | ')}`);
  if (tester) log(`  window: ${windowExchanges} exchange events for ${result.flows * 3} requests`);
  return out;
}

async function probeMemory(probePort) {
  const m = await getJson(`http://127.0.0.1:${probePort}`, '/memory');
  if (!m.gc)
    throw new Error('the memory probe has no gc(); was the server started with --expose-gc?');
  return { heapUsed: m.heapUsed, heapTotal: m.heapTotal, rss: m.rss, external: m.external };
}

/** Alternates auth and identity flows, so the stores hold the same mix all along. */
function mixedFlow(modes) {
  let n = 0;
  return (ctx, rec) => simulatorFlow({ ...ctx, mode: modes[n++ % modes.length] }, rec);
}

async function main() {
  ensureBuilt();
  const started = new Date();
  const report = {
    startedAt: started.toISOString(),
    options: opts,
    machine: machine(),
    targets: TARGETS,
    notes: [
      'Client and server share the machine; the client signs a fresh ES256 private_key_jwt per flow.',
      'Each flow starts without a session cookie, so /authorize creates a session every time.',
      'Floor flows send the same requests with bodies of the same size to a bare Express app; the client signs nothing for them.',
    ],
  };
  log(`machine: ${report.machine.cpus} CPUs (${report.machine.cpuModel}), Node ${process.version}`);

  log(`start-up: ${STARTUP_RUNS} fresh processes`);
  report.startup = await measureStartup();
  log(`start-up: median ${report.startup.medianMs} ms to the first answered GET /`);

  log('floor: bare Express');
  const floorProbe = opts.profile ? await freePort() : undefined;
  const floor = await startFloorProcess({ probePort: floorProbe });
  report.phases = [];
  try {
    report.phases.push(
      await phase(
        'floor',
        floorFlow,
        { base: new URL(floor.base) },
        {
          clients: opts.clients,
          seconds: opts.duration,
          profileProbe: floorProbe,
        },
        null,
        floor.child.pid,
      ),
    );
  } catch (error) {
    await floor.stop();
    throw error;
  }
  /**
   * The floor again, right before a simulator phase, with the same clients and duration: the
   * ratio of CPU per flow is taken to it, so a spell of other load on the machine falls on both.
   */
  const withAdjacentFloor = async (run) => {
    const before = await phase(
      'floor (adjacent)',
      floorFlow,
      { base: new URL(floor.base) },
      { clients: opts.clients, seconds: opts.duration },
      null,
      floor.child.pid,
    );
    const measured = await run();
    measured.floorCpuMsPerFlow = before.serverCpuMsPerFlow;
    return measured;
  };

  const probePort = await freePort();
  // Profiled, the server runs unbundled (every function keeps its file) and each throughput
  // phase's measured part runs under the profiler, which itself costs CPU: read the CPU figures
  // of a run without --profile.
  const profileProbe = opts.profile ? probePort : undefined;
  const server = await startSimulatorProcess({ probePort, unbundled: opts.profile }).catch(
    async (error) => {
      await floor.stop();
      throw error;
    },
  );
  const pid = server.child.pid;
  const meter = createLoadMeter(pid);
  try {
    const clientKey = await createClientKey();
    await postConfig(server.base, benchConfig(clientKey.publicPem));
    const discovery = await getJson(server.base, '/.well-known/openid-configuration');
    const ctx = {
      base: new URL(server.base),
      issuer: discovery.issuer,
      clientKey: clientKey.privateKey,
      keys: await fetchVerificationKeys(server.base),
    };
    report.memory = { idle: await probeMemory(probePort) };

    const modes = opts.mode === 'both' ? ['auth', 'identity'] : [opts.mode];
    if (modes.includes('auth')) {
      report.phases.push(
        await withAdjacentFloor(() =>
          phase(
            `auth ×${opts.clients}`,
            simulatorFlow,
            { ...ctx, mode: 'auth' },
            {
              clients: opts.clients,
              seconds: opts.duration,
              profileProbe,
            },
            meter,
            pid,
          ),
        ),
      );
      report.phases.push(
        await phase(
          `auth ×${opts.latencyClients}`,
          simulatorFlow,
          { ...ctx, mode: 'auth' },
          {
            clients: opts.latencyClients,
            seconds: Math.min(opts.duration, 5),
          },
          meter,
          pid,
        ),
      );
    }
    if (modes.includes('identity')) {
      report.phases.push(
        await withAdjacentFloor(() =>
          phase(
            `identity ×${opts.clients}`,
            simulatorFlow,
            { ...ctx, mode: 'identity' },
            {
              clients: opts.clients,
              seconds: opts.duration,
              profileProbe,
            },
            meter,
            pid,
          ),
        ),
      );
      if (!modes.includes('auth'))
        report.phases.push(
          await phase(
            `identity ×${opts.latencyClients}`,
            simulatorFlow,
            { ...ctx, mode: 'identity' },
            {
              clients: opts.latencyClients,
              seconds: Math.min(opts.duration, 5),
            },
            meter,
            pid,
          ),
        );
    }

    // The same flows with the tester's window open: one client on the event stream.
    for (const mode of modes)
      report.phases.push(
        await withAdjacentFloor(() =>
          phase(
            `${mode} ×${opts.clients}, window open`,
            simulatorFlow,
            { ...ctx, mode },
            { clients: opts.clients, seconds: opts.duration, window: true, profileProbe },
            meter,
            pid,
          ),
        ),
      );

    if (opts.flows > 0) {
      const served = () =>
        report.phases.reduce((n, p) => n + (p.mode === 'floor' ? 0 : p.flows), 0);
      const flow = mixedFlow(modes);
      const warmup = opts.warmupFlows - served();
      if (warmup > 0) {
        log(`memory: ${warmup} warm-up flows (the stores fill to their steady state)`);
        report.phases.push(
          await phase(
            'memory warm-up',
            flow,
            { ...ctx, mode: modes.join('+') },
            {
              clients: opts.clients,
              flows: warmup,
            },
            meter,
            pid,
          ),
        );
      }
      const samples = [{ afterFlows: 0, ...(await probeMemory(probePort)) }];
      const chunk = Math.ceil(opts.flows / 10);
      let done = 0;
      let failures = 0;
      const t0 = performance.now();
      log(`memory: ${opts.flows} flows, heap after GC every ${chunk}`);
      while (done < opts.flows) {
        const n = Math.min(chunk, opts.flows - done);
        meter.start();
        const r = await runClosedLoop(flow, { ...ctx }, { clients: opts.clients, flows: n });
        meter.stop();
        done += r.flows + r.failures;
        failures += r.failures;
        samples.push({
          afterFlows: done,
          flowsPerSecond: r.flowsPerSecond,
          ...(await probeMemory(probePort)),
        });
      }
      const heaps = samples.map((s) => s.heapUsed);
      report.memory.flatness = {
        flows: done,
        failures,
        seconds: round((performance.now() - t0) / 1000, 1),
        baselineHeapMiB: toMiB(heaps[0]),
        endHeapMiB: toMiB(heaps[heaps.length - 1]),
        growthMiB: toMiB(heaps[heaps.length - 1] - heaps[0]),
        rangeMiB: toMiB(Math.max(...heaps) - Math.min(...heaps)),
        steadyFlowsPerSecond: median(samples.slice(1).map((s) => s.flowsPerSecond)),
        samples: samples.map((s) => ({
          afterFlows: s.afterFlows,
          flowsPerSecond: s.flowsPerSecond,
          heapUsedMiB: toMiB(s.heapUsed),
          rssMiB: toMiB(s.rss),
        })),
      };
      log(
        `memory: heap after GC ${report.memory.flatness.baselineHeapMiB} → ${report.memory.flatness.endHeapMiB} MiB (range ${report.memory.flatness.rangeMiB} MiB)`,
      );
    }
    report.memory.end = await probeMemory(probePort);
    Object.assign(report.memory, meter.result());
  } finally {
    meter.close();
    const code = await server.stop('SIGTERM');
    report.serverExitCode = code;
    await floor.stop();
  }

  report.loadAverageAtEnd = os.loadavg().map((l) => round(l, 2));
  report.results = evaluate(report);
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${started.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  print(report);
  console.log(`\nResults written to ${out}`);
  const missed = report.results.filter((r) => r.verdict === 'FAIL');
  process.exitCode = opts.strict && missed.length ? 1 : 0;
}

function evaluate(report) {
  const byName = (name) => report.phases.find((p) => p.name === name);
  const results = [];
  const check = (target, measured, pass, unit = '') =>
    results.push({
      target,
      measured: measured === null || measured === undefined ? 'n/a' : `${measured}${unit}`,
      verdict: measured === null || measured === undefined ? 'SKIP' : pass ? 'PASS' : 'FAIL',
    });
  const t = TARGETS;
  check(
    `headless start → first answered GET / ≤ ${t.startupMs} ms (median of ${STARTUP_RUNS})`,
    report.startup.medianMs,
    report.startup.medianMs <= t.startupMs,
    ' ms',
  );
  const auth = byName(`auth ×${opts.clients}`);
  check(
    `auth-only ≥ ${t.authFlowsPerSecond} flows/s at ${opts.clients} clients`,
    auth?.flowsPerSecond,
    auth?.flowsPerSecond >= t.authFlowsPerSecond,
    ' flows/s',
  );
  const identity = byName(`identity ×${opts.clients}`);
  check(
    `identity ≥ ${t.identityFlowsPerSecond} flows/s at ${opts.clients} clients`,
    identity?.flowsPerSecond,
    identity?.flowsPerSecond >= t.identityFlowsPerSecond,
    ' flows/s',
  );
  const latency =
    byName(`auth ×${opts.latencyClients}`) ?? byName(`identity ×${opts.latencyClients}`);
  const p50 = latency?.latencyMs.flow.p50;
  check(
    `flow p50 ≤ ${t.flowP50Ms} ms at ${opts.latencyClients} clients`,
    p50,
    p50 <= t.flowP50Ms,
    ' ms',
  );
  const floor = byName('floor');
  const cpuRatio = (p) => {
    const floorMs = p?.floorCpuMsPerFlow ?? floor?.serverCpuMsPerFlow;
    return p && floorMs ? round(p.serverCpuMsPerFlow / floorMs, 2) : null;
  };
  for (const [mode, limit] of [
    ['auth', t.authCpuTimesFloor],
    ['identity', t.identityCpuTimesFloor],
  ]) {
    const closed = cpuRatio(byName(`${mode} ×${opts.clients}`));
    check(
      `${mode} server CPU per flow ≤ ${limit} × floor at ${opts.clients} clients`,
      closed,
      closed <= limit,
      ' × floor',
    );
    const open = cpuRatio(byName(`${mode} ×${opts.clients}, window open`));
    check(
      `${mode} server CPU per flow, window open, ≤ ${limit} × floor`,
      open,
      open <= limit,
      ' × floor',
    );
    const extra = closed && open !== null ? round(open / closed - 1, 3) : null;
    check(
      `${mode}: window open costs ≤ ${Math.round(t.windowOpenExtra * 100)} % more CPU per flow than closed`,
      extra === null ? null : round(extra * 100, 1),
      extra <= t.windowOpenExtra,
      ' %',
    );
  }
  const flat = report.memory?.flatness;
  check(
    `heap after GC flat within ${t.heapFlatMiB} MiB across ${flat?.flows ?? t.heapFlatFlows} flows (max − min)`,
    flat?.rangeMiB,
    flat?.rangeMiB <= t.heapFlatMiB,
    ' MiB',
  );
  const rss = report.memory?.rssAt60sBytes;
  check(
    `RSS after ${t.rssAfterLoadSeconds} s of load ≤ ${t.rssMiB} MiB`,
    rss ? toMiB(rss) : null,
    rss <= t.rssMiB * MiB,
    ' MiB',
  );
  const failures = report.phases.reduce((n, p) => n + p.failures, 0) + (flat?.failures ?? 0);
  const verified = report.phases.reduce((n, p) => n + p.verified, 0);
  check(
    `every flow checked, none failed (${verified} sampled flows verified with jose)`,
    failures,
    failures === 0,
    ' failed',
  );
  check(
    'server exits 0 on SIGTERM after the load',
    report.serverExitCode,
    report.serverExitCode === 0,
  );
  return results;
}

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r, n) => {
      const line = r
        .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
        .join('  ');
      return n === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

function print(report) {
  const m = report.machine;
  console.log(`\nIdentity Simulator benchmark — ${report.startedAt}`);
  console.log(
    `${m.cpus} CPUs (${m.cpuModel}), ${m.memoryMiB} MiB, ${m.platform}, Node ${m.node}; load average at start ${m.loadAverage.join(' ')}`,
  );
  console.log(
    `Start-up (spawn → first answered GET /): median ${report.startup.medianMs} ms, max ${report.startup.maxMs} ms` +
      ` (URL line at ${median(report.startup.runs.map((r) => r.urlLineMs))} ms)\n`,
  );
  const floor = report.phases.find((p) => p.name === 'floor');
  const rows = [
    [
      'phase',
      'clients',
      'flows',
      'flows/s',
      '× floor',
      'flow p50',
      'p90',
      'p99',
      'srv CPU/flow',
      'CPU × floor',
      'srv CPU',
      'client CPU/flow',
      'failed',
    ],
  ];
  for (const p of report.phases)
    rows.push([
      p.name,
      p.clients,
      p.flows,
      p.flowsPerSecond,
      floor ? round(p.flowsPerSecond / floor.flowsPerSecond, 3) : '',
      `${p.latencyMs.flow.p50} ms`,
      `${p.latencyMs.flow.p90} ms`,
      `${p.latencyMs.flow.p99} ms`,
      `${p.serverCpuMsPerFlow} ms`,
      p.floorCpuMsPerFlow
        ? round(p.serverCpuMsPerFlow / p.floorCpuMsPerFlow, 2)
        : floor
          ? round(p.serverCpuMsPerFlow / floor.serverCpuMsPerFlow, 2)
          : '',
      `${Math.round(p.serverCpuUtilisation * 100)}%`,
      `${p.clientCpuMsPerFlow} ms`,
      p.failures,
    ]);
  console.log(table(rows));
  const adjacent = report.phases.filter((p) => p.floorCpuMsPerFlow);
  if (adjacent.length)
    console.log(
      `CPU × floor of ${adjacent.map((p) => p.name).join(', ')}: to the floor run right before each ` +
        `(${adjacent.map((p) => `${p.floorCpuMsPerFlow} ms`).join(', ')} per flow)`,
    );
  const endpointRows = [
    ['phase', 'authorize p50/p90/p99', 'token p50/p90/p99', 'userinfo p50/p90/p99'],
  ];
  const fmt = (s) => `${s.p50} / ${s.p90} / ${s.p99} ms`;
  for (const p of report.phases)
    endpointRows.push([
      p.name,
      fmt(p.latencyMs.authorize),
      fmt(p.latencyMs.token),
      fmt(p.latencyMs.userinfo),
    ]);
  console.log(`\n${table(endpointRows)}`);

  const mem = report.memory;
  if (mem) {
    console.log(
      `\nServer memory (after forced GC): idle heap ${toMiB(mem.idle.heapUsed)} MiB, RSS ${toMiB(mem.idle.rss)} MiB;` +
        ` end heap ${toMiB(mem.end.heapUsed)} MiB, RSS ${toMiB(mem.end.rss)} MiB; max RSS under load ${toMiB(mem.maxRssBytes)} MiB` +
        ` over ${mem.loadSeconds} s of load`,
    );
    if (mem.flatness) {
      const f = mem.flatness;
      console.log(
        `Heap across ${f.flows} flows: ${f.samples.map((s) => s.heapUsedMiB).join(' → ')} MiB (range ${f.rangeMiB} MiB); ` +
          `steady-state throughput (stores full, ${opts.mode} flows alternating) ${f.steadyFlowsPerSecond} flows/s`,
      );
    }
  }
  const profiled = report.phases.filter((p) => p.profile);
  if (profiled.length) {
    console.log(
      '\nServer CPU profile of each measured phase (main thread, self time; µs per flow, then % of the phase)',
    );
    console.log(
      table([
        ['component', ...profiled.map((p) => p.name)],
        ...COMPONENTS.map((c) => [
          c,
          ...profiled.map((p) => {
            const entry = p.profile.components.find((e) => e.name === c);
            return `${Math.round((entry.ms * 1000) / p.flows)} µs  ${entry.share.toFixed(1)} %`;
          }),
        ]),
        [
          'total sampled',
          ...profiled.map((p) => `${Math.round((p.profile.totalMs * 1000) / p.flows)} µs`),
        ],
      ]),
    );
    for (const p of profiled) {
      console.log(`\n${p.name}: ${p.profile.file}`);
      console.log(
        table([
          ['function', 'self ms', '%'],
          ...p.profile.functions.map((a) => [a.name, a.ms, a.share]),
        ]),
      );
    }
  }
  console.log('\nTargets');
  console.log(
    table([
      ['target', 'measured', 'verdict'],
      ...report.results.map((r) => [r.target, r.measured, r.verdict]),
    ]),
  );
}

main().catch((error) => {
  console.error(`bench: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
