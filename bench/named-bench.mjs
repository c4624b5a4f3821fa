#!/usr/bin/env node
/**
 * `npm run bench:named`: the root simulator and a named simulator (/sim/bench/) of the same
 * headless process side by side, under the same complete sign-in flows, in alternating rounds so
 * that both meet the same machine. Prints flows/s and server CPU per flow for each, and their
 * difference. Usage: node bench/named-bench.mjs [--duration S] [--clients N] [--rounds N]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureBuilt, startSimulatorProcess } from './lib/processes.mjs';
import {
  benchConfig,
  createClientKey,
  fetchVerificationKeys,
  getJson,
  postConfig,
  runClosedLoop,
  simulatorFlow,
} from './lib/flows.mjs';
import { processUsage } from './lib/stats.mjs';

const log = (msg) => console.error(`bench:named: ${msg}`);
const round = (v, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

function parse(argv) {
  const out = { duration: 5, clients: 16, rounds: 3 };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]?.replace(/^--/, '');
    const n = Number(argv[i + 1]);
    if (!(key in out) || !Number.isInteger(n) || n < 1 || n > 3600) {
      console.error(
        `bench:named: unknown option or bad value near "${argv[i]}" (see the file's header)`,
      );
      process.exit(2);
    }
    out[key] = n;
    i++;
  }
  return out;
}

async function context(base, clientKey) {
  await postConfig(base, benchConfig(clientKey.publicPem));
  const discovery = await getJson(base, '/.well-known/openid-configuration');
  return {
    base: new URL(base),
    issuer: discovery.issuer,
    clientKey: clientKey.privateKey,
    keys: await fetchVerificationKeys(base),
    mode: 'auth',
  };
}

async function main() {
  const opts = parse(process.argv.slice(2));
  ensureBuilt();
  const server = await startSimulatorProcess();
  const pid = server.child.pid;
  try {
    const clientKey = await createClientKey();
    const targets = {
      root: await context(server.base, clientKey),
      named: await context(`${server.base}/sim/bench`, clientKey),
    };
    log('warming up both (8 s each)');
    for (const ctx of Object.values(targets))
      await runClosedLoop(simulatorFlow, ctx, { clients: opts.clients, seconds: 8 });

    const totals = {
      root: { flows: 0, seconds: 0, cpu: 0, failures: 0 },
      named: { flows: 0, seconds: 0, cpu: 0, failures: 0 },
    };
    for (let round_ = 1; round_ <= opts.rounds; round_++) {
      for (const name of round_ % 2 ? ['root', 'named'] : ['named', 'root']) {
        const before = processUsage(pid).cpuSeconds;
        const r = await runClosedLoop(simulatorFlow, targets[name], {
          clients: opts.clients,
          seconds: opts.duration,
        });
        const cpu = processUsage(pid).cpuSeconds - before;
        const t = totals[name];
        t.flows += r.flows;
        t.seconds += r.seconds;
        t.cpu += cpu;
        t.failures += r.failures;
        log(
          `round ${round_} ${name}: ${r.flowsPerSecond} flows/s, ${round((cpu * 1000) / r.flows, 3)} ms CPU/flow, ${r.failures} failures`,
        );
      }
    }
    const summary = Object.fromEntries(
      Object.entries(totals).map(([name, t]) => [
        name,
        {
          flows: t.flows,
          failures: t.failures,
          flowsPerSecond: round(t.flows / t.seconds, 1),
          serverCpuMsPerFlow: round((t.cpu * 1000) / t.flows, 3),
        },
      ]),
    );
    const diff = (key) => round((summary.named[key] / summary.root[key] - 1) * 100, 1);
    const report = {
      startedAt: new Date().toISOString(),
      options: opts,
      ...summary,
      namedVsRootPercent: {
        flowsPerSecond: diff('flowsPerSecond'),
        serverCpuMsPerFlow: diff('serverCpuMsPerFlow'),
      },
    };
    console.log(`| simulator | flows/s | server CPU ms/flow | failures |`);
    console.log(`| --- | ---: | ---: | ---: |`);
    for (const name of ['root', 'named'])
      console.log(
        `| ${name === 'root' ? 'root (/)' : 'named (/sim/bench/)'} | ${summary[name].flowsPerSecond} | ${summary[name].serverCpuMsPerFlow} | ${summary[name].failures} |`,
      );
    console.log(
      `named vs root: flows/s ${report.namedVsRootPercent.flowsPerSecond} %, CPU per flow ${report.namedVsRootPercent.serverCpuMsPerFlow} %`,
    );
    const dir = join(ROOT, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `named-${Date.now()}.json`), `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(`bench:named: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
