import type { HostFailure, HostFailureCode } from './start-simulator.js';

/**
 * The words for a listen failure (startSimulator reports it as a code), for each host: in the
 * desktop app one or two sentences for a dialog or the start-error page; in headless mode one
 * line after "identity-simulator: " on stderr, naming the flag or variable to change.
 */
export type HostFailureAudience = 'desktop' | 'headless';

/** What went wrong and what to do, worded for the host's people. */
export function describeHostFailure(
  failure: HostFailure,
  audience: HostFailureAudience = 'desktop',
): string {
  return audience === 'headless' ? headlessLine(failure) : desktopSentences(failure);
}

function headlessLine(f: HostFailure): string {
  switch (f.code) {
    case 'PORT_IN_USE':
      return `port ${f.port} on ${f.host} is already in use; choose another with PORT=<n> or --port <n>`;
    case 'PERMISSION_DENIED':
      return `not allowed to listen on ${f.host}:${f.port}; choose a port above 1023`;
    case 'HOST_INVALID':
      return `cannot listen on host "${f.host}": ${f.detail}`;
    case 'PORT_INVALID':
      return `port ${f.port} is not valid: ${f.detail}`;
    default:
      return `could not listen on ${f.host}:${f.port}: ${f.detail}`;
  }
}

function desktopSentences({ code, port, host, detail }: HostFailure): string {
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
export function hostFailureTitle(code: HostFailureCode): string {
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
