/**
 * The release workflow (.github/workflows/release.yml, with installer-smoke-test.yml for each
 * installer) read and, where a step is plain bash, run: the tag check first and in seconds; CI,
 * installers built, each installed and started on its own system and architecture with the
 * runner image as shipped (AppArmor's restriction on, on Ubuntu); every installer's exit code
 * read; an upgrade over the previous release that keeps settings; the arm legs left out of a
 * private repository's release by a documented rule; build provenance; checksums checked with the
 * README's commands; every action pinned to a commit of a release that runs on Node 24.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { shouldRun } from '../../scripts/workflow-expressions.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'continue-on-error'?: string | boolean;
  'working-directory'?: string;
}
interface Job {
  name?: string;
  'runs-on'?: string;
  uses?: string;
  with?: Record<string, string>;
  if?: string;
  needs?: string | string[];
  environment?: string;
  'timeout-minutes'?: number;
  strategy?: { matrix?: { os?: string[]; include?: Record<string, string>[] } };
  permissions?: Record<string, string>;
  outputs?: Record<string, string>;
  env?: Record<string, string>;
  steps?: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const RELEASE_FILES = ['release.yml', 'installer-smoke-test.yml'];
const source = (file: string) => read(`.github/workflows/${file}`);
const parse = (file: string) => yaml.load(source(file)) as Workflow;
const release = parse('release.yml');
const smokeWorkflow = parse('installer-smoke-test.yml');
const jobs = release.jobs;
const smokeSteps = smokeWorkflow.jobs.smoke?.steps ?? [];
const needsOf = (job: Job | undefined): string[] =>
  job?.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs];
const runs = (steps: Step[] | undefined) => (steps ?? []).map((s) => s.run ?? '').join('\n');
const linux = (steps: Step[]) =>
  runs(steps.filter((s) => s.if?.startsWith("runner.os == 'Linux'")));
const windows = (steps: Step[]) =>
  runs(steps.filter((s) => s.if?.startsWith("runner.os == 'Windows'")));
const mac = (steps: Step[]) => runs(steps.filter((s) => s.if?.startsWith("runner.os == 'macOS'")));
/** What a tester and a maintainer read: the README and the desktop app's and developers' guides. */
const readme = ['README.md', 'docs/desktop-app.md', 'docs/developing.md'].map(read).join('\n');

const work = mkdtempSync(join(tmpdir(), 'release-workflow-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const bash = (script: string, cwd: string, env: Record<string, string> = {}) =>
  spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });

