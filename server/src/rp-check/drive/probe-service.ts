import { err, ok, type Result } from '../../shared/result.js';
import type { DriveSettings } from '../rp-check-types.js';
import { DriverBrowser, withoutQuery } from './driver-browser.js';
import { urlProblem } from './drive-settings.js';

/**
 * Before a driven run starts: one browser-like GET of the service's sign-in address (the address
 * the check starts every journey at). Any HTTP answer, even a 500, means the service is there;
 * a refused connection, an unknown name, a TLS failure or silence means the run would only mark
 * every step "not judged", so it does not start. The CLI, the admin API and the window all ask
 * here. Only the address the check was given is requested.
 */

export const PROBE_TIMEOUT_MS = 5000;

export interface Unreachable {
  /** The address requested, without its query. */
  address: string;
  /** ECONNREFUSED, ENOTFOUND, "no answer within 5 s", a TLS error code, … */
  cause: string;
  /** One sentence naming both. */
  message: string;
}

export async function probeService(
  drive: DriveSettings,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<Result<{ address: string; status: number }, Unreachable>> {
  const address = drive.signIn;
  const problem = urlProblem(address);
  const shown = withoutQuery(String(address));
  const unreachable = (cause: string): Unreachable => ({
    address: shown,
    cause,
    message: `the service did not answer at ${shown} (${cause}): start it, or correct the sign-in address`,
  });
  if (problem) return err(unreachable(`the address ${problem}`));
  const answered = await new DriverBrowser([address]).reach(address, timeoutMs);
  return answered.ok
    ? ok({ address: shown, status: answered.value })
    : err(unreachable(answered.error));
}
