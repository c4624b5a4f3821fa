import type { ExportFormat } from '../../../../server/src/contract.js';

/** Top-level fields only a POST /config body (or a GET /config answer) has. */
const CONFIG_ONLY = [
  'responseConfiguration',
  'simulatorUrl',
  'interactiveMode',
  'publishNewIdTokenKeysEnabled',
  'usingNewIdTokenSigningKeys',
  'publishNewCoreIdentityKeysEnabled',
  'usingNewCoreIdentitySigningKeys',
];
/** Top-level fields only a scenario file has. */
const SCENARIO_ONLY = ['name', 'description', 'persona', 'flags', 'id'];

const ENV_LINE = /^\s*(export\s+)?[A-Za-z_][A-Za-z0-9_]*=/;
const COMPOSE_KEY = /^\s*(services|environment)\s*:/m;
const COMPOSE_ITEM = /^\s*-\s+["']?[A-Za-z_][A-Za-z0-9_]*=/;
const COMPOSE_ENTRY = /^\s*[A-Z_][A-Z0-9_]*\s*:(\s|$)/;

/**
 * The format pasted text is in, as the import dialog opens on it: JSON with a scenario's fields
 * (name, persona, flags…) is a scenario export; JSON with a configuration's (responseConfiguration,
 * simulatorUrl…) a POST /config body; compose keys or "- NAME=value" items docker-compose;
 * NAME=value lines an env file. Undefined when the text says nothing either way.
 */
export function detectImportFormat(text: string): ExportFormat | undefined {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return undefined;
  if (trimmed.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      // Broken JSON: a scenario file is the likelier intent, and its check says what is wrong.
      return 'json';
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'json';
    const keys = Object.keys(value);
    if (keys.some((k) => SCENARIO_ONLY.includes(k))) return 'json';
    if (keys.some((k) => CONFIG_ONLY.includes(k))) return 'config';
    return 'json';
  }
  const lines = trimmed.split(/\r?\n/).filter((l) => !/^\s*(#.*)?$/.test(l));
  if (COMPOSE_KEY.test(trimmed) || lines.some((l) => COMPOSE_ITEM.test(l))) return 'compose';
  if (lines.length > 0 && lines.every((l) => ENV_LINE.test(l) || /^\s/.test(l))) return 'env';
  if (lines.some((l) => ENV_LINE.test(l))) return 'env';
  if (lines.some((l) => COMPOSE_ENTRY.test(l))) return 'compose';
  return undefined;
}
