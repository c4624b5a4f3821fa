import { describe, expect, it } from 'vitest';
import { parseDesktopArgs } from '../args/parse-desktop-args.js';
import { planSecondLaunch } from './second-launch.js';

const running = { port: 3000, host: '127.0.0.1', running: true };
const plan = (argv: string[], current = running) =>
  planSecondLaunch(parseDesktopArgs(argv), current);

describe('planSecondLaunch', () => {
  it('brings the window forward when nothing new is asked', () => {
    expect(plan(['/opt/app/identity-simulator'])).toEqual({ kind: 'focus' });
    expect(plan(['app', '--port', '3000'])).toEqual({ kind: 'focus' });
    expect(plan(['app', '--host=127.0.0.1'])).toEqual({ kind: 'focus' });
  });

  it('moves the provider to the port and address asked for', () => {
    expect(plan(['app', '--port', '4000'])).toEqual({
      kind: 'move',
      port: 4000,
      host: '127.0.0.1',
    });
    expect(plan(['app', '--host', '0.0.0.0'])).toEqual({
      kind: 'move',
      port: 3000,
      host: '0.0.0.0',
    });
    expect(plan(['app', '--port=0'])).toEqual({ kind: 'move', port: 0, host: '127.0.0.1' });
  });

  it('starts the provider where asked when it is not running (its start failed)', () => {
    expect(plan(['app', '--port', '3000'], { ...running, running: false })).toEqual({
      kind: 'move',
      port: 3000,
      host: '127.0.0.1',
    });
  });

  it('explains options it cannot use instead of dropping them', () => {
    for (const argv of [
      ['app', '--port', 'abc'],
      ['app', '--port', '70000'],
      ['app', '--port'],
    ]) {
      const result = plan(argv);
      expect(result.kind).toBe('explain');
      expect(result.kind === 'explain' && result.message).toMatch(
        /^Identity Simulator is already running \(on 127\.0\.0\.1:3000\)\. --port needs a whole number/,
      );
    }
    const badHost = plan(['app', '--host', 'example.com']);
    expect(badHost.kind === 'explain' && badHost.message).toContain('--host');
  });

  it("takes --user-data-dir as the running copy's own folder (only that start reaches it)", () => {
    expect(plan(['app', '--user-data-dir', '/tmp/x'])).toEqual({ kind: 'focus' });
    expect(plan(['app', '--user-data-dir=/tmp/x', '--port', '4100'])).toEqual({
      kind: 'move',
      port: 4100,
      host: '127.0.0.1',
    });
  });
});
