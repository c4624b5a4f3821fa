import type { Request } from 'express';

/** The URL this request reached, from the socket (the listening address and port). */
export function listeningAddress(req: Request): { url: string; port: number } | undefined {
  const { localAddress, localPort } = req.socket;
  if (!localAddress || !localPort) return undefined;
  const address = localAddress.startsWith('::ffff:') ? localAddress.slice(7) : localAddress;
  const host = address.includes(':') ? `[${address}]` : address;
  return { url: `http://${host}:${localPort}`, port: localPort };
}
