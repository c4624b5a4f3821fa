import type { DesktopHostFailureCode } from '../bridge.js';

/** A listen failure as the provider library reports it. */
export interface ListenFailure {
  code: DesktopHostFailureCode;
  port: number;
  host: string;
  detail: string;
}

/** One or two sentences telling the user what went wrong and what to do. */
export function describeHostFailure({ code, port, host, detail }: ListenFailure): string {
  switch (code) {
    case 'PORT_IN_USE':
      return `Port ${port} on ${host} is already in use by another program. Choose another port, or stop the program that uses it.`;
    case 'PORT_INVALID':
      return `${port} is not a valid port. Use a whole number from 1024 to 65535.`;
    case 'PERMISSION_DENIED':
      return port < 1024
        ? `This system does not allow listening on port ${port}: ports below 1024 need administrator rights. Choose a port from 1024 to 65535.`
        : `This system does not allow listening on ${host}:${port}. Choose another port.`;
    case 'HOST_INVALID':
      return `${host} is not an address of this machine. Use 127.0.0.1 (this machine only) or 0.0.0.0 (every network interface).`;
    case 'LISTEN_FAILED':
      return `The simulator could not listen on ${host}:${port} (${detail}).`;
  }
}

/** A short title for dialogs and the start-error page. */
export function hostFailureTitle(code: DesktopHostFailureCode): string {
  switch (code) {
    case 'PORT_IN_USE':
      return 'The port is already in use';
    case 'PORT_INVALID':
      return 'That port is not valid';
    case 'PERMISSION_DENIED':
      return 'Not allowed to use that port';
    case 'HOST_INVALID':
      return 'That address is not available';
    case 'LISTEN_FAILED':
      return 'The simulator could not start';
  }
}
