import type { FloorTable } from './find-upward-imports.js';

/**
 * The floors of server/src, lowest first: a module imports its own floor or a lower one, never a
 * higher one (docs/architecture.md says what goes where).
 * - shared: pure modules the renderer runs too (no Node, no imports but each other);
 * - protocol: the provider's rules, keys, configuration, scenarios, stored state and errors;
 * - engines: what the simulator does with them (tokens, analysis, presets, the relying-party
 *   check, the request log, the test client, the per-instance context and events);
 * - web: HTTP (every Express router, middleware and handler);
 * - root: the files directly in server/src, which put the simulator together (createSimulator,
 *   buildApp, the CLI, index.ts, contract.ts).
 */
export const SERVER_FLOORS: FloorTable = {
  floors: ['shared', 'protocol', 'engines', 'web', 'root'],
  folders: {
    shared: 'shared',
    rules: 'protocol',
    keys: 'protocol',
    config: 'protocol',
    scenarios: 'protocol',
    state: 'protocol',
    errors: 'protocol',
    tokens: 'engines',
    analysis: 'engines',
    presets: 'engines',
    'rp-check': 'engines',
    log: 'engines',
    'test-client': 'engines',
    simulator: 'engines',
    http: 'web',
    endpoints: 'web',
    admin: 'web',
  },
  topLevel: 'root',
};

/** The floors allowed to import Express (types included). */
export const EXPRESS_FLOORS: readonly string[] = ['web', 'root'];
