import { trustStartupHost } from './http/admin-access.js';
import { toOriginForm } from './http/origin-form-target.js';
import { appMessageClasses } from './http/app-message-classes.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Simulator } from './create-simulator.js';
import { err, ok, type Result } from './shared/result.js';

export const HOST_FAILURE_CODES = [
  'PORT_IN_USE',
  'PORT_INVALID',
  'PERMISSION_DENIED',
  'HOST_INVALID',
  'LISTEN_FAILED',
] as const;
export type HostFailureCode = (typeof HOST_FAILURE_CODES)[number];

/** Why the simulator could not listen; each host words it for its user. */
export interface HostFailure {
  code: HostFailureCode;
  port: number;
  host: string;
  detail: string;
}

export interface RunningSimulator {
  /** The URL it listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  host: string;
  server: Server;
  /** Stops accepting connections, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

export interface ListenOptions {
  port: number;
  /** Default 127.0.0.1: only this machine can reach the simulator. */
  host?: string;
  /** Most open connections from one address (default MAX_CONNECTIONS_PER_ADDRESS). */
  maxConnectionsPerAddress?: number;
}

/**
 * Most connections one address may hold open at once: past it, new ones from that address are
 * closed at once, so one client (slow bodies, idle keep-alives) cannot take every file
 * descriptor and lock everyone else out.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 256;
/** How often, at most, the cap's log line is repeated for one address. */
const CAP_NOTICE_INTERVAL_MS = 10_000;

/** Listens with a simulator's app. Failures are values, never exceptions. */
export function startSimulator(
  simulator: Simulator,
  {
    port,
    host = '127.0.0.1',
    maxConnectionsPerAddress = MAX_CONNECTIONS_PER_ADDRESS,
  }: ListenOptions,
): Promise<Result<RunningSimulator, HostFailure>> {
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return Promise.resolve(
      err({
        code: 'PORT_INVALID',
        port,
        host,
        detail: 'port must be a whole number from 0 to 65535',
      }),
    );
  }
  return new Promise((resolve) => {
    const server = createServer(appMessageClasses(simulator.app), (req, res) => {
      if (toOriginForm(req, res)) simulator.app(req, res);
    });
    server.keepAliveTimeout = 5000;
    const sockets = new Set<Socket>();
    const perAddress = new Map<string, number>();
    const lastCapNotice = new Map<string, number>();
    server.on('connection', (socket) => {
      const address = socket.remoteAddress ?? '';
      const open = perAddress.get(address) ?? 0;
      if (open >= maxConnectionsPerAddress) {
        socket.destroy();
        const t = Date.now();
        if (t - (lastCapNotice.get(address) ?? 0) >= CAP_NOTICE_INTERVAL_MS) {
          lastCapNotice.set(address, t);
          if (lastCapNotice.size > 1000) lastCapNotice.clear();
          simulator.events.emit('notice', {
            code: 'CONNECTION_CAP',
            message: `connections: refused new connections from ${address || 'an unknown address'}: it already holds ${open}, the most one address may (${maxConnectionsPerAddress})`,
          });
        }
        return;
      }
      perAddress.set(address, open + 1);
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
    });
    const onError = (error: NodeJS.ErrnoException) => {
      const code: HostFailureCode =
        error.code === 'EADDRINUSE'
          ? 'PORT_IN_USE'
          : error.code === 'EACCES'
            ? 'PERMISSION_DENIED'
            : error.code === 'ENOTFOUND' || error.code === 'EADDRNOTAVAIL'
              ? 'HOST_INVALID'
              : 'LISTEN_FAILED';
      resolve(err({ code, port, host, detail: error.message }));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address() as AddressInfo;
      const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      // The name and address asked for at start-up name the simulator (a wildcard does not:
      // any name reaches it).
      if (!/^(0\.0\.0\.0|::|\[::\])$/.test(host)) {
        const asked = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
        for (const name of [asked, urlHost])
          trustStartupHost(simulator.app.locals, `${name}:${address.port}`);
      }
      let closing: Promise<void> | undefined;
      resolve(
        ok({
          url: `http://${urlHost}:${address.port}`,
          port: address.port,
          host,
          server,
          close() {
            closing ??= new Promise<void>((done) => {
              simulator.close();
              server.close(() => done());
              // Idle keep-alive sockets would hold the close open; busy ones finish first.
              server.closeIdleConnections();
              const timer = setTimeout(() => {
                for (const s of sockets) s.destroy();
              }, 5000);
              timer.unref();
            });
            return closing;
          },
        }),
      );
    });
  });
}