describe('release workflow: order', () => {
  it('runs on version tags only', () => {
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
  });

  it('checks the tag against package.json first, in a job every other job needs', () => {
    expect(Object.keys(jobs)[0]).toBe('version');
    const version = jobs.version as Job;
    expect(needsOf(version)).toEqual([]);
    expect(version['timeout-minutes']).toBeLessThanOrEqual(5);
    // No Node set-up, no install: a checkout of package.json and one shell step.
    expect(version.steps?.map((s) => s.uses?.split('@')[0] ?? 'run')).toEqual([
      'actions/checkout',
      'run',
    ]);
    expect(version.steps?.[0]?.with?.['sparse-checkout']).toBe('package.json');
    // Everything else waits for it, directly or through a job that does.
    const reaches = (name: string, seen = new Set<string>()): boolean =>
      needsOf(jobs[name]).some((n) => n === 'version' || (!seen.has(n) && reaches(n, seen.add(n))));
    for (const name of Object.keys(jobs).filter((n) => n !== 'version'))
      expect(reaches(name), name).toBe(true);
    expect(needsOf(jobs.ci)).toEqual(['version']);
    expect(needsOf(jobs.installers)).toEqual(['version', 'ci']);
  });

  it('fails a tag that does not name the version in package.json, and passes the version on', () => {
    const check = (jobs.version?.steps ?? []).find((s) => s.id === 'tag')?.run ?? '';
    const dir = mkdtempSync(join(work, 'tag-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: '1.4.0' }));
    const output = join(dir, 'output');
    writeFileSync(output, '');
    const good = bash(check, dir, { GITHUB_REF_NAME: 'v1.4.0', GITHUB_OUTPUT: output });
    expect(good.status).toBe(0);
    expect(readFileSync(output, 'utf8')).toBe('version=1.4.0\n');
    for (const tag of ['v1.4.1', '1.4.0', 'v1.4.0-rc.1']) {
      const bad = bash(check, dir, { GITHUB_REF_NAME: tag, GITHUB_OUTPUT: output });
      expect(bad.status, tag).toBe(1);
      expect(bad.stdout).toContain(`::error::tag ${tag} does not match package.json version 1.4.0`);
    }
  });

  it('runs the whole CI workflow on the tagged commit before building anything', () => {
    expect(jobs.ci?.uses).toBe('./.github/workflows/ci.yml');
    expect(parse('ci.yml').on).toHaveProperty('workflow_call');
  });
});

describe('release workflow: installers', () => {
  const installers = jobs.installers as Job;
  const steps = installers.steps ?? [];

  it('builds the installers with npm run dist on Linux, Windows and macOS, in the release environment', () => {
    expect(installers.strategy?.matrix?.os).toEqual([
      'ubuntu-latest',
      'windows-latest',
      'macos-latest',
    ]);
    expect(installers.environment).toBe('release');
    const dist = steps.find((s) => s.run?.includes('npm run dist'));
    const setupNode = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version-file']).toBe('.nvmrc');
    expect(Object.keys(dist?.env ?? {}).sort()).toEqual([
      'APPLE_APP_SPECIFIC_PASSWORD',
      'APPLE_ID',
      'APPLE_TEAM_ID',
      'CSC_KEY_PASSWORD',
      'CSC_LINK',
      'MAC_SIGNING_IDENTITY',
    ]);
    // Signing secrets reach the macOS job only.
    for (const value of Object.values(dist?.env ?? {}))
      expect(value).toMatch(/^\$\{\{ runner\.os == 'macOS' && secrets\.\w+ \|\| '' \}\}$/);
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(String(upload?.with?.path)).toMatch(/\.dmg[\s\S]*\.exe[\s\S]*\.AppImage[\s\S]*\.deb/);
    expect(upload?.with?.['if-no-files-found']).toBe('error');
  });

  it('signs with the Developer ID entitlements, and never notarises an ad-hoc build', () => {
    const run = steps.find((s) => s.run?.includes('npm run dist'))?.run ?? '';
    const [signed, unsigned] = run.split(/\n\s*else\n/);
    expect(signed).toMatch(/npm run dist -- "-c\.mac\.identity=\$MAC_SIGNING_IDENTITY"/);
    expect(signed).toContain('-c.mac.entitlements=resources/entitlements.mac.plist');
    expect(unsigned).toContain('npm run dist -- -c.mac.notarize=false');
    expect(unsigned).toContain('::warning::');
    const config = yaml.load(read('electron-builder.yml')) as { mac: { entitlements: string } };
    expect(config.mac.entitlements).toBe('resources/entitlements.mac.adhoc.plist');
    const plist = (name: string) => read(`resources/${name}`);
    expect(plist('entitlements.mac.adhoc.plist')).toContain('disable-library-validation');
    expect(plist('entitlements.mac.plist')).not.toContain('disable-library-validation');
    expect(plist('entitlements.mac.plist')).toContain('com.apple.security.cs.allow-jit');
  });

  it("caches Electron's and electron-builder's downloads on every system", () => {
    const cache = steps.find((s) => s.uses?.startsWith('actions/cache@'));
    const paths = String(cache?.with?.path);
    for (const folder of [
      '~/.cache/electron-builder',
      '~/Library/Caches/electron',
      '~/AppData/Local/electron/Cache',
    ])
      expect(paths).toContain(folder);
    expect(steps.indexOf(cache as Step)).toBeLessThan(
      steps.findIndex((s) => s.run?.includes('npm run dist')),
    );
  });
});

describe('release workflow: smoke tests as a tester meets the installers', () => {
  const smoke = jobs.smoke as Job;
  const arm = jobs['smoke-arm'] as Job;
  const entries = (job: Job) => job.strategy?.matrix?.include ?? [];

  it('starts every installer through installer-smoke-test.yml, on x64 and arm64 macOS', () => {
    for (const job of [smoke, arm]) {
      expect(job.uses).toBe('./.github/workflows/installer-smoke-test.yml');
      expect(needsOf(job)).toEqual(['version', 'installers']);
      expect(job.with?.version).toBe('${{ needs.version.outputs.version }}');
    }
    expect(entries(smoke)).toEqual([
      { runner: 'ubuntu-latest', 'built-on': 'ubuntu-latest', deb: 'amd64', appimage: 'x86_64' },
      { runner: 'windows-latest', 'built-on': 'windows-latest', exe: 'x64' },
      { runner: 'macos-latest', 'built-on': 'macos-latest', dmg: 'arm64' },
      { runner: 'macos-15-intel', 'built-on': 'macos-latest', dmg: 'x64' },
    ]);
    expect(entries(arm).map((e) => e.runner)).toEqual(['ubuntu-24.04-arm', 'windows-11-arm']);
    // The macOS run refuses a runner of the wrong architecture for the disk image.
    const macRun = mac(smokeSteps);
    expect(macRun).toContain('[ "$(uname -m)" = "$expected" ]');
    expect(macRun).toContain('lipo -archs');
  });

  it('runs the arm legs only in a public repository, and drafts a private release without them', () => {
    expect(arm.if).toBe('${{ github.event.repository.private == false }}');
    expect(
      entries(smoke).some((e) => /arm/.test(e.runner ?? '') && !/^macos/.test(e.runner ?? '')),
    ).toBe(false);
    const draft = jobs['draft-release'] as Job;
    expect(needsOf(draft)).toEqual(['version', 'smoke', 'smoke-arm', 'upgrade']);
    const drafts = (privateRepo: boolean, results: Record<string, string>) =>
      shouldRun(draft.if, {
        github: { event: { repository: { private: privateRepo } } },
        needs: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, { result: v }])),
        status: Object.values(results).includes('failure') ? 'failure' : 'success',
      });
    const passed = { version: 'success', smoke: 'success', upgrade: 'success' };
    expect(drafts(false, { ...passed, 'smoke-arm': 'success' })).toBe(true);
    expect(drafts(true, { ...passed, 'smoke-arm': 'skipped' })).toBe(true);
    // A public repository must have run them; a failure stops any release.
    expect(drafts(false, { ...passed, 'smoke-arm': 'skipped' })).toBe(false);
    expect(drafts(false, { ...passed, 'smoke-arm': 'failure' })).toBe(false);
    expect(drafts(true, { ...passed, smoke: 'failure', 'smoke-arm': 'skipped' })).toBe(false);
    expect(drafts(true, { ...passed, upgrade: 'failure', 'smoke-arm': 'skipped' })).toBe(false);
    expect(drafts(true, { ...passed, smoke: 'skipped', 'smoke-arm': 'skipped' })).toBe(false);
    // The choice is written where a maintainer looks for it.
    expect(source('release.yml')).toContain('serve public repositories only');
    expect(readme).toMatch(/ubuntu-24\.04-arm.*windows-11-arm[\s\S]{0,400}public repositor/);
  });

  /** Lines of a script that set the AppArmor restriction (sysctl -w, sysctl k=v, /proc writes). */
  const writesRestriction = (script: string) =>
    script
      .split('\n')
      .filter(
        (line) =>
          !line.trim().startsWith('#') &&
          /apparmor_restrict_unprivileged_userns/.test(line) &&
          (/sysctl\s[^|;&]*(-w|--write)\b/.test(line) ||
            /apparmor_restrict_unprivileged_userns\s*=/.test(line) ||
            />\s*\S*\/proc\/sys\/kernel\/apparmor_restrict_unprivileged_userns/.test(line) ||
            /tee\s+\S*\/proc\/sys\/kernel\/apparmor_restrict/.test(line)),
      );

  it("never lifts AppArmor's restriction on user namespaces: the runner image is tested as shipped", () => {
    for (const file of RELEASE_FILES) {
      const workflow = parse(file);
      const scripts = Object.values(workflow.jobs).flatMap((job) => job.steps ?? []);
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const step of scripts)
        expect(writesRestriction(step.run ?? ''), `${file}: ${step.name}`).toEqual([]);
    }
    // The check itself catches each way of writing it.
    for (const line of [
      'sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0',
      'sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0',
      'echo 0 | sudo tee /proc/sys/kernel/apparmor_restrict_unprivileged_userns',
      'echo 0 > /proc/sys/kernel/apparmor_restrict_unprivileged_userns',
    ])
      expect(writesRestriction(line), line).toHaveLength(1);
    expect(writesRestriction('sysctl -n kernel.apparmor_restrict_unprivileged_userns')).toEqual([]);
  });

  it("installs the .deb, whose AppArmor profile lets Chromium's sandbox start, and checks it did", () => {
    const run = linux(smokeSteps);
    expect(run).toMatch(/sudo apt-get install -y "\$deb" \|\| \{ status=\$\?;/);
    expect(run).toContain("dpkg-query -W -f='${Status} ${Version}' identity-simulator");
    expect(run).toContain('test -f /etc/apparmor.d/identity-simulator');
    expect(run).toContain("grep '^identity-simulator ' /sys/kernel/security/apparmor/profiles");
    expect(run).toMatch(/xvfb-run --auto-servernum identity-simulator --smoke-test --port 0/);
    // Started without --no-sandbox (the runner's user is not root), and the log must not carry
    // the app's own no-sandbox notice.
    const debLine = run.split('\n').find((l) => l.includes('identity-simulator --smoke-test'));
    expect(debLine).not.toContain('--no-sandbox');
    expect(run).toContain(
      'if grep -q "runs without Chromium.s sandbox" "$RUNNER_TEMP/smoke-deb/logs/main.log"',
    );
    // The words the app logs (electron/window/sandbox-notice.ts).
    expect(read('electron/window/sandbox-notice.ts')).toContain(
      "The window runs without Chromium's sandbox (--no-sandbox).",
    );
    // The profile comes from electron-builder's own .deb scripts (no afterInstall override here),
    // which install it to /etc/apparmor.d/<executable> and load it, and it grants userns.
    const config = yaml.load(read('electron-builder.yml')) as { deb?: Record<string, unknown> };
    expect(config.deb).not.toHaveProperty('afterInstall');
    expect(config.deb).not.toHaveProperty('appArmorProfile');
    const templates = `${ROOT}node_modules/app-builder-lib/templates/linux/`;
    const afterInstall = readFileSync(`${templates}after-install.tpl`, 'utf8');
    expect(afterInstall).toContain("APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'");
    expect(afterInstall).toContain('apparmor_parser --replace');
    expect(readFileSync(`${templates}apparmor-profile.tpl`, 'utf8')).toMatch(/^\s*userns,$/m);
    // The README promises what is tested.
    expect(readme).toContain('installs an AppArmor profile on Ubuntu 24.04 and later');
    // Removed again, its exit code read.
    expect(run).toMatch(/sudo apt-get remove -y identity-simulator \|\| \{ status=\$\?;/);
  });

  it('starts the AppImage without FUSE 2 and checks that it fell back to --no-sandbox by itself', () => {
    const run = linux(smokeSteps);
    expect(run).toMatch(/xvfb-run --auto-servernum "\$appimage" --smoke-test --port 0/);
    expect(run.indexOf('sudo apt-get remove -y -qq libfuse2t64')).toBeLessThan(
      run.indexOf('"$appimage" --smoke-test'),
    );
    expect(run).toContain("ldconfig -p | grep -q 'libfuse\\.so\\.2'");
    expect(run).toContain(
      'grep "runs without Chromium.s sandbox (--no-sandbox)" "$RUNNER_TEMP/smoke-appimage/logs/main.log"',
    );
    expect(readme).toMatch(
      /AppImage then starts the window with `--no-sandbox` and says so in its\s+log/,
    );
  });

  it("reads every Windows installer's, uninstaller's and app's exit code", () => {
    for (const run of [windows(smokeSteps), windows(jobs.upgrade?.steps ?? [])]) {
      const starts = run.split('\n').filter((l) => l.includes('Start-Process'));
      expect(starts.length).toBeGreaterThan(1);
      for (const line of starts) {
        const assigned = /^\s*\$(\w+) = Start-Process .*-Wait -PassThru/.exec(line);
        expect(assigned, line).not.toBeNull();
        expect(run, line).toContain(`if ($${assigned?.[1]}.ExitCode -ne 0) { throw`);
      }
    }
    const run = windows(smokeSteps);
    expect(run).toContain("-ArgumentList '/S' -Wait -PassThru");
    expect(run).toContain('"$folder\\Uninstall Identity Simulator.exe"');
    expect(run).toContain("'--smoke-test'");
  });

  it("reads the disk image tools' exit codes on macOS, and checks the signature", () => {
    const run = mac(smokeSteps);
    expect(run).toMatch(
      /hdiutil attach [\s\S]*?\|\|\s*\{ status=\$\?; echo "::error::hdiutil attach/,
    );
    expect(run).toMatch(/hdiutil detach [^\n]*\|\| \{ status=\$\?; echo "::error::hdiutil detach/);
    expect(run).toContain('codesign --verify --deep --strict');
    expect(run).toContain('spctl --assess');
    expect(run).toMatch(/"\$app\/Contents\/MacOS\/Identity Simulator" --smoke-test --port 0/);
  });

  it('keeps every smoke run in its own settings folder and prints its log', () => {
    for (const run of [linux(smokeSteps), windows(smokeSteps), mac(smokeSteps)])
      expect(run).toContain('--user-data-dir');
    expect(smokeSteps.at(-1)?.if).toBe('always()');
  });
});

describe('release workflow: upgrade over the previous release', () => {
  const upgrade = jobs.upgrade as Job;
  const steps = upgrade.steps ?? [];
  const previous = steps.find((s) => s.id === 'previous');

  it('installs the previous release, writes a setting, installs this build over it and checks the setting', () => {
    expect(needsOf(upgrade)).toEqual(['version', 'installers']);
    expect(upgrade.strategy?.matrix?.os).toEqual(['ubuntu-latest', 'windows-latest']);
    for (const run of [linux(steps), windows(steps)]) {
      expect(run).toContain('settings.json');
      expect(run).toMatch(/"theme":"dark","port":3917,"restoreOnStart":true/);
      expect(run).toContain('the setting did not survive the upgrade');
    }
    const linuxRun = linux(steps);
    expect(linuxRun.indexOf('./previous/*.deb')).toBeLessThan(
      linuxRun.indexOf('./installers/identity-simulator-$VERSION-amd64.deb'),
    );
    for (const step of steps.filter((s) => s.if?.startsWith('runner.os')))
      expect(step.if).toContain("steps.previous.outputs.tag != ''");
    // The README settings folders are the ones written.
    expect(readme).toContain('`~/.config/Identity Simulator/settings.json`');
    expect(readme).toContain('`%APPDATA%\\Identity Simulator\\settings.json`');
    expect(windows(steps)).toContain('"$env:APPDATA\\Identity Simulator\\settings.json"');
    expect(linuxRun).toContain('"$HOME/.config/Identity Simulator/settings.json"');
  });

  describe.skipIf(process.platform === 'win32')(
    'finding the previous release (run with a stand-in gh)',
    () => {
      /** Runs the step with `gh` answering `latest` (or failing when undefined). */
      function findPrevious(latest: string | undefined, os = 'Linux') {
        const dir = mkdtempSync(join(work, 'previous-'));
        const bin = join(dir, 'bin');
        mkdirSync(bin);
        writeFileSync(
          join(bin, 'gh'),
          `#!/usr/bin/env bash
echo "$*" >> "${dir}/gh-calls"
if [ "$1 $2" = "release view" ]; then
  ${latest === undefined ? 'echo "release not found" >&2; exit 1' : `echo "${latest}"`}
fi
if [ "$1 $2" = "release download" ]; then mkdir -p "${dir}/previous" && touch "${dir}/previous/downloaded"; fi
`,
        );
        chmodSync(join(bin, 'gh'), 0o755);
        const output = join(dir, 'output');
        writeFileSync(output, '');
        const result = bash(previous?.run ?? 'exit 99', dir, {
          PATH: `${bin}:${process.env.PATH ?? ''}`,
          GITHUB_REF_NAME: 'v0.3.0',
          GITHUB_OUTPUT: output,
          RUNNER_OS: os,
        });
        const calls = existsSync(join(dir, 'gh-calls')) ? read2(join(dir, 'gh-calls')) : '';
        return { ...result, output: read2(output), calls };
      }
      const read2 = (path: string) => readFileSync(path, 'utf8');

      it('skips with a printed reason when nothing has been published yet', () => {
        const none = findPrevious(undefined);
        expect(none.status).toBe(0);
        expect(none.stdout).toContain('::notice::No published release yet');
        expect(none.output).toBe('');
        expect(none.calls).not.toContain('release download');
      });

      it('skips when this tag is already the latest release', () => {
        const same = findPrevious('v0.3.0');
        expect(same.status).toBe(0);
        expect(same.stdout).toContain('::notice::v0.3.0 is already the latest published release');
        expect(same.output).toBe('');
      });

      it("downloads the latest release's installer for this system and names its tag", () => {
        const linuxRun = findPrevious('v0.2.0');
        expect(linuxRun.status).toBe(0);
        expect(linuxRun.calls).toContain(
          'release download v0.2.0 --pattern identity-simulator-*-amd64.deb --dir previous',
        );
        expect(linuxRun.output).toBe('tag=v0.2.0\n');
        const windowsRun = findPrevious('v0.2.0', 'Windows');
        expect(windowsRun.calls).toContain('--pattern identity-simulator-setup-*-x64.exe');
      });
    },
  );
});

describe('release workflow: draft release, provenance and checksums', () => {
  const draft = jobs['draft-release'] as Job;
  const steps = draft.steps ?? [];

  it('may write releases and attestations and sign them with its OIDC identity, nothing more', () => {
    expect(draft.permissions).toEqual({
      contents: 'write',
      'id-token': 'write',
      attestations: 'write',
    });
    expect(release.permissions).toEqual({ contents: 'read' });
    // No other job asks for more than reading.
    for (const [name, job] of Object.entries(jobs).filter(([n]) => n !== 'draft-release'))
      for (const level of Object.values(job.permissions ?? {})) expect(level, name).toBe('read');
  });

  it('attests every installer and SHA256SUMS.txt after the checksums are made and before upload', () => {
    const attest = steps.findIndex((s) => s.uses?.startsWith('actions/attest-build-provenance@'));
    expect(attest).toBeGreaterThan(steps.findIndex((s) => s.run?.includes('> SHA256SUMS.txt')));
    expect(attest).toBeLessThan(steps.findIndex((s) => s.run?.includes('gh release create')));
    expect(steps[attest]?.with).toEqual({ 'subject-path': 'installers/*' });
    expect(steps[attest]?.id).toBe('attest');
    // A private repository without attestations (GitHub Enterprise Cloud only) still releases,
    // with a warning; a public one cannot skip them.
    expect(steps[attest]?.['continue-on-error']).toBe(
      '${{ github.event.repository.private == true }}',
    );
    expect(steps.find((s) => s.if === "steps.attest.outcome != 'success'")?.run).toContain(
      '::warning::',
    );
    const verify = steps.find((s) => s.run?.includes('gh release download'));
    expect(verify?.run).toContain(
      'gh attestation verify "$(basename "$path")" --repo "$GITHUB_REPOSITORY"',
    );
    expect(verify?.env?.ATTESTED).toBe("${{ steps.attest.outcome == 'success' }}");
    expect(readme).toContain('gh attestation verify');
    expect(readme).toMatch(/gh attestation verify [^\n`]+ --repo /);
  });

  it('attaches every installer and checksums of the files as uploaded to a draft release', () => {
    const run = runs(steps);
    expect(run).toMatch(/sha256sum -- \* > SHA256SUMS\.txt/);
    expect(run).toContain('would be renamed by GitHub');
    expect(run).toMatch(/gh release create "\$GITHUB_REF_NAME" --draft/);
    const download = steps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
    expect(download?.with).toMatchObject({ pattern: 'installers-*', 'merge-multiple': true });
  });

  it("downloads the draft release and runs the README's verification commands on it", () => {
    const verify = steps.find((s) => s.run?.includes('gh release download'));
    const pwsh = steps.find((s) => s.shell === 'pwsh');
    expect(steps.indexOf(verify as Step)).toBeGreaterThan(
      steps.findIndex((s) => s.run?.includes('gh release create')),
    );
    for (const command of [
      'sha256sum --check --ignore-missing SHA256SUMS.txt',
      'shasum -a 256 --check --ignore-missing SHA256SUMS.txt',
    ]) {
      expect(readme).toContain(`\`${command}\``);
      expect(verify?.run).toContain(command);
    }
    for (const fragment of [
      `$line = Get-Content SHA256SUMS.txt | Where-Object { $_ -match "  $([regex]::Escape($file))$" }`,
      `(Get-FileHash $file -Algorithm SHA256).Hash -eq $line.Split(' ')[0]`,
    ]) {
      expect(readme).toContain(fragment);
      expect(pwsh?.run).toContain(fragment);
    }
    expect(pwsh?.['working-directory']).toBe('downloaded');
  });

  describe.skipIf(process.platform !== 'linux')(
    'the checksums, run as the workflow runs them',
    () => {
      const checksumStep = steps.find((s) => s.run?.includes('sha256sum -- *'))?.run ?? '';
      function folderWith(names: string[]): string {
        const dir = mkdtempSync(join(work, 'installers-'));
        for (const name of names) writeFileSync(join(dir, name), `contents of ${name}`);
        return dir;
      }

      it('checks out with the README command on the files as named, and fails on a changed file', () => {
        const names = [
          'identity-simulator-0.2.0-x86_64.AppImage',
          'identity-simulator-0.2.0-amd64.deb',
          'identity-simulator-setup-0.2.0-x64.exe',
        ];
        const dir = folderWith(names);
        expect(bash(checksumStep, dir).status).toBe(0);
        const checked = bash('sha256sum --check --ignore-missing SHA256SUMS.txt', dir);
        expect(checked.status).toBe(0);
        expect(checked.stdout.trim().split('\n').sort()).toEqual(
          names.map((n) => `${n}: OK`).sort(),
        );
        writeFileSync(join(dir, names[0] as string), 'altered');
        const altered = bash('sha256sum --check --ignore-missing SHA256SUMS.txt', dir);
        expect(altered.status).not.toBe(0);
        expect(altered.stdout).toContain(`${names[0]}: FAILED`);
      });

      it('refuses a file whose name GitHub would change on upload', () => {
        const dir = folderWith(['Identity Simulator-Setup-0.2.0.exe']);
        const result = bash(checksumStep, dir);
        expect(result.status).toBe(1);
        expect(result.stdout).toContain(
          '::error::Identity Simulator-Setup-0.2.0.exe would be renamed by GitHub',
        );
        expect(existsSync(join(dir, 'SHA256SUMS.txt'))).toBe(false);
      });
    },
  );
});

describe('release workflow: actions', () => {
  /**
   * The first major version of each action whose action.yml runs on Node 24 (`runs.using`), or
   * for a composite action the major that wraps one; GitHub retires the Node 20 actions runtime.
   */
  const FIRST_NODE24_MAJOR: Record<string, number> = {
    'actions/checkout': 5,
    'actions/setup-node': 5,
    'actions/cache': 5,
    'actions/upload-artifact': 6,
    'actions/download-artifact': 7,
    'actions/attest-build-provenance': 4,
  };

  it.each(RELEASE_FILES)(
    '%s pins every action by full commit SHA with its release in a comment, on a Node 24 major',
    (file) => {
      const lines = source(file)
        .split('\n')
        .filter((line) => /^\s*(- )?uses: /.test(line));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        const uses = line.replace(/^\s*(- )?uses: /, '');
        if (uses.startsWith('./.github/workflows/')) {
          expect(existsSync(`${ROOT}${uses.slice(2)}`), uses).toBe(true);
          continue;
        }
        const pin = /^([\w.-]+\/[\w.-]+)@([0-9a-f]{40}) # v(\d+)\.\d+\.\d+$/.exec(uses);
        expect(pin, `${file}: ${uses}`).not.toBeNull();
        const [, action, , major] = pin ?? [];
        expect(FIRST_NODE24_MAJOR, `${file}: ${action} has no known Node 24 major`).toHaveProperty([
          action as string,
        ]);
        expect(Number(major), `${file}: ${uses}`).toBeGreaterThanOrEqual(
          FIRST_NODE24_MAJOR[action as string] as number,
        );
      }
    },
  );
});
