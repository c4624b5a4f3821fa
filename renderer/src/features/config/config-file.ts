import type { SimulatorConfig } from '../../../../server/src/contract.js';
import { toConfigRequestBody } from '../../api/config-body.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The file a configuration is exported to: the body of POST /config, ready for curl. */
export function exportConfigFile(config: SimulatorConfig): string {
  return `${JSON.stringify(toConfigRequestBody(config), null, 2)}\n`;
}

const FLAG_NAMES: readonly [keyof SimulatorConfig, string][] = [
  ['publishNewIdTokenKeysEnabled', 'publishNewIdTokenSigningKeys'],
  ['usingNewIdTokenSigningKeys', 'useNewIdTokenSigningKeys'],
  ['publishNewCoreIdentityKeysEnabled', 'publishNewCoreIdentitySigningKeys'],
  ['usingNewCoreIdentitySigningKeys', 'useNewCoreIdentitySigningKeys'],
  ['oldIdTokenKeysRetired', 'retireOldIdTokenSigningKeys'],
  ['oldCoreIdentityKeysRetired', 'retireOldCoreIdentitySigningKeys'],
  ['interactiveMode', 'interactiveMode'],
];

/**
 * Reads an imported file (a POST /config body or a GET /config answer) over `base`: members it
 * has replace the base's, members it lacks keep their value. The values are not checked here;
 * the form sends them to the simulator's validation like any edit.
 */
export function importConfigFile(
  text: string,
  base: SimulatorConfig,
): { ok: true; config: SimulatorConfig } | { ok: false; message: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not JSON.' };
  }
  if (!isRecord(data)) return { ok: false, message: 'The file must hold a JSON object.' };
  const known = [
    'clientConfiguration',
    'responseConfiguration',
    'errorConfiguration',
    'simulatorUrl',
  ];
  if (!known.some((k) => k in data) && !FLAG_NAMES.some(([a, b]) => a in data || b in data)) {
    return {
      ok: false,
      message: 'No configuration found (expected clientConfiguration, responseConfiguration…).',
    };
  }
  const next: SimulatorConfig = structuredClone(base);
  if (isRecord(data.clientConfiguration))
    next.clientConfiguration = {
      ...next.clientConfiguration,
      ...(data.clientConfiguration as object),
    };
  if (isRecord(data.responseConfiguration))
    next.responseConfiguration = {
      ...next.responseConfiguration,
      ...(data.responseConfiguration as object),
    };
  if (typeof data.simulatorUrl === 'string') next.simulatorUrl = data.simulatorUrl;
  for (const [stateName, postName] of FLAG_NAMES) {
    const v = data[postName] ?? data[stateName];
    if (typeof v === 'boolean') (next as unknown as Record<string, unknown>)[stateName] = v;
  }
  return { ok: true, config: next };
}
