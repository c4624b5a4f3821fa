/**
 * Command-line options of the benchmark and the soak script. Pure: parse(argv) answers the
 * options or a message saying what is wrong.
 */

export const MODES = ['auth', 'identity', 'both'];

const BENCH_DEFAULTS = {
  duration: 10,
  clients: 16,
  latencyClients: 4,
  mode: 'both',
  flows: 100_000,
  warmupFlows: 80_000,
  strict: false,
  profile: false,
  help: false,
};

export const BENCH_USAGE = `Usage: node bench/run-bench.mjs [options]

Runs complete sign-in flows (authorize → token → userinfo) against the headless simulator and
against a bare Express floor, and checks the performance targets.
  --duration S       seconds of measured load per throughput phase (default ${BENCH_DEFAULTS.duration})
  --clients N        concurrent clients of the throughput phases (default ${BENCH_DEFAULTS.clients})
  --mode M           auth, identity or both (default ${BENCH_DEFAULTS.mode})
  --flows N          flows of the memory phase, after warm-up; 0 skips it (default ${BENCH_DEFAULTS.flows})
  --warmup-flows N   flows the server must have served before the memory baseline (default ${BENCH_DEFAULTS.warmupFlows}:
                     the largest store, 20,000 used assertion ids, is full after 20,000 flows;
                     the rest lets every store's hash table settle)
  --profile          profile each 16-client phase (and the floor) and print a flow's CPU by component
  --strict           exit 1 when a target is missed (otherwise always 0)
  --help             this text`;

function wholeNumber(raw, { min, max }) {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

function positiveNumber(raw, { min, max }) {
  if (raw === undefined || !/^\d+(\.\d+)?$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

/**
 * Reads `--name value`, `--name=value` and boolean `--flag`s.
 * @param {readonly string[]} argv
 * @param {Record<string, {kind: 'bool'} | {kind: 'int' | 'number', min: number, max: number} | {kind: 'enum' | 'list', values: readonly string[]}>} spec
 * @param {Record<string, unknown>} defaults
 */
export function parseOptions(argv, spec, defaults) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq !== -1 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('--') && eq !== -1 ? arg.slice(eq + 1) : undefined;
    const name = flag.replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    const rule = flag.startsWith('--') ? spec[name] : undefined;
    if (!rule) return { ok: false, message: `unknown option "${arg}" (see --help)` };
    if (rule.kind === 'bool') {
      if (inline !== undefined) return { ok: false, message: `${flag} takes no value` };
      options[name] = true;
      continue;
    }
    const raw = inline ?? argv[++i];
    if (rule.kind === 'list') {
      const items = (raw ?? '').split(',');
      const wrong = items.find((item) => !rule.values.includes(item));
      if (wrong !== undefined)
        return {
          ok: false,
          message: `${flag} takes some of ${rule.values.join(', ')} (comma-separated), got "${raw ?? ''}"`,
        };
      options[name] = [...new Set(items)];
      continue;
    }
    if (rule.kind === 'enum') {
      if (!rule.values.includes(raw))
        return {
          ok: false,
          message: `${flag} must be one of ${rule.values.join(', ')}, got "${raw ?? ''}"`,
        };
      options[name] = raw;
      continue;
    }
    const value = rule.kind === 'int' ? wholeNumber(raw, rule) : positiveNumber(raw, rule);
    if (value === null)
      return {
        ok: false,
        message: `${flag} must be a ${rule.kind === 'int' ? 'whole ' : ''}number from ${rule.min} to ${rule.max}, got "${raw ?? ''}"`,
      };
    options[name] = value;
  }
  return { ok: true, value: options };
}

const BENCH_SPEC = {
  duration: { kind: 'number', min: 1, max: 3600 },
  clients: { kind: 'int', min: 1, max: 1024 },
  latencyClients: { kind: 'int', min: 1, max: 1024 },
  mode: { kind: 'enum', values: MODES },
  flows: { kind: 'int', min: 0, max: 100_000_000 },
  warmupFlows: { kind: 'int', min: 0, max: 100_000_000 },
  strict: { kind: 'bool' },
  profile: { kind: 'bool' },
  help: { kind: 'bool' },
};

/** @param {readonly string[]} argv */
export function parseBenchOptions(argv) {
  return parseOptions(argv, BENCH_SPEC, BENCH_DEFAULTS);
}

const SOAK_DEFAULTS = {
  minutes: 10,
  clients: 16,
  mode: 'auth',
  sampleSeconds: 30,
  warmupMinutes: 5,
  maxGrowthMib: 4,
  help: false,
};

export const SOAK_USAGE = `Usage: node bench/soak.mjs [options]

Keeps the headless simulator under load and samples its heap after a forced GC. Fails (exit 1)
when the heap grows by more than the threshold after warm-up, or when flows fail.
  --minutes M          minutes of load (default ${SOAK_DEFAULTS.minutes})
  --clients N          concurrent clients (default ${SOAK_DEFAULTS.clients})
  --mode M             auth, identity or both (alternating) (default ${SOAK_DEFAULTS.mode})
  --sample-seconds S   seconds between heap samples (default ${SOAK_DEFAULTS.sampleSeconds})
  --warmup-minutes M   minutes before the baseline sample (default ${SOAK_DEFAULTS.warmupMinutes}: the longest-lived
                       store entry, a used assertion id, is kept 5 minutes, so the stores are
                       full by then at any rate above ~170 flows/s)
  --max-growth-mib X   allowed heap growth after warm-up, MiB (default ${SOAK_DEFAULTS.maxGrowthMib})
  --help               this text`;

const SOAK_SPEC = {
  minutes: { kind: 'number', min: 0.05, max: 24 * 60 },
  clients: { kind: 'int', min: 1, max: 1024 },
  mode: { kind: 'enum', values: MODES },
  sampleSeconds: { kind: 'number', min: 1, max: 3600 },
  warmupMinutes: { kind: 'number', min: 0, max: 24 * 60 },
  maxGrowthMib: { kind: 'number', min: 0, max: 10_000 },
  help: { kind: 'bool' },
};

/** @param {readonly string[]} argv */
export function parseSoakOptions(argv) {
  const parsed = parseOptions(argv, SOAK_SPEC, SOAK_DEFAULTS);
  if (parsed.ok && parsed.value.warmupMinutes >= parsed.value.minutes)
    return { ok: false, message: '--warmup-minutes must be less than --minutes' };
  return parsed;
}

export const RESOURCE_SCENARIOS = [
  'stalled-readers',
  'floods',
  'million-assertions',
  'log-memory',
  'log-memory-noise',
  'connection-cap',
  'interactive-codes',
];

export const RESOURCES_USAGE = `Usage: node bench/resources.mjs [options]

Measures what hostile load costs the headless simulator (see the README, Performance).
  --only NAME[,NAME]  run only these scenarios: ${RESOURCE_SCENARIOS.join(', ')} (default: all)
  --strict            exit 1 when a target is missed (otherwise always 0)
  --help              this text`;

const RESOURCES_SPEC = {
  only: { kind: 'list', values: RESOURCE_SCENARIOS },
  strict: { kind: 'bool' },
  help: { kind: 'bool' },
};

/** @param {readonly string[]} argv */
export function parseResourcesOptions(argv) {
  return parseOptions(argv, RESOURCES_SPEC, {
    only: [...RESOURCE_SCENARIOS],
    strict: false,
    help: false,
  });
}
