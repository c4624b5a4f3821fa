import { describe, expect, it } from 'vitest';
import { describeDesktopExit, SANDBOX_HINT } from './describe-desktop-exit.js';

describe('describeDesktopExit', () => {
  it('passes the exit code on', () => {
    expect(describeDesktopExit(0, null, 'linux')).toEqual({ kind: 'code', code: 0 });
    expect(describeDesktopExit(3, null, 'darwin')).toEqual({ kind: 'code', code: 3 });
    expect(describeDesktopExit(null, null, 'linux')).toEqual({ kind: 'code', code: 1 });
  });

  it('re-raises SIGINT and SIGTERM', () => {
    expect(describeDesktopExit(null, 'SIGINT', 'linux')).toEqual({
      kind: 'signal',
      signal: 'SIGINT',
    });
    expect(describeDesktopExit(null, 'SIGTERM', 'win32')).toEqual({
      kind: 'signal',
      signal: 'SIGTERM',
    });
  });

  it('turns a SIGTRAP on Linux into the sandbox hint and code 133', () => {
    expect(describeDesktopExit(null, 'SIGTRAP', 'linux')).toEqual({
      kind: 'code',
      code: 133,
      hint: SANDBOX_HINT,
    });
    expect(SANDBOX_HINT).toContain('chrome-sandbox');
    expect(SANDBOX_HINT).toContain('--headless');
    expect(describeDesktopExit(null, 'SIGTRAP', 'darwin').hint).not.toContain('sandbox');
  });
});
