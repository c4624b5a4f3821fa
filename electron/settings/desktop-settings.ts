import type { DesktopTheme } from '../bridge.js';
import { DEFAULT_HOST, parseHost } from '../args/parse-listen-address.js';

export const DESKTOP_THEMES = [
  'system',
  'light',
  'dark',
] as const satisfies readonly DesktopTheme[];

export interface WindowBounds {
  /** Position on the desktop; absent: let the system place the window. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

/** What the desktop app remembers between runs (settings.json). */
export interface DesktopSettings {
  port: number;
  host: string;
  windowBounds: WindowBounds;
  theme: DesktopTheme;
  /** Keep the provider configuration across restarts (otherwise every start uses the defaults). */
  restoreOnStart: boolean;
  /** The configuration at the last change (GET /config shape); kept only with restoreOnStart. */
  lastConfiguration: Record<string, unknown> | null;
}

export const DEFAULT_DESKTOP_PORT = 3000;

export function defaultSettings(): DesktopSettings {
  return {
    port: DEFAULT_DESKTOP_PORT,
    host: DEFAULT_HOST,
    windowBounds: { width: 1280, height: 840, maximized: false },
    theme: 'system',
    restoreOnStart: false,
    lastConfiguration: null,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isCoordinate = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 100_000;

const isLength = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 200 && v <= 20_000;

function parseBounds(raw: unknown, fallback: WindowBounds): WindowBounds | null {
  if (!isRecord(raw) || !isLength(raw.width) || !isLength(raw.height)) return null;
  const bounds: WindowBounds = {
    width: raw.width,
    height: raw.height,
    maximized: typeof raw.maximized === 'boolean' ? raw.maximized : fallback.maximized,
  };
  if (isCoordinate(raw.x) && isCoordinate(raw.y)) {
    bounds.x = raw.x;
    bounds.y = raw.y;
  }
  return bounds;
}

/**
 * Reads settings from parsed JSON. Each field that is missing keeps its default silently; each
 * field that is present but wrong falls back to its default with a warning. Unknown fields are
 * dropped.
 */
export function parseSettings(raw: unknown): { settings: DesktopSettings; warnings: string[] } {
  const settings = defaultSettings();
  const warnings: string[] = [];
  if (!isRecord(raw)) {
    warnings.push('the settings are not a JSON object; every setting is back to its default');
    return { settings, warnings };
  }
  const reject = (field: string, why: string, fallback: unknown) =>
    warnings.push(`"${field}" ${why}; using ${JSON.stringify(fallback)}`);

  if ('port' in raw) {
    const p = raw.port;
    if (typeof p === 'number' && Number.isInteger(p) && p >= 1 && p <= 65535) settings.port = p;
    else reject('port', 'must be a whole number from 1 to 65535', settings.port);
  }
  if ('host' in raw) {
    const h = parseHost(raw.host);
    if (h.ok) settings.host = h.value;
    else reject('host', 'must be 127.0.0.1, 0.0.0.0 or another loopback address', settings.host);
  }
  if ('windowBounds' in raw) {
    const b = parseBounds(raw.windowBounds, settings.windowBounds);
    if (b) settings.windowBounds = b;
    else
      reject(
        'windowBounds',
        'must have a whole-number width and height from 200',
        settings.windowBounds,
      );
  }
  if ('theme' in raw) {
    const t = raw.theme;
    if (DESKTOP_THEMES.some((name) => name === t)) settings.theme = t as DesktopTheme;
    else reject('theme', `must be one of ${DESKTOP_THEMES.join(', ')}`, settings.theme);
  }
  if ('restoreOnStart' in raw) {
    if (typeof raw.restoreOnStart === 'boolean') settings.restoreOnStart = raw.restoreOnStart;
    else reject('restoreOnStart', 'must be true or false', settings.restoreOnStart);
  }
  if ('lastConfiguration' in raw) {
    const c = raw.lastConfiguration;
    if (c === null || isRecord(c)) settings.lastConfiguration = c;
    else reject('lastConfiguration', 'must be a JSON object or null', null);
  }
  // A configuration is kept only while restoreOnStart is on.
  if (!settings.restoreOnStart) settings.lastConfiguration = null;
  return { settings, warnings };
}
