import type { DesktopHostFailureCode, DesktopPreferences } from '../bridge.js';
import { parseConfigJson } from '../files/parse-config-json.js';
import { parseHost, parsePortNumber } from '../args/parse-listen-address.js';
import { err, ok, type Result } from '../../server/src/shared/result.js';
import { DESKTOP_THEMES } from '../settings/desktop-settings.js';

/** Why the arguments of a bridge call were refused. */
export interface ArgumentIssue {
  code: DesktopHostFailureCode | 'INVALID_ARGUMENT';
  message: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `setPort(port, host?)`: a port number and, optionally, an IP address to bind. */
export function parseSetPortArgs(
  args: readonly unknown[],
): Result<{ port: number; host: string | undefined }, ArgumentIssue> {
  if (args.length < 1 || args.length > 2) {
    return err({
      code: 'INVALID_ARGUMENT',
      message: 'setPort takes a port and, optionally, a host.',
    });
  }
  const port = parsePortNumber(args[0]);
  if (!port.ok) return err(port.error);
  if (args[1] === undefined) return ok({ port: port.value, host: undefined });
  const host = parseHost(args[1]);
  if (!host.ok) return err(host.error);
  return ok({ port: port.value, host: host.value });
}

/** `exportConfig(json)`: a JSON object as text; given back formatted for the file. */
export function parseExportConfigArgs(args: readonly unknown[]): Result<string, ArgumentIssue> {
  if (args.length !== 1) {
    return err({
      code: 'INVALID_ARGUMENT',
      message: 'exportConfig takes the configuration as JSON text.',
    });
  }
  const parsed = parseConfigJson(args[0]);
  return parsed.ok ? parsed : err({ code: 'INVALID_ARGUMENT', message: parsed.error });
}

/** `setPreferences({ theme?, restoreOnStart? })`: known fields of the right type, nothing else. */
export function parsePreferencesArgs(
  args: readonly unknown[],
): Result<Partial<DesktopPreferences>, ArgumentIssue> {
  const raw = args[0];
  if (args.length !== 1 || !isRecord(raw)) {
    return err({
      code: 'INVALID_ARGUMENT',
      message: 'setPreferences takes an object: { theme?, restoreOnStart? }.',
    });
  }
  const unknown = Object.keys(raw).filter((k) => k !== 'theme' && k !== 'restoreOnStart');
  if (unknown.length > 0) {
    return err({
      code: 'INVALID_ARGUMENT',
      message: `Unknown preference(s): ${unknown.join(', ')}.`,
    });
  }
  const out: Partial<DesktopPreferences> = {};
  if (raw.theme !== undefined) {
    const theme = DESKTOP_THEMES.find((t) => t === raw.theme);
    if (!theme) {
      return err({
        code: 'INVALID_ARGUMENT',
        message: `theme must be one of ${DESKTOP_THEMES.join(', ')}.`,
      });
    }
    out.theme = theme;
  }
  if (raw.restoreOnStart !== undefined) {
    if (typeof raw.restoreOnStart !== 'boolean') {
      return err({ code: 'INVALID_ARGUMENT', message: 'restoreOnStart must be true or false.' });
    }
    out.restoreOnStart = raw.restoreOnStart;
  }
  return ok(out);
}
