#!/usr/bin/env node
/**
 * `node bench/cpu-ab.mjs --base DIR [options]`: server CPU per flow of two builds of the simulator
 * side by side, in the same conditions: the build in DIR (say, a `git worktree` of an older commit,
 * built) and this one, each as one headless process (its dist/server/src/headless.mjs), plus the
 * bare Express floor. Phases alternate (floor, base, this one, for each flow kind, window closed
 * and open) for several rounds, so the machine's other load falls on both builds alike; it
 * prints the median of each, with the ratio to the floor and of this build to the base.
 *   --base DIR      the other checkout (built)
 *   --this DIR      the checkout to compare with it (default: this one)
 *   --rounds N      rounds (default 5)
 *   --seconds S     measured seconds per phase (default 4; each after 1 s of unmeasured load)
 *   --clients N     concurrent clients (default 16)
 *   --closed-only   skip the phases with the window open
 */
import { join, resolve } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseOptions } from './lib/options.mjs';
import {
  ROOT,
  spawnNode,
  freePort,
  headlessNodeFlags,
  startFloorProcess,
} from './lib/processes.mjs';
import {
  benchConfig,
  createClientKey,
  fetchVerificationKeys,
  floorFlow,
  getJson,
  openWindow,
  postConfig,
  runClosedLoop,
  simulatorFlow,
} from './lib/flows.mjs';
import { processUsage } from './lib/stats.mjs';

const argv = process.argv.slice(2);
const baseAt = argv.indexOf('--base');
const baseDir = baseAt === -1 ? undefined : argv.splice(baseAt, 2)[1];
const thisAt = argv.indexOf('--this');
const thisDir = thisAt === -1 ? ROOT : argv.splice(thisAt, 2)[1];
const parsed = parseOptions(
  argv,
  {
    rounds: { kind: 'int', min: 1, max: 100 },
    seconds: { kind: 'number', min: 1, max: 600 },
    clients: { kind: 'int', min: 1, max: 1024 },
    closedOnly: { kind: 'bool' },
  },
  { rounds: 5, seconds: 4, clients: 16, closedOnly: false },
);
if (!parsed.ok) {
  console.error(`cpu-ab: ${parsed.message}`);
  process.exit(2);
}
const opts = parsed.value;
if (!baseDir) {
  console.error('cpu-ab: --base DIR is required (a built checkout to compare with)');
  process.exit(2);
}
const log = (m) => console.error(`cpu-ab: ${m}`);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];
const round = (v, d = 3) => Math.round(v * 10 ** d) / 10 ** d;

async function startSimulator(root) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await spawnNode(
    [...headlessNodeFlags(), join(root, 'dist/server/src/headless.mjs'), '--port', String(port)],
    { env: { PORT: String(port), SIMULATOR_URL: base } },
  );
  const clientKey = await createClientKey();
  await postConfig(base, benchConfig(clientKey.publicPem));
  const discovery = await getJson(base, '/.well-known/openid-configuration');
  return {
    server,
    ctx: {
      base: new URL(base),
      issuer: discovery.issuer,
      clientKey: clientKey.privateKey,
      keys: await fetchVerificationKeys(base),
    },
  };
}

async function measure(pid, flow, ctx, window) {
  const tester = window ? await openWindow(ctx.base.href) : undefined;
  await runClosedLoop(flow, ctx, { clients: opts.clients, seconds: 1 });
  const before = processUsage(pid).cpuSeconds;
  const r = await runClosedLoop(flow, ctx, { clients: opts.clients, seconds: opts.seconds });
  const cpu = processUsage(pid).cpuSeconds - before;
  await tester?.close();
  if (r.failures) throw new Error(`${r.failures} flows failed: ${r.firstFailures?.join(' | ')}`);
  return { cpuMsPerFlow: (cpu * 1000) / r.flows, flowsPerSecond: r.flowsPerSecond };
}

async function main() {
  const baseRoot = resolve(baseDir);
  const floor = await startFloorProcess();
  const contestants = {
    base: await startSimulator(baseRoot),
    this: await startSimulator(resolve(thisDir)),
  };
  const floorCtx = { base: new URL(floor.base) };
  const kinds = [
    ['auth', false],
    ['identity', false],
    ...(opts.closedOnly
      ? []
      : [
          ['auth', true],
          ['identity', true],
        ]),
  ];
  const results = {};
  const add = (key, value) => (results[key] ??= []).push(value);
  try {
    for (const c of Object.values(contestants))
      await runClosedLoop(
        simulatorFlow,
        { ...c.ctx, mode: 'auth' },
        { clients: opts.clients, seconds: 6 },
      );
    for (let round_ = 1; round_ <= opts.rounds; round_++) {
      add('floor', await measure(floor.child.pid, floorFlow, floorCtx, false));
      for (const [mode, window] of kinds) {
        // Alternate which build goes first.
        const order = round_ % 2 ? ['base', 'this'] : ['this', 'base'];
        for (const name of order) {
          const c = contestants[name];
          add(
            `${name} ${mode}${window ? ' window' : ''}`,
            await measure(c.server.child.pid, simulatorFlow, { ...c.ctx, mode }, window),
          );
        }
      }
      log(`round ${round_} of ${opts.rounds} done`);
    }
  } finally {
    await floor.stop();
    for (const c of Object.values(contestants)) await c.server.stop('SIGTERM');
  }
  const floorMs = median(results.floor.map((r) => r.cpuMsPerFlow));
  const rows = [
    [
      'phase',
      'CPU ms/flow (median)',
      '× floor',
      'this ÷ base',
      'paired ÷ (median)',
      'flows/s (median)',
    ],
  ];
  const out = { options: opts, floorMs, phases: {} };
  for (const [key, runs] of Object.entries(results)) {
    const ms = median(runs.map((r) => r.cpuMsPerFlow));
    const other = key.startsWith('this ') ? results[key.replace(/^this /, 'base ')] : undefined;
    const vsBase = other ? round(ms / median(other.map((r) => r.cpuMsPerFlow)), 2) : '';
    // Each round's two builds ran one after the other: the ratio within a round is the least
    // disturbed by the machine's load, which drifts from round to round.
    const paired = other
      ? round(median(runs.map((r, i) => r.cpuMsPerFlow / other[i].cpuMsPerFlow)), 2)
      : '';
    out.phases[key] = { runs, medianCpuMsPerFlow: ms };
    rows.push([
      key,
      round(ms),
      round(ms / floorMs, 2),
      vsBase,
      paired,
      median(runs.map((r) => r.flowsPerSecond)),
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const r of rows) console.log(r.map((c, i) => String(c).padStart(widths[i])).join('  '));
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `cpu-ab-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nResults written to ${file}`);
}

main().catch((error) => {
  console.error(`cpu-ab: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
