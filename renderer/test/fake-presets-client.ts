import type {
  ActivePreset,
  Persona,
  Scenario,
  SimulatorConfig,
} from '../../server/src/contract.js';
import type { PresetsClient } from '../src/api/presets-client.js';
import { err, ok } from '../src/api/result.js';
import { createAppStore } from '../src/store/create-app-store.js';
import { createTestStore, sampleConfig } from './fake-admin-client.js';

export const persona = (id: string, patch: Partial<Persona> = {}): Persona => ({
  id,
  name: `Persona ${id}`,
  description: `About ${id}`,
  builtIn: false,
  responseConfiguration: { ...sampleConfig().responseConfiguration, email: `${id}@example.com` },
  ...patch,
});

export const scenario = (id: string, patch: Partial<Scenario> = {}): Scenario => ({
  id,
  name: `Scenario ${id}`,
  description: `About ${id}`,
  builtIn: false,
  clientConfiguration: {},
  errorConfiguration: {
    authoriseErrors: [],
    idTokenErrors: [],
    coreIdentityErrors: [],
    tokenErrors: [],
    userInfoErrors: [],
    faults: [],
  },
  flags: {},
  ...patch,
});

const notFound = (id: string) =>
  err({ kind: 'http' as const, status: 404, message: `no preset has the id "${id}"` });
const noDataDir = () =>
  err({ kind: 'http' as const, status: 409, message: 'no data folder: start with --data-dir' });

/**
 * A stand-in for the personas and scenarios API in store unit tests: in memory, with built-ins
 * that refuse changes, a data folder that can be switched off, and a record of every call.
 */
