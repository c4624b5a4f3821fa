import type {
  ActivePreset,
  ApplyResult,
  DiffEntry,
  ExportFormat,
  ImportRequest,
  ImportResult,
  Persona,
  PresetList,
  ResponseConfiguration,
  Scenario,
  ScenarioDocument,
} from '../../../server/src/contract.js';
import { ADMIN_API, createApiCall, isRecord, type FetchLike } from './admin-client.js';
import { ok, type Result } from './result.js';

/** What POST /personas and PUT /personas/:id take. */
export interface PersonaBody {
  name: string;
  description?: string;
  nameCy?: string;
  descriptionCy?: string;
  id?: string;
  responseConfiguration: Partial<ResponseConfiguration>;
}

export interface PersonaDeleted {
  deleted: string;
  /** Saved scenarios that name the deleted persona (they can no longer be applied). */
  referencedBy: string[];
}

/** A side of GET /diff: `defaults`, `initial`, `active`, `scenario:<id>` or `persona:<id>`. */
export type DiffSide =
  'defaults' | 'initial' | 'active' | `scenario:${string}` | `persona:${string}`;

/** The personas and scenarios API (/_simulator/api). Every call answers a Result. */
export interface PresetsClient {
  listPersonas(): Promise<Result<PresetList<Persona>>>;
  createPersona(body: PersonaBody): Promise<Result<Persona>>;
  updatePersona(id: string, body: PersonaBody): Promise<Result<Persona>>;
  deletePersona(id: string): Promise<Result<PersonaDeleted>>;
  duplicatePersona(id: string, name?: string): Promise<Result<Persona>>;
  applyPersona(id: string): Promise<Result<ApplyResult>>;

  listScenarios(): Promise<Result<PresetList<Scenario>>>;
  createScenario(doc: ScenarioDocument): Promise<Result<Scenario>>;
  updateScenario(id: string, doc: ScenarioDocument): Promise<Result<Scenario>>;
  deleteScenario(id: string): Promise<Result<{ deleted: string }>>;
  duplicateScenario(id: string, name?: string): Promise<Result<Scenario>>;
  applyScenario(id: string): Promise<Result<ApplyResult>>;
  exportScenario(id: string, format: ExportFormat): Promise<Result<string>>;

  /** POST /import: checks the text; saves it (data folder only) and applies it when asked. */
  importScenario(
    request: ImportRequest,
    save: boolean,
    apply?: boolean,
  ): Promise<Result<ImportResult>>;
  getActive(): Promise<Result<ActivePreset>>;
  diff(left: DiffSide, right: DiffSide): Promise<Result<DiffEntry[]>>;
}

/** The query of POST /import: only the flags that are on. */
const importQuery = (save: boolean, apply: boolean): string => {
  const flags = [save ? 'save=true' : '', apply ? 'apply=true' : ''].filter(Boolean);
  return flags.length ? `?${flags.join('&')}` : '';
};

const isList = <T>(b: unknown): b is PresetList<T> =>
  isRecord(b) && Array.isArray(b.items) && Array.isArray(b.problems);
const isPreset = <T>(b: unknown): b is T =>
  isRecord(b) && typeof b.id === 'string' && typeof b.name === 'string';
const isApplied = (b: unknown): b is ApplyResult =>
  isRecord(b) && isRecord(b.config) && isRecord(b.active);
const isActive = (b: unknown): b is ActivePreset =>
  isRecord(b) && typeof b.modifiedSinceApplied === 'boolean';
const isDiff = (b: unknown): b is DiffEntry[] =>
  Array.isArray(b) && b.every((e) => isRecord(e) && typeof e.path === 'string');
const isImport = (b: unknown): b is ImportResult =>
  isRecord(b) && isRecord(b.scenario) && Array.isArray(b.warnings);
const isDeleted = (b: unknown): b is { deleted: string } =>
  isRecord(b) && typeof b.deleted === 'string';
const isText = (b: unknown): b is string => typeof b === 'string';

const PERSONAS = `${ADMIN_API}/personas`;
const SCENARIOS = `${ADMIN_API}/scenarios`;
const at = (base: string, id: string, tail = '') => `${base}/${encodeURIComponent(id)}${tail}`;

export function createPresetsClient(
  fetchImpl: FetchLike = (i, init) => fetch(i, init),
): PresetsClient {
  const call = createApiCall(fetchImpl);
  const duplicateBody = (name?: string) => (name === undefined ? {} : { name });
  return {
    listPersonas: () => call(PERSONAS, {}, isList<Persona>),
    createPersona: (body) => call(PERSONAS, { method: 'POST', json: body }, isPreset<Persona>),
    updatePersona: (id, body) =>
      call(at(PERSONAS, id), { method: 'PUT', json: body }, isPreset<Persona>),
    async deletePersona(id) {
      const result = await call(at(PERSONAS, id), { method: 'DELETE' }, isDeleted);
      if (!result.ok) return result;
      const raw = (result.value as { referencedBy?: unknown }).referencedBy;
      const referencedBy = Array.isArray(raw)
        ? raw.filter((r): r is string => typeof r === 'string')
        : [];
      return ok({ deleted: result.value.deleted, referencedBy });
    },
    duplicatePersona: (id, name) =>
      call(
        at(PERSONAS, id, '/duplicate'),
        { method: 'POST', json: duplicateBody(name) },
        isPreset<Persona>,
      ),
    applyPersona: (id) => call(at(PERSONAS, id, '/apply'), { method: 'POST' }, isApplied),

    listScenarios: () => call(SCENARIOS, {}, isList<Scenario>),
    createScenario: (doc) => call(SCENARIOS, { method: 'POST', json: doc }, isPreset<Scenario>),
    updateScenario: (id, doc) =>
      call(at(SCENARIOS, id), { method: 'PUT', json: doc }, isPreset<Scenario>),
    deleteScenario: (id) => call(at(SCENARIOS, id), { method: 'DELETE' }, isDeleted),
    duplicateScenario: (id, name) =>
      call(
        at(SCENARIOS, id, '/duplicate'),
        { method: 'POST', json: duplicateBody(name) },
        isPreset<Scenario>,
      ),
    applyScenario: (id) => call(at(SCENARIOS, id, '/apply'), { method: 'POST' }, isApplied),
    exportScenario: (id, format) =>
      call(
        at(SCENARIOS, id, `/export?format=${encodeURIComponent(format)}`),
        { text: true },
        isText,
      ),

    importScenario: (request, save, apply = false) =>
      call(
        `${ADMIN_API}/import${importQuery(save, apply)}`,
        { method: 'POST', json: request },
        isImport,
      ),
    getActive: () => call(`${ADMIN_API}/active`, {}, isActive),
    diff: (left, right) =>
      call(`${ADMIN_API}/diff?${new URLSearchParams({ left, right }).toString()}`, {}, isDiff),
  };
}
