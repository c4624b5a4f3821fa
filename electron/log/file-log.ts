import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';

export type LogLevel = 'info' | 'warn' | 'error';

export interface FileLog {
  /** The file written to (main.log in the given folder). */
  path: string;
  /** Appends one timestamped entry; never throws (a log that cannot be written is silent). */
  write(level: LogLevel, text: string): void;
}

export interface FileLogOptions {
  /** When main.log passes this size it becomes main.old.log and a new one starts. */
  maxBytes?: number;
  now?: () => Date;
}

/** The desktop app's log file, `<dir>/main.log`, with one previous file kept as main.old.log. */
export function createFileLog(dir: string, options: FileLogOptions = {}): FileLog {
  const maxBytes = options.maxBytes ?? 1_000_000;
  const now = options.now ?? (() => new Date());
  const path = join(dir, 'main.log');
  let broken = false;
  return {
    path,
    write(level, text) {
      if (broken) return;
      try {
        mkdirSync(dir, { recursive: true });
        const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
        if (size > maxBytes) renameSync(path, join(dir, 'main.old.log'));
        const lines = text.replace(/\r\n/g, '\n').replace(/\n+$/, '');
        appendFileSync(path, `${now().toISOString()} ${level.toUpperCase()} ${lines}\n`);
      } catch {
        broken = true;
      }
    },
  };
}

type ConsoleMethods = Pick<Console, 'log' | 'info' | 'warn' | 'error'>;

/**
 * Copies everything the main process prints (console.log/info/warn/error) into the log file as
 * well, so start-up failures of an installed app, which has no terminal, can be read afterwards.
 */
export function copyConsoleTo(log: FileLog, target: ConsoleMethods = console): void {
  const levels: [keyof ConsoleMethods, LogLevel][] = [
    ['log', 'info'],
    ['info', 'info'],
    ['warn', 'warn'],
    ['error', 'error'],
  ];
  for (const [method, level] of levels) {
    const original = target[method].bind(target);
    target[method] = (...args: unknown[]) => {
      original(...args);
      log.write(level, format(...args));
    };
  }
}
