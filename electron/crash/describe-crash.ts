/** What the app says about an error nothing else caught in its main process. */
export interface CrashReport {
  /** The log line, with the stack. */
  log: string;
  /** The restart offer shown in the window. */
  title: string;
  detail: string;
}

/** Describes an uncaught exception or an unhandled promise rejection (any thrown value). */
export function describeCrash(
  kind: 'exception' | 'rejection',
  error: unknown,
  logPath: string,
): CrashReport {
  const summary = error instanceof Error ? `${error.name}: ${error.message}` : safeString(error);
  const stack = error instanceof Error && error.stack ? error.stack : summary;
  const what = kind === 'exception' ? 'Uncaught exception' : 'Unhandled promise rejection';
  return {
    log: `${what} in the main process: ${stack}`,
    title: 'Identity Simulator hit an unexpected error',
    detail:
      `${summary}\n\nThe simulator may not work as it should until it restarts. ` +
      `Details are in ${logPath}.`,
  };
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return Object.prototype.toString.call(value);
  }
}
