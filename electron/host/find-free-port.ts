import { createServer } from 'node:net';

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * The first port after `after` that can be listened on right now (a suggestion for the user; the
 * port may be taken again before it is used). Null when none of the next `attempts` ports is free.
 */
export async function findFreePort(
  after: number,
  host: string,
  attempts = 20,
): Promise<number | null> {
  const first = Math.max(1024, after + 1);
  for (let port = first; port < first + attempts && port <= 65535; port++) {
    if (await canListen(port, host)) return port;
  }
  return null;
}
