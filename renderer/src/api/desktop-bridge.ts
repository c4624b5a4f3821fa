/**
 * The optional desktop bridge. The desktop shell's preload defines `window.simulatorDesktop`; a
 * browser pointed at the headless simulator does not. This is the only file that looks for it.
 */
// The bridge contract is types only (no Electron code reaches the page).
import type {
  DesktopBridge,
  DesktopInfo,
  DesktopTheme,
  ExportConfigResult,
  SetPortResult,
} from '../../../electron/bridge.js';

export type { DesktopBridge, DesktopInfo, DesktopTheme, ExportConfigResult, SetPortResult };

const METHODS = ['getInfo', 'setPort', 'exportConfig', 'importConfig'] as const;

function isBridge(v: unknown): v is DesktopBridge {
  if (typeof v !== 'object' || v === null) return false;
  const b = v as Record<string, unknown>;
  return METHODS.every((m) => typeof b[m] === 'function');
}

/** The bridge when running in the desktop window, undefined in a plain browser. */
export function getDesktopBridge(scope: unknown = globalThis): DesktopBridge | undefined {
  const candidate = (scope as { simulatorDesktop?: unknown }).simulatorDesktop;
  return isBridge(candidate) ? candidate : undefined;
}

export const HEADLESS_PORT_HELP =
  'Restart headless mode with another port: PORT=4000 npm run headless (or npm run headless -- --port 4000)';

/** Checks a port typed by the tester before it is handed to the desktop shell. */
export function parsePortInput(
  text: string,
): { ok: true; port: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed))
    return { ok: false, message: 'Enter a whole number from 1 to 65535.' };
  const port = Number(trimmed);
  if (port < 1 || port > 65535)
    return { ok: false, message: 'Enter a whole number from 1 to 65535.' };
  return { ok: true, port };
}
