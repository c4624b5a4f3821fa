import { describeHostFailure, hostFailureTitle, type HostFailure } from '../../server/src/index.js';
import { findFreePort } from '../host/find-free-port.js';
import { buildStartErrorPage, type StartErrorPage } from './start-error-page.js';

/** The page shown when the provider could not listen: why, and a free port when it was taken. */
export async function listenFailurePage(failure: HostFailure): Promise<StartErrorPage> {
  const suggestedPort =
    failure.code === 'PORT_IN_USE' ? await findFreePort(failure.port, failure.host) : null;
  return buildStartErrorPage({
    title: hostFailureTitle(failure.code),
    message: describeHostFailure(failure),
    port: failure.port,
    host: failure.host,
    suggestedPort,
  });
}

/** The page shown when the provider stopped while the app ran, to start it again. */
export function providerStoppedPage(
  reason: string,
  where: { port: number; host: string },
  logPath: string,
): StartErrorPage {
  return buildStartErrorPage({
    title: 'The simulator stopped',
    message: `The provider stopped unexpectedly (${reason}). Start it again on this port or another one; details are in ${logPath}.`,
    port: where.port,
    host: where.host,
    suggestedPort: where.port,
  });
}
