import { describe, expect, it } from 'vitest';
import { parseDesktopArgs } from './parse-desktop-args.js';

describe('parseDesktopArgs', () => {
  it('reads the options in both spellings', () => {
    expect(
      parseDesktopArgs(['--port', '4000', '--host=0.0.0.0', '--user-data-dir', '/tmp/u']),
    ).toEqual({
      port: 4000,
      host: '0.0.0.0',
      userDataDir: '/tmp/u',
      issues: [],
    });
    expect(parseDesktopArgs(['--port=0']).port).toBe(0);
  });

  it('ignores the app path and Chromium switches', () => {
    expect(
      parseDesktopArgs(['.', '--inspect=0', '--remote-debugging-port=0', '--no-sandbox']),
    ).toEqual({ issues: [] });
  });

  it.each([
    [['--port', 'abc'], /--port needs a whole number/],
    [['--port=70000'], /--port needs a whole number/],
    [['--port'], /got ""/],
    [['--host', 'example.com'], /--host: "example.com" cannot be used/],
    [['--user-data-dir='], /--user-data-dir needs a folder path/],
    [['--user-data-dir'], /--user-data-dir needs a folder path/],
  ])('reports %j and leaves the option unset', (argv, message) => {
    const args = parseDesktopArgs(argv);
    expect(args.issues).toHaveLength(1);
    expect(args.issues[0]).toMatch(message);
    expect(args.port).toBeUndefined();
    expect(args.host).toBeUndefined();
    expect(args.userDataDir).toBeUndefined();
  });
});
