#!/usr/bin/env node
/**
 * `npm run soak`: keeps the headless simulator under closed-loop load for --minutes (10 by
 * default) and samples its heap after a forced GC every --sample-seconds. After --warmup-minutes
 * (the bounded stores fill up) the heap must stay within --max-growth-mib of the first sample
 * taken after warm-up, and no flow may fail; otherwise the exit code is 1. Not run in CI.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOAK_USAGE, parseSoakOptions } from './lib/options.mjs';
import { ROOT, ensureBuilt, freePort, startSimulatorProcess } from './lib/processes.mjs';
import {
  benchConfig,
  createClientKey,
  fetchVerificationKeys,
  getJson,
  postConfig,
  runClosedLoop,
  simulatorFlow,
} from './lib/flows.mjs';
import { processUsage, toMiB } from './lib/stats.mjs';

const parsed = parseSoakOptions(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`soak: ${parsed.message}`);
  process.exit(2);
}
const opts = parsed.value;
if (opts.help) {
  console.log(SOAK_USAGE);
  process.exit(0);
}

async function main() {
  ensureBuilt();
  const probePort = await freePort();
  const server = await startSimulatorProcess({ probePort });
  const samples = [];
  let failures = 0;
  let flows = 0;
  const firstFailures = [];
  try {
    const key = await createClientKey();
    await postConfig(server.base, benchConfig(key.publicPem));
    const discovery = await getJson(server.base, '/.well-known/openid-configuration');
    const modes = opts.mode === 'both' ? ['auth', 'identity'] : [opts.mode];
    let n = 0;
    const flow = (ctx, rec) => simulatorFlow({ ...ctx, mode: modes[n++ % modes.length] }, rec);
    const ctx = {
      base: new URL(server.base),
      issuer: discovery.issuer,
      clientKey: key.privateKey,
      keys: await fetchVerificationKeys(server.base),
    };
    const started = performance.now();
    const end = started + opts.minutes * 60_000;
    console.log(
      `soak: ${opts.minutes} min of ${opts.mode} flows with ${opts.clients} clients; heap sampled every ${opts.sampleSeconds} s`,
    );
    while (performance.now() < end) {
      const seconds = Math.min(opts.sampleSeconds, (end - performance.now()) / 1000);
      const r = await runClosedLoop(flow, ctx, { clients: opts.clients, seconds });
      flows += r.flows;
      failures += r.failures;
      if (r.firstFailures && firstFailures.length < 5) firstFailures.push(...r.firstFailures);
      const m = await getJson(`http://127.0.0.1:${probePort}`, '/memory');
      const minute = (performance.now() - started) / 60_000;
      const sample = {
        minute: Math.round(minute * 100) / 100,
        flows,
        flowsPerSecond: r.flowsPerSecond,
        heapUsedMiB: toMiB(m.heapUsed),
        heapTotalMiB: toMiB(m.heapTotal),
        rssMiB: toMiB(processUsage(server.child.pid).rssBytes),
        warmup: minute < opts.warmupMinutes,
      };
      samples.push(sample);
      console.log(
        `  ${sample.minute.toFixed(2)} min  ${flows} flows  ${r.flowsPerSecond} flows/s  heap ${sample.heapUsedMiB} MiB  RSS ${sample.rssMiB} MiB${sample.warmup ? '  (warm-up)' : ''}${r.failures ? `  ${r.failures} FAILED` : ''}`,
      );
    }
  } finally {
    await server.stop();
  }

  const measured = samples.filter((s) => !s.warmup);
  const baseline = measured[0]?.heapUsedMiB;
  const peak = Math.max(...measured.map((s) => s.heapUsedMiB));
  const growth = baseline === undefined ? null : Math.round((peak - baseline) * 100) / 100;
  const verdicts = [
    measured.length < 2
      ? 'FAIL: fewer than two samples after warm-up (lengthen --minutes or shorten --sample-seconds)'
      : growth > opts.maxGrowthMib
        ? `FAIL: heap grew ${growth} MiB after warm-up (limit ${opts.maxGrowthMib} MiB)`
        : `PASS: heap after GC stayed within ${growth} MiB of ${baseline} MiB after warm-up (limit ${opts.maxGrowthMib} MiB)`,
    failures
      ? `FAIL: ${failures} of ${flows + failures} flows failed (${firstFailures.join(' | ')})`
      : `PASS: ${flows} flows, none failed`,
  ];
  for (const v of verdicts) console.log(v);
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    out,
    `${JSON.stringify({ options: opts, samples, growthMiB: growth, failures, verdicts }, null, 2)}\n`,
  );
  console.log(`Results written to ${out}`);
  process.exitCode = verdicts.some((v) => v.startsWith('FAIL')) ? 1 : 0;
}

main().catch((error) => {
  console.error(`soak: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
