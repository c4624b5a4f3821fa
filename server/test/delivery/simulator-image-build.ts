/**
 * What building the repository's Dockerfile needs on a machine without an image registry: the
 * base image to build on (NODE_IMAGE) and, for the build stage's `npm ci`, the host's network,
 * npm registry setting and CA bundle. The same build, whether podman builds it directly or a
 * compose tool does.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where the host's CA bundle is mounted during the build, for `npm ci`. */
const BUILD_CA_PATH = '/etc/ssl/certs/build-host-ca.pem';

export interface SimulatorBuild {
  /** `KEY=value` build arguments for the Dockerfile's ARGs. */
  buildArgs: string[];
  /** Flags of `podman build` itself (network and mounts). */
  podmanFlags: string[];
}

/** The CA bundle this machine's Node and npm trust, if there is one to hand to the build. */
function hostCaBundle(): string | undefined {
  const npmCafile = spawnSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' });
  const candidates = [
    process.env.NODE_EXTRA_CA_CERTS,
    process.env.SSL_CERT_FILE,
    npmCafile.status === 0 ? npmCafile.stdout.trim() : undefined,
    '/etc/ssl/certs/ca-certificates.crt',
  ];
  return candidates.find((p) => p && p !== 'null' && p !== 'undefined' && existsSync(p));
}

function npmRegistry(): string {
  const out = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' });
  return out.status === 0 && out.stdout.trim() ? out.stdout.trim() : 'https://registry.npmjs.org/';
}

/** The build of the Dockerfile on `baseImage`, with this machine's registry and CA bundle. */
export function simulatorBuild(baseImage: string): SimulatorBuild {
  const ca = hostCaBundle();
  return {
    buildArgs: [
      `NODE_IMAGE=${baseImage}`,
      `NPM_CONFIG_REGISTRY=${npmRegistry()}`,
      ...(ca ? [`NODE_EXTRA_CA_CERTS=${BUILD_CA_PATH}`] : []),
    ],
    podmanFlags: ['--network', 'host', ...(ca ? ['--volume', `${ca}:${BUILD_CA_PATH}:ro`] : [])],
  };
}
