import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../server/src/cli-args.js';
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
      errors: [],
    });
    expect(parseDesktopArgs(['--port=0']).port).toBe(0);
  });

  it('reads the --smoke-test switch, which takes no value', () => {
    expect(parseDesktopArgs(['.', '--smoke-test', '--port=0'])).toEqual({
      smokeTest: true,
      port: 0,
      issues: [],
      errors: [],
    });
    const given = parseDesktopArgs(['--smoke-test=yes']);
    expect(given.smokeTest).toBeUndefined();
    expect(given.issues).toEqual(['--smoke-test takes no value (got "yes").']);
  });

  it('ignores the app path and Chromium switches', () => {
    expect(
      parseDesktopArgs(['.', '--inspect=0', '--remote-debugging-port=0', '--no-sandbox']),
    ).toEqual({ issues: [], errors: [] });
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

describe('parseDesktopArgs: --max-simulators and --backchannel-url, read as the headless mode reads them', () => {
  it('reads both in both spellings', () => {
    expect(
      parseDesktopArgs(['--max-simulators', '16', '--backchannel-url=http://simulator:3000/']),
    ).toEqual({
      maxSimulators: 16,
      backchannelUrl: 'http://simulator:3000',
      issues: [],
      errors: [],
    });
    expect(parseDesktopArgs(['--max-simulators=0']).maxSimulators).toBe(0);
  });

  it.each([
    ['--max-simulators', 'abc'],
    ['--max-simulators', '1001'],
    ['--max-simulators', '-1'],
    ['--max-simulators', '1.5'],
    ['--max-simulators', '[]'],
    ['--max-simulators', '{}'],
    ['--max-simulators', 'null'],
    ['--max-simulators', ''],
    ['--backchannel-url', 'simulator:3000'],
    ['--backchannel-url', 'ftp://simulator'],
    ['--backchannel-url', 'http://simulator:3000/?q=1'],
    ['--backchannel-url', '[]'],
    ['--backchannel-url', '42'],
    ['--backchannel-url', 'null'],
    ['--backchannel-url', ''],
    ['--backchannel-url', 'http://simulator:3000/\nline2'],
  ])('%s %j is an error (the app does not start), worded as headless words it', (flag, value) => {
    const args = parseDesktopArgs([`${flag}=${value}`]);
    const headless = parseArgs([flag, value]);
    expect(headless.ok).toBe(false);
    expect(args.errors).toEqual([headless.ok ? '' : headless.message]);
    expect(args.errors[0]).not.toContain('\n');
    expect(args.issues).toEqual([]);
    expect(args.maxSimulators).toBeUndefined();
    expect(args.backchannelUrl).toBeUndefined();
  });

  it('a flag given without its value is an error too', () => {
    expect(parseDesktopArgs(['--max-simulators']).errors).toEqual([
      '--max-simulators needs a whole number from 0 to 1000, got ""',
    ]);
    expect(parseDesktopArgs(['--backchannel-url']).errors[0]).toMatch(
      /^--backchannel-url must be an absolute URL, got ""$/,
    );
  });
});
