#!/usr/bin/env node
// npm run ci:rehearse: GitHub's Linux CI job, rehearsed on this machine. A fresh podman
// container from a Debian base assembled here (.ci/rehearsal-base-image: no Node, no Chromium, no
// Apache, no Python packages, no podman, no caches), a fresh `git clone` of HEAD as the
// workspace, and the Linux jobs of .github/workflows/ci.yml (as HEAD has it) run step by step as
// GitHub's runner runs them: each `if:` evaluated, `${{ }}` interpolated, `run:` scripts executed
// with bash -eo pipefail as the `runner` user with the job's environment, GITHUB_OUTPUT,
// GITHUB_ENV and GITHUB_PATH honoured between steps; each `uses:` replaced by the local
// equivalent in workflow-job-plan.mjs, an unknown one failing the rehearsal. Steps this machine
// cannot run (they reach github.com) are skipped with the reason printed.
//
//   npm run ci:rehearse                        every Linux job of ci.yml, in full
//   npm run ci:rehearse -- --until "npm ci"    stop after the first step whose name or script
//                                              contains the text (a quick check of the mechanism)
//   npm run ci:rehearse -- --job test --keep   one job; keep the container and workspace
//   npm run ci:rehearse -- --list              print the plan, run nothing
//
// The container reaches the network through this machine's (--network=host): Debian's mirror as
// apt is configured here, and the npm registry, trusting this machine's CA bundle (mounted
// read-only, NODE_EXTRA_CA_CERTS and the usual CA variables pointing at it). podman runs with
// --runtime runc.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  globSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { asText, shouldRun } from './workflow-expressions.mjs';
import {
  interpolateEnv,
  linuxJobs,
  localEquivalent,
  notRehearsable,
  parseCommandFile,
  PlanError,
  shellCommand,
  stepTitle,
  substituteEnv,
} from './workflow-job-plan.mjs';
import { interpolate } from './workflow-expressions.mjs';

const PODMAN = ['podman', '--runtime', 'runc'];
const HOST_CA = '/etc/ssl/certs/ca-certificates.crt';
const CONTAINER_CA = '/etc/ssl/host-ca-certificates.crt';
const HOME = '/home/runner';

/** Containers to remove if the rehearsal is interrupted (Ctrl-C, kill). */
const containers = new Set();

