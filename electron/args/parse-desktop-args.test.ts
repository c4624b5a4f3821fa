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

  it('reads the --smoke-test switch, which takes no value', () => {
    expect(parseDesktopArgs(['.', '--smoke-test', '--port=0'])).toEqual({
      smokeTest: true,
      port: 0,
      issues: [],
    });
    const given = parseDesktopArgs(['--smoke-test=yes']);
    expect(given.smokeTest).toBeUndefined();
    expect(given.issues).toEqual(['--smoke-test takes no value (got "yes").']);
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
    [['--smoke-test='], /--smoke-test takes no value/],
    [['--smoke-test=1'], /--smoke-test takes no value/],
  ])('reports %j and leaves the option unset', (argv, message) => {
    const args = parseDesktopArgs(argv);
    expect(args.issues).toHaveLength(1);
    expect(args.issues[0]).toMatch(message);
    expect(args.port).toBeUndefined();
    expect(args.host).toBeUndefined();
    expect(args.userDataDir).toBeUndefined();
    expect(args.smokeTest).toBeUndefined();
  });
});
