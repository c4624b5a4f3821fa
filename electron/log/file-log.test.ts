import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyConsoleTo, createFileLog } from './file-log.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'file-log-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const at = () => new Date('2026-11-24T10:00:00.000Z');

describe('createFileLog', () => {
  it('creates the folder and appends timestamped entries', () => {
    const dir = join(tempDir(), 'logs', 'nested');
    const log = createFileLog(dir, { now: at });
    log.write('info', 'started');
    log.write('error', 'could not start\n    at stack\n');
    expect(log.path).toBe(join(dir, 'main.log'));
    expect(readFileSync(log.path, 'utf8')).toBe(
      '2026-11-24T10:00:00.000Z INFO started\n2026-11-24T10:00:00.000Z ERROR could not start\n    at stack\n',
    );
  });

  it('keeps one previous file when the log grows past its limit', () => {
    const dir = tempDir();
    const log = createFileLog(dir, { maxBytes: 100, now: at });
    for (let i = 0; i < 5; i++) log.write('info', `entry ${i} ${'x'.repeat(30)}`);
    expect(existsSync(join(dir, 'main.old.log'))).toBe(true);
    expect(readFileSync(log.path, 'utf8').length).toBeLessThan(200);
    expect(readFileSync(log.path, 'utf8')).toContain('entry 4');
  });

  it('never throws when the folder cannot be written', () => {
    const dir = tempDir();
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const log = createFileLog(join(file, 'logs'));
    expect(() => log.write('error', 'lost')).not.toThrow();
    expect(() => log.write('error', 'lost again')).not.toThrow();
  });
});

describe('copyConsoleTo', () => {
  it('writes what the console prints to the log, formatted, and still prints it', () => {
    const dir = tempDir();
    const log = createFileLog(dir, { now: at });
    const printed: unknown[][] = [];
    const fake = {
      log: (...a: unknown[]) => printed.push(a),
      info: (...a: unknown[]) => printed.push(a),
      warn: (...a: unknown[]) => printed.push(a),
      error: (...a: unknown[]) => printed.push(a),
    };
    copyConsoleTo(log, fake);
    fake.error('Unhandled rejection:', new Error('boom').message, { port: 3000 });
    fake.warn('careful');
    fake.log('%d exchanges', 4);
    expect(printed).toHaveLength(3);
    expect(readFileSync(log.path, 'utf8').split('\n').filter(Boolean)).toEqual([
      '2026-11-24T10:00:00.000Z ERROR Unhandled rejection: boom { port: 3000 }',
      '2026-11-24T10:00:00.000Z WARN careful',
      '2026-11-24T10:00:00.000Z INFO 4 exchanges',
    ]);
  });
});