/** Reads the command line; throws on anything it does not know. */
export function parseArgs(argv) {
  const options = {
    until: undefined,
    job: undefined,
    keep: false,
    list: false,
    workflow: '.github/workflows/ci.yml',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next === '') throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--until') options.until = value();
    else if (arg === '--job') options.job = value();
    else if (arg === '--workflow') options.workflow = value();
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--list') options.list = true;
    else
      throw new Error(
        `unknown option ${arg} (known: --until TEXT, --job ID, --workflow FILE, --keep, --list)`,
      );
  }
  return options;
}

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  if (result.error || result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed: ${result.error?.message ?? result.stderr.trim()}`,
    );
  return result.stdout.trim();
}

/** Runs a command with its output on this terminal; resolves to its exit code. */
function stream(command, args, timeoutMs) {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    const timer = setTimeout(() => {
      console.error(`\n[rehearsal] step timed out after ${Math.round(timeoutMs / 60000)} min`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      done(code ?? 1);
    });
  });
}

/** This machine's file and process limits, for the container (podman raises them otherwise). */
function ulimits() {
  if (!existsSync('/proc/self/limits')) return [];
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const hard = (name) => new RegExp(`^${name}\\s+\\S+\\s+(\\d+)`, 'm').exec(limits)?.[1];
  const files = hard('Max open files');
  // No more processes than the kernel has ids for (podman refuses a higher limit there).
  const pidMax = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8').trim());
  const processes = Math.min(Number(hard('Max processes') ?? Infinity), pidMax || Infinity);
  return [
    ...(files ? ['--ulimit', `nofile=${files}:${files}`] : []),
    ...(Number.isFinite(processes) ? ['--ulimit', `nproc=${processes}:${processes}`] : []),
  ];
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const minutes = (ms) => `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;

/** The owner/name GitHub would give this repository (package.json's repository). */
function repositoryName(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const match = /github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(String(url ?? ''));
  return match ? `${match[1]}/${match[2]}` : 'local/repository';
}

async function rehearseJob({ plan, image, root, head, options, work }) {
  const { id, matrix, job, label } = plan;
  const repo = repositoryName(root);
  const name = repo.split('/')[1];
  const workspace = `${HOME}/work/${name}/${name}`;
  const jobDir = join(work, `${id}-${Object.values(matrix).join('-') || 'job'}`);
  const hostWorkspace = join(jobDir, 'workspace');
  const hostRunner = join(jobDir, 'runner');
  mkdirSync(join(hostRunner, 'temp'), { recursive: true });
  mkdirSync(join(hostRunner, 'tool-cache'), { recursive: true });
  mkdirSync(join(hostRunner, 'artifacts'), { recursive: true });

  console.log(
    `\n[rehearsal] job ${id} (runs-on ${label}${Object.keys(matrix).length ? `, matrix ${JSON.stringify(matrix)}` : ''})`,
  );
  sh('git', ['clone', '--quiet', '--no-local', '--no-checkout', root, hostWorkspace]);
  sh('git', ['-C', hostWorkspace, 'checkout', '--quiet', '--detach', head]);
  sh('chown', ['-R', '1001:1001', jobDir]);
  console.log(`[rehearsal] workspace: a fresh clone of ${head.slice(0, 12)}`);

  const container = `ci-rehearsal-${process.pid}-${id}`.replace(/[^\w.-]/g, '-');
  if (!options.keep) containers.add(container);
  const machineEnv = {
    NODE_EXTRA_CA_CERTS: CONTAINER_CA,
    SSL_CERT_FILE: CONTAINER_CA,
    CURL_CA_BUNDLE: CONTAINER_CA,
    GIT_SSL_CAINFO: CONTAINER_CA,
    REQUESTS_CA_BUNDLE: CONTAINER_CA,
  };
  for (const proxy of [
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'NO_PROXY',
    'http_proxy',
    'https_proxy',
    'no_proxy',
  ])
    if (process.env[proxy]) machineEnv[proxy] = process.env[proxy];
  sh(PODMAN[0], [
    ...PODMAN.slice(1),
    'run',
    '--detach',
    '--name',
    container,
    '--network=host',
    '--privileged',
    ...ulimits(),
    '--volume',
    `${hostWorkspace}:${workspace}`,
    '--volume',
    `${hostRunner}:${HOME}/_runner`,
    '--volume',
    `${HOST_CA}:${CONTAINER_CA}:ro`,
    image,
    'sleep',
    'infinity',
  ]);

  const runnerTemp = `${HOME}/_runner/temp`;
  const context = {
    hashFiles: (patterns) => hashWorkspaceFiles(hostWorkspace, patterns),
    github: {
      repository: repo,
      repository_owner: repo.split('/')[0],
      event_name: 'push',
      ref: 'refs/heads/main',
      ref_name: 'main',
      sha: head,
      workspace,
      event: { repository: { private: false } },
      job: id,
    },
    runner: {
      os: 'Linux',
      arch: 'X64',
      name: 'ci-rehearsal',
      temp: runnerTemp,
      tool_cache: `${HOME}/_runner/tool-cache`,
    },
    matrix,
    strategy: {},
    steps: {},
    needs: {},
    inputs: {},
    vars: {},
    secrets: {},
    job: { status: 'success' },
    env: {},
    status: 'success',
  };
  const baseEnv = {
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    HOME,
    GITHUB_WORKSPACE: workspace,
    GITHUB_REPOSITORY: repo,
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REF_NAME: 'main',
    GITHUB_SHA: head,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_JOB: id,
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    RUNNER_TEMP: runnerTemp,
    RUNNER_TOOL_CACHE: `${HOME}/_runner/tool-cache`,
    REHEARSAL_ARTIFACTS: `${HOME}/_runner/artifacts`,
    ...machineEnv,
  };
  const workflowEnv = interpolateEnv(options.workflowDoc.env, context);
  context.env = { ...workflowEnv };
  const jobEnv = interpolateEnv(job.env, context);
  context.env = { ...workflowEnv, ...jobEnv };
  const addedEnv = {};
  const addedPath = [];
  const basePath = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
  const defaults = job.defaults?.run ?? options.workflowDoc.defaults?.run ?? {};
  const jobTimeout = (Number(job['timeout-minutes']) || 360) * 60_000;
  const jobStart = Date.now();
  const results = [];

  let stopped = false;

  try {
    for (const [index, step] of job.steps.entries()) {
      const title = stepTitle(step);
      if (stopped) break;
      const started = Date.now();
      const record = (result, note = '') =>
        results.push({ title, result, ms: Date.now() - started, note });
      let runs;
      try {
        runs = shouldRun(step.if, { ...context, status: context.status });
      } catch (error) {
        throw new PlanError(`step "${title}": if: ${error.message}`);
      }
      if (!runs) {
        // Say whether the condition itself was false or an earlier failure stopped the step.
        const why =
          context.status !== 'success' && shouldRun(step.if, { ...context, status: 'success' })
            ? 'an earlier step failed'
            : `if: ${step.if ?? 'success()'}`;
        console.log(`\n[rehearsal] ─ ${title}: skipped (${why})`);
        record('skipped', why);
        continue;
      }
      const cannot = notRehearsable(step);
      if (cannot) {
        console.log(`\n[rehearsal] ─ ${title}: NOT REHEARSABLE HERE: ${cannot}`);
        record('not rehearsable', cannot);
        continue;
      }

      let script;
      let shell = step.shell ?? defaults.shell;
      if (typeof step.run === 'string') {
        script = interpolate(step.run, context);
      } else if (typeof step.uses === 'string') {
        const inputs = {};
        for (const [k, v] of Object.entries(step.with ?? {}))
          inputs[k] = interpolate(asText(v), context);
        const equivalent = localEquivalent(step.uses, inputs);
        console.log(`\n[rehearsal] ▶ ${title} → ${equivalent.what}`);
        script = equivalent.script;
        shell = 'bash';
      } else throw new PlanError(`step "${title}" has neither run nor uses`);
      if (typeof step.run === 'string') console.log(`\n[rehearsal] ▶ ${title}`);

      const stepDir = join(hostRunner, 'temp', `step-${index}`);
      mkdirSync(stepDir, { recursive: true });
      for (const file of ['output', 'env', 'path', 'summary'])
        writeFileSync(join(stepDir, file), '');
      writeFileSync(join(stepDir, 'script.sh'), script);
      chmodSync(join(stepDir, 'script.sh'), 0o755);
      sh('chown', ['-R', '1001:1001', stepDir]);
      const inContainer = `${runnerTemp}/step-${index}`;
      const stepEnv = interpolateEnv(step.env, {
        ...context,
        env: { ...context.env, ...addedEnv },
      });
      const substituted = substituteEnv({ ...context.env, ...addedEnv, ...stepEnv });
      for (const note of substituted.notes) console.log(`[rehearsal]   ${note}`);
      const env = {
        ...baseEnv,
        ...substituted.env,
        PATH: [...addedPath, basePath].join(':'),
        GITHUB_OUTPUT: `${inContainer}/output`,
        GITHUB_ENV: `${inContainer}/env`,
        GITHUB_PATH: `${inContainer}/path`,
        GITHUB_STEP_SUMMARY: `${inContainer}/summary`,
        GITHUB_ACTION: step.id ?? `__run_${index}`,
      };
      const workdir = step['working-directory'] ?? defaults['working-directory'];
      const cwd = workdir ? resolve(workspace, interpolate(String(workdir), context)) : workspace;
      const timeout = Math.min(
        (Number(step['timeout-minutes']) || Infinity) * 60_000,
        jobTimeout - (Date.now() - jobStart),
      );
      const code = await stream(
        PODMAN[0],
        [
          ...PODMAN.slice(1),
          'exec',
          '--user',
          'runner',
          '--workdir',
          cwd,
          ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
          container,
          ...shellCommand(shell, `${inContainer}/script.sh`),
        ],
        Math.max(timeout, 1000),
      );
      const outputs = parseCommandFile(readFileSync(join(stepDir, 'output'), 'utf8'));
      if (step.id)
        context.steps[step.id] = { outputs, outcome: code === 0 ? 'success' : 'failure' };
      Object.assign(addedEnv, parseCommandFile(readFileSync(join(stepDir, 'env'), 'utf8')));
      for (const line of readFileSync(join(stepDir, 'path'), 'utf8').split('\n').reverse())
        if (line.trim()) addedPath.unshift(line.trim());
      if (code === 0) {
        record('success');
        console.log(`[rehearsal] ✓ ${title} (${seconds(Date.now() - started)})`);
      } else if (step['continue-on-error'] === true) {
        record('failure (continue-on-error)', `exit ${code}`);
        console.log(`[rehearsal] ✗ ${title}: exit ${code}, continuing (continue-on-error)`);
      } else {
        record('failure', `exit ${code}`);
        console.log(`[rehearsal] ✗ ${title}: exit ${code}`);
        context.status = 'failure';
        context.job.status = 'failure';
      }
      if (
        options.until &&
        (title.includes(options.until) || String(step.run ?? '').includes(options.until))
      ) {
        console.log(`[rehearsal] stopping after "${title}" (--until ${options.until})`);
        stopped = true;
      }
    }
  } finally {
    if (!options.keep)
      spawnSync(PODMAN[0], [...PODMAN.slice(1), 'rm', '--force', container], { stdio: 'ignore' });
    else console.log(`[rehearsal] kept container ${container} and ${jobDir}`);
  }
  return {
    id,
    matrix,
    results,
    ms: Date.now() - jobStart,
    ok: context.status === 'success',
    jobDir,
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const root = sh('git', ['rev-parse', '--show-toplevel']);
  const head = sh('git', ['-C', root, 'rev-parse', 'HEAD']);
  if (sh('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no']) !== '')
    console.log('[rehearsal] note: uncommitted changes are not rehearsed; the rehearsal runs HEAD');
  const workflowText = sh('git', ['-C', root, 'show', `${head}:${options.workflow}`]);
  options.workflowDoc = yaml.load(workflowText);
  let plans = linuxJobs(options.workflowDoc);
  if (options.job) plans = plans.filter((p) => p.id === options.job);
  if (plans.length === 0)
    throw new PlanError(
      `no Linux job${options.job ? ` named ${options.job}` : ''} in ${options.workflow}`,
    );

  if (options.list) {
    for (const plan of plans) {
      console.log(`job ${plan.id} (${plan.label}, matrix ${JSON.stringify(plan.matrix)})`);
      for (const step of plan.job.steps) {
        const cannot = notRehearsable(step);
        const how = step.uses
          ? localEquivalent(
              step.uses,
              Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, asText(v)])),
            ).what
          : 'run with bash';
        console.log(
          `  - ${stepTitle(step)}${step.if ? ` [if: ${step.if}]` : ''}: ${cannot ? `NOT REHEARSABLE: ${cannot}` : how}`,
        );
      }
    }
    return 0;
  }

  const started = Date.now();
  const baseScript = join(
    fileURLToPath(new URL('../..', import.meta.url)),
    '.ci',
    'rehearsal-base-image',
  );
  console.log('[rehearsal] base image (assembled with debootstrap on first use, then reused)');
  const image = sh('bash', [baseScript], { stdio: ['ignore', 'pipe', 'inherit'] })
    .split('\n')
    .at(-1);
  console.log(`[rehearsal] ${image} ready after ${seconds(Date.now() - started)}`);
  const work = mkdtempSync(join(process.env.TMPDIR || '/var/tmp', 'ci-rehearsal-'));
  const outcomes = [];
  let failed = false;
  try {
    for (const plan of plans) {
      const outcome = await rehearseJob({ plan, image, root, head, options, work });
      outcomes.push(outcome);
      if (!outcome.ok) failed = true;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    console.log('\n[rehearsal] summary');
    for (const outcome of outcomes) {
      console.log(
        `job ${outcome.id} ${JSON.stringify(outcome.matrix)}: ${outcome.ok ? 'passed' : 'FAILED'} in ${minutes(outcome.ms)}`,
      );
      for (const r of outcome.results)
        console.log(
          `  ${r.result.padEnd(16)} ${seconds(r.ms).padStart(7)}  ${r.title}${r.note ? ` (${r.note})` : ''}`,
        );
    }
    const partial = options.until ? ` (stopped after "${options.until}")` : '';
    console.log(
      `[rehearsal] ${failed ? 'FAILED' : 'passed'}${partial} in ${minutes(Date.now() - started)}, commit ${head.slice(0, 12)}`,
    );
    if (failed || options.keep) console.log(`[rehearsal] workspace and artefacts kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      for (const container of containers)
        spawnSync(PODMAN[0], [...PODMAN.slice(1), 'rm', '--force', container], { stdio: 'ignore' });
      console.error(`[rehearsal] interrupted (${signal})`);
      process.exit(130);
    });
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(
        `[rehearsal] ${error instanceof PlanError ? 'cannot rehearse' : 'error'}: ${error instanceof Error ? error.message : error}`,
      );
      process.exit(2);
    },
  );
}

/**
 * hashFiles() as the runner computes it: the SHA-256 of each file the patterns match in the
 * workspace (in path order), combined in one SHA-256; an empty string when nothing matches.
 */
export function hashWorkspaceFiles(workspaceDir, patterns) {
  const files = [
    ...new Set(patterns.flatMap((pattern) => globSync(pattern, { cwd: workspaceDir }))),
  ]
    .sort()
    .filter((file) => isFile(join(workspaceDir, file)));
  if (files.length === 0) return '';
  const all = createHash('sha256');
  for (const file of files) {
    all.update(
      createHash('sha256')
        .update(readFileSync(join(workspaceDir, file)))
        .digest(),
    );
  }
  return all.digest('hex');
}

function isFile(path) {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}
