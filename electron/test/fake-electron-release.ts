/**
 * A fake Electron release for tests on machines that cannot download the real one: an executable
 * shell script zipped under Electron's own file name, with its SHASUMS256.txt, served from a
 * loopback HTTP server that `ELECTRON_MIRROR` can point at. The script records its arguments and
 * then behaves as FAKE_ELECTRON_MODE says (exit-N, trap, wait).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZipFile } from 'yazl';

export const FAKE_ELECTRON_SCRIPT = `#!/bin/sh
printf '%s\\n' "$@" > "$FAKE_ELECTRON_RECORD"
case "$FAKE_ELECTRON_MODE" in
  exit-*) exit "\${FAKE_ELECTRON_MODE#exit-}" ;;
  trap) kill -TRAP $$ ;;
  wait) : > "$FAKE_ELECTRON_RECORD.ready"; exec sleep 60 ;;
esac
exit 0
`;

/** The executable's path inside Electron's zip, as the electron package names it (path.txt). */
export function electronPlatformPath(platform: string): string {
  return platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron';
}

/** `electron-v<version>-<platform>-<arch>.zip` holding the fake executable and a version file. */
export async function buildFakeElectronZip(version: string, platform: string): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(FAKE_ELECTRON_SCRIPT), electronPlatformPath(platform), {
    mode: 0o100755,
  });
  zip.addBuffer(Buffer.from(`v${version}`), 'version', { mode: 0o100644 });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface FakeMirror {
  /** The value for ELECTRON_MIRROR (ends with a slash). */
  url: string;
  /** Paths requested so far. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves the release files by their base name (whatever folder the downloader asks for);
 * `checksums` overrides the SHASUMS256.txt text (to prove a mismatch is refused).
 */
export async function serveFakeElectronRelease(
  version: string,
  platform: string,
  arch: string,
  checksums?: string,
): Promise<FakeMirror> {
  const zipName = `electron-v${version}-${platform}-${arch}.zip`;
  const zip = await buildFakeElectronZip(version, platform);
  const sums = checksums ?? `${createHash('sha256').update(zip).digest('hex')} *${zipName}\n`;
  const files = new Map<string, Buffer>([
    [zipName, zip],
    ['SHASUMS256.txt', Buffer.from(sums)],
  ]);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://mirror').pathname;
    requests.push(path);
    const body = files.get(path.slice(path.lastIndexOf('/') + 1));
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