export function createFakePresetsClient(
  options: { dataDir?: string | null; config?: () => SimulatorConfig } = {},
  overrides: Partial<PresetsClient> = {},
) {
  const calls: { name: string; args: unknown[] }[] = [];
  const dataDir = options.dataDir === undefined ? '/data' : options.dataDir;
  const personas: Persona[] = [
    persona('default-user', { name: 'Default user', builtIn: true }),
    persona('no-phone', { name: 'No phone', builtIn: true }),
  ];
  const scenarios: Scenario[] = [
    scenario('pkce-enforced', {
      name: 'PKCE enforced',
      builtIn: true,
      clientConfiguration: { pkceEnforced: true },
    }),
    scenario('id-token-wrong-key', {
      name: 'ID token signed with the wrong key',
      builtIn: true,
      errorConfiguration: {
        authoriseErrors: [],
        idTokenErrors: ['INVALID_SIGNATURE'],
        coreIdentityErrors: [],
        tokenErrors: [],
        userInfoErrors: [],
        faults: [],
      },
    }),
  ];
  let active: ActivePreset = { modifiedSinceApplied: false };
  const config = options.config ?? sampleConfig;
  const record = (name: string, ...args: unknown[]) => calls.push({ name, args });
  const list = <T>(items: T[]) => ok({ items: structuredClone(items), problems: [], dataDir });

  const client: PresetsClient = {
    listPersonas: async () => (record('listPersonas'), list(personas)),
    listScenarios: async () => (record('listScenarios'), list(scenarios)),
    async createPersona(body) {
      record('createPersona', body);
      if (!dataDir) return noDataDir();
      const id = body.id ?? body.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const created = persona(id, {
        name: body.name,
        description: body.description ?? '',
        responseConfiguration: {
          ...sampleConfig().responseConfiguration,
          ...body.responseConfiguration,
        },
      });
      personas.push(created);
      return ok(created);
    },
    async updatePersona(id, body) {
      record('updatePersona', id, body);
      const at = personas.findIndex((p) => p.id === id);
      if (at < 0) return notFound(id);
      if (body.responseConfiguration.sub === '')
        return err({
          kind: 'invalid',
          status: 400,
          message: 'invalid_request',
          issues: [
            { path: 'responseConfiguration.sub', message: 'must not be empty' },
            ...(body.name === '' ? [{ path: 'name', message: 'must not be empty' }] : []),
          ],
        });
      // As the simulator: another id in the body renames the persona, unless it is taken.
      if (body.id !== undefined && body.id !== id && personas.some((p) => p.id === body.id))
        return err({
          kind: 'http' as const,
          status: 409,
          message: `a persona with the id "${body.id}" already exists`,
        });
      const updated = { ...(personas[at] as Persona), ...body } as Persona;
      personas[at] = updated;
      return ok(updated);
    },
    async deletePersona(id) {
      record('deletePersona', id);
      const at = personas.findIndex((p) => p.id === id);
      if (at < 0) return notFound(id);
      personas.splice(at, 1);
      const referencedBy = scenarios.filter((s) => s.persona === id).map((s) => s.id);
      return ok({ deleted: id, referencedBy });
    },
    async duplicatePersona(id, name) {
      record('duplicatePersona', id, name);
      const source = personas.find((p) => p.id === id);
      if (!source) return notFound(id);
      if (!dataDir) return noDataDir();
      const copy = { ...source, id: `${id}-copy`, name: name ?? `${source.name} (copy)` };
      copy.builtIn = false;
      personas.push(copy);
      return ok(copy);
    },
    async applyPersona(id) {
      record('applyPersona', id);
      const found = personas.find((p) => p.id === id);
      if (!found) return notFound(id);
      active = { persona: { id, name: found.name }, modifiedSinceApplied: false };
      return ok({
        config: { ...config(), responseConfiguration: found.responseConfiguration },
        active,
      });
    },
    async createScenario(doc) {
      record('createScenario', doc);
      if (!dataDir) return noDataDir();
      const created = scenario(doc.id ?? doc.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), {
        name: doc.name,
        description: doc.description ?? '',
        clientConfiguration: doc.clientConfiguration ?? {},
        flags: doc.flags ?? {},
        ...(typeof doc.persona === 'string' ? { persona: doc.persona } : {}),
      });
      scenarios.push(created);
      return ok(created);
    },
    async updateScenario(id, doc) {
      record('updateScenario', id, doc);
      const at = scenarios.findIndex((s) => s.id === id);
      if (at < 0) return notFound(id);
      const updated = scenario(id, {
        name: doc.name,
        description: doc.description ?? '',
        clientConfiguration: doc.clientConfiguration ?? {},
        flags: doc.flags ?? {},
        ...(doc.persona === undefined ? {} : { persona: doc.persona as Scenario['persona'] }),
      });
      scenarios[at] = updated;
      return ok(updated);
    },
    async deleteScenario(id) {
      record('deleteScenario', id);
      const at = scenarios.findIndex((s) => s.id === id);
      if (at < 0) return notFound(id);
      scenarios.splice(at, 1);
      return ok({ deleted: id });
    },
    async duplicateScenario(id, name) {
      record('duplicateScenario', id, name);
      const source = scenarios.find((s) => s.id === id);
      if (!source) return notFound(id);
      if (!dataDir) return noDataDir();
      const copy = { ...structuredClone(source), id: `${id}-copy`, builtIn: false };
      copy.name = name ?? `${source.name} (copy)`;
      scenarios.push(copy);
      return ok(copy);
    },
    async applyScenario(id) {
      record('applyScenario', id);
      const found = scenarios.find((s) => s.id === id);
      if (!found) return notFound(id);
      active = { scenario: { id, name: found.name }, modifiedSinceApplied: false };
      return ok({
        config: { ...config(), errorConfiguration: found.errorConfiguration },
        active,
      });
    },
    async exportScenario(id, format) {
      record('exportScenario', id, format);
      if (!scenarios.some((s) => s.id === id)) return notFound(id);
      return ok(`# ${format} of ${id}\n`);
    },
    async importScenario(request, save, apply = false) {
      record('importScenario', request, save, apply);
      if (request.text.includes('BAD'))
        return err({
          kind: 'invalid',
          status: 400,
          message: 'invalid_request',
          issues: [
            { path: 'line 1', message: 'unknown variable BAD' },
            { path: 'PKCE_ENABLED', message: 'must be true or false' },
          ],
        });
      if (save && !dataDir) return noDataDir();
      const imported = scenario('imported', { name: request.name ?? 'Imported' });
      if (save) scenarios.push(imported);
      if (!apply) return ok({ scenario: imported, saved: save, warnings: [] });
      const config = sampleConfig();
      config.clientConfiguration.pkceEnforced = true;
      active = { scenario: { id: imported.id, name: imported.name }, modifiedSinceApplied: false };
      return ok({
        scenario: imported,
        saved: save,
        warnings: [],
        applied: { config, active: structuredClone(active) },
      });
    },
    getActive: async () => (record('getActive'), ok(structuredClone(active))),
    async diff(left, right) {
      record('diff', left, right);
      return ok([{ path: 'clientConfiguration.pkceEnforced', left: false, right: true }]);
    },
    ...overrides,
  };
  return {
    client,
    calls,
    personas,
    scenarios,
    setActive: (next: ActivePreset) => void (active = next),
  };
}

/** A store (as createTestStore makes) whose presets API is the fake above. */
export function createPresetsTestStore(
  options: { dataDir?: string | null } = {},
  overrides: Partial<PresetsClient> = {},
) {
  const base = createTestStore();
  const fake = createFakePresetsClient({ ...options, config: base.serverConfig }, overrides);
  const store = createAppStore({ ...base.deps, presets: fake.client });
  return { ...base, store, presets: fake };
}
