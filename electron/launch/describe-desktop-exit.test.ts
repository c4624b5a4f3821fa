import { describe, expect, it } from 'vitest';
import { describeDesktopExit, SANDBOX_HINT, START_UP_MS } from './describe-desktop-exit.js';

describe('describeDesktopExit', () => {
  it('passes the exit code on', () => {
    expect(describeDesktopExit(0, null, 'linux', 60_000)).toEqual({ kind: 'code', code: 0 });
    expect(describeDesktopExit(3, null, 'darwin', 10)).toEqual({ kind: 'code', code: 3 });
    expect(describeDesktopExit(null, null, 'linux', 10)).toEqual({ kind: 'code', code: 1 });
  });

  it('re-raises SIGINT and SIGTERM', () => {
    expect(describeDesktopExit(null, 'SIGINT', 'linux', 10)).toEqual({
      kind: 'signal',
      signal: 'SIGINT',
    });
    expect(describeDesktopExit(null, 'SIGTERM', 'win32', 10)).toEqual({
      kind: 'signal',
      signal: 'SIGTERM',
    });
  });

  it('turns a SIGTRAP at start-up on Linux into the sandbox hint and headless mode', () => {
    expect(describeDesktopExit(null, 'SIGTRAP', 'linux', 300)).toEqual({
      kind: 'headless',
      hint: SANDBOX_HINT,
    });
    expect(SANDBOX_HINT).toContain('chrome-sandbox');
    expect(SANDBOX_HINT).toContain('--headless');
  });

  it('ends with code 133 for a SIGTRAP later on, or elsewhere', () => {
    expect(describeDesktopExit(null, 'SIGTRAP', 'linux', START_UP_MS)).toEqual({
      kind: 'code',
      code: 133,
    });
    expect(describeDesktopExit(null, 'SIGTRAP', 'darwin', 10)).toEqual({ kind: 'code', code: 133 });
  });
});
