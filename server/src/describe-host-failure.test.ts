import { describe, expect, it } from 'vitest';
import type { HostFailureCode as DesktopHostFailureCode } from './start-simulator.js';
import { describeHostFailure, hostFailureTitle } from './describe-host-failure.js';

const CODES: DesktopHostFailureCode[] = [
  'PORT_IN_USE',
  'PORT_INVALID',
  'PERMISSION_DENIED',
  'HOST_INVALID',
  'LISTEN_FAILED',
];

describe('describeHostFailure', () => {
  it('names the port and says what to do when it is taken', () => {
    const text = describeHostFailure({
      code: 'PORT_IN_USE',
      port: 3000,
      host: '127.0.0.1',
      detail: 'x',
    });
    expect(text).toContain('Port 3000 on 127.0.0.1 is already in use');
    expect(text).toContain('Choose another port');
  });

  it('explains privileged ports', () => {
    const text = describeHostFailure({
      code: 'PERMISSION_DENIED',
      port: 80,
      host: '127.0.0.1',
      detail: '',
    });
    expect(text).toContain('administrator rights');
  });

  it('passes the system detail on for unexpected failures', () => {
    const text = describeHostFailure({
      code: 'LISTEN_FAILED',
      port: 3000,
      host: '::1',
      detail: 'EAFNOSUPPORT',
    });
    expect(text).toContain('EAFNOSUPPORT');
  });

  it.each(CODES)('has a message and a title for %s', (code) => {
    expect(describeHostFailure({ code, port: 1, host: 'h', detail: 'd' }).length).toBeGreaterThan(
      20,
    );
    expect(hostFailureTitle(code).length).toBeGreaterThan(5);
  });
});
