import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { tempFileFor } from './temp-files.js';
import type { ConfigIssue } from '../config/config-types.js';
import type { Result } from '../shared/result.js';
import { BUILT_IN_PERSONAS, findBuiltInPersona } from './built-in-personas.js';
import { BUILT_IN_SCENARIOS, findBuiltInScenario } from './built-in-scenarios.js';
import { parsePersonaDocument, parseScenarioDocument } from './parse-preset.js';
import { isPresetId } from '../shared/preset-id.js';
import { dataFileProblem, MAX_FILE_BYTES, readDataFile } from './read-data-file.js';
import { PERSONA_SCHEMA, SCENARIO_SCHEMA, schemaFileText, type Schema } from './preset-schemas.js';
import type { Persona, PresetList, PresetProblem, Scenario } from './preset-types.js';
import {
  personaToDocument,
  scenarioToDocument,
  toPersona,
  toScenario,
  type PersonaLookup,
} from './resolve-preset.js';

/**
 * Personas and scenarios saved in a data folder, one JSON file each:
 *   <dataDir>/personas/<id>.json, <dataDir>/scenarios/<id>.json
 * and the JSON Schemas they point at, <dataDir>/schemas/{persona,scenario}.schema.json.
 * Files are written atomically (a temporary file in the same folder, then a rename). A file that
 * cannot be read or is invalid is reported as a problem and skipped, never fatal.
 */

export { MAX_FILE_BYTES };
export const MAX_FILES = 1000;

export type Kind = 'personas' | 'scenarios';

export type Lookup<T> =
  { kind: 'found'; value: T } | { kind: 'missing' } | { kind: 'broken'; problem: PresetProblem };

/** A new file refused: its folder already holds MAX_FILES, the most a list reads. */
export class FolderFullError extends Error {
  constructor(readonly kind: Kind) {
    super(
      `the data folder holds ${MAX_FILES} ${kind}, the most that are read; delete one before adding another`,
    );
  }
}

export class NoDataDirError extends Error {
  constructor() {
    super('no data folder: start with --data-dir');
  }
}

/** Describes a list of issues in one line: "responseConfiguration.sub: must not be empty; …". */
export function describeIssues(issues: readonly ConfigIssue[]): string {
  return issues.map((i) => `${i.path || '(document)'}: ${i.message}`).join('; ');
}

/** The problem reported for a file in a data folder whose name is not an id. */
export const FILE_NAME_NOT_ID =
  'the file name must be an id (lowercase letters, digits and single hyphens) followed by .json';

/** Writes a file atomically: a temporary file next to it, flushed, then renamed over it. */
export function writeFileAtomic(file: string, text: string, mode = 0o644): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const tmp = tempFileFor(file);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx', mode);
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, file);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * Keeps <dataDir>/schemas/<name> equal to the schema, so editors validate the saved files; the
 * file is written only when it differs.
 */
export function keepSchemaCopy(dataDir: string, name: string, schema: Schema): void {
  const file = join(dataDir, 'schemas', name);
  const want = schemaFileText(schema);
  let have: string | undefined;
  try {
    have = readDataFile(file, dataDir);
  } catch {
    have = undefined;
  }
  if (have !== want) writeFileAtomic(file, want);
}

const reason = dataFileProblem;

export class PresetStore {
  constructor(readonly dataDir: string | undefined) {}

  // ---- personas ----------------------------------------------------------------------------

  listPersonas(): PresetList<Persona> {
    const saved = this.readAll('personas', (json, id) => {
      const doc = parsePersonaDocument(json);
      return doc.ok ? ({ ok: true, value: toPersona(doc.value, id) } as const) : doc;
    });
    return {
      items: [...BUILT_IN_PERSONAS.map((p) => structuredClone(p)), ...saved.items],
      problems: saved.problems,
      dataDir: this.dataDir ?? null,
    };
  }

  getPersona(id: string): Lookup<Persona> {
    const builtIn = findBuiltInPersona(id);
    if (builtIn) return { kind: 'found', value: structuredClone(builtIn) };
    return this.readOne('personas', id, (json) => {
      const doc = parsePersonaDocument(json);
      return doc.ok ? { ok: true, value: toPersona(doc.value, id) } : doc;
    });
  }

  /** Finds a persona for a scenario; unreadable files count as missing. */
  readonly lookupPersona: PersonaLookup = (id) => {
    const found = this.getPersona(id);
    return found.kind === 'found' ? found.value : undefined;
  };

  savePersona(persona: Persona): void {
    this.write('personas', persona.id, `${JSON.stringify(personaToDocument(persona), null, 2)}\n`);
  }

  // ---- scenarios ---------------------------------------------------------------------------

  listScenarios(): PresetList<Scenario> {
    const saved = this.readAll('scenarios', (json, id) => {
      const doc = parseScenarioDocument(json);
      return doc.ok ? ({ ok: true, value: toScenario(doc.value, id) } as const) : doc;
    });
    return {
      items: [...BUILT_IN_SCENARIOS.map((s) => structuredClone(s)), ...saved.items],
      problems: saved.problems,
      dataDir: this.dataDir ?? null,
    };
  }

  getScenario(id: string): Lookup<Scenario> {
    const builtIn = findBuiltInScenario(id);
    if (builtIn) return { kind: 'found', value: structuredClone(builtIn) };
    return this.readOne('scenarios', id, (json) => {
      const doc = parseScenarioDocument(json);
      return doc.ok ? { ok: true, value: toScenario(doc.value, id) } : doc;
    });
  }

  saveScenario(scenario: Scenario): void {
    const doc = scenarioToDocument(scenario);
    this.write('scenarios', scenario.id, `${JSON.stringify(doc, null, 2)}\n`);
  }

  // ---- shared ------------------------------------------------------------------------------

  /** Whether an id is taken (built in, or a file of that name exists, readable or not). */
  isTaken(kind: Kind, id: string): boolean {
    const builtIn = kind === 'personas' ? findBuiltInPersona(id) : findBuiltInScenario(id);
    if (builtIn) return true;
    if (!this.dataDir) return false;
    try {
      statSync(join(this.dataDir, kind, `${id}.json`));
      return true;
    } catch {
      return false;
    }
  }

  /** Deletes a saved file. False when there is none. */
  remove(kind: Kind, id: string): boolean {
    if (!this.dataDir || !isPresetId(id)) return false;
    try {
      unlinkSync(join(this.dataDir, kind, `${id}.json`));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  private write(kind: Kind, id: string, text: string): void {
    if (!this.dataDir) throw new NoDataDirError();
    if (!isPresetId(id)) throw new Error(`"${id}" is not a valid id`);
    const file = join(this.dataDir, kind, `${id}.json`);
    this.checkRoom(kind, id);
    this.ensureSchemaCopies();
    writeFileAtomic(file, text);
  }

  /**
   * Throws FolderFullError when a new file of this id would be one more than MAX_FILES: it would
   * be saved and then never listed. Replacing an existing file is always allowed.
   */
  checkRoom(kind: Kind, id: string): void {
    if (!this.isTaken(kind, id) && this.countFiles(kind) >= MAX_FILES)
      throw new FolderFullError(kind);
  }

  /** How many files a list of this kind would consider (named *.json, not hidden). */
  private countFiles(kind: Kind): number {
    if (!this.dataDir) return 0;
    try {
      return readdirSync(join(this.dataDir, kind)).filter(
        (n) => n.endsWith('.json') && !n.startsWith('.'),
      ).length;
    } catch {
      return 0;
    }
  }

  /** Keeps <dataDir>/schemas/*.schema.json current, so editors validate the saved files. */
  private ensureSchemaCopies(): void {
    if (!this.dataDir) return;
    for (const [name, schema] of [
      ['persona.schema.json', PERSONA_SCHEMA],
      ['scenario.schema.json', SCENARIO_SCHEMA],
    ] as const)
      keepSchemaCopy(this.dataDir, name, schema);
  }

  private readOne<T>(
    kind: Kind,
    id: string,
    parse: (json: unknown) => Result<T, ConfigIssue[]>,
  ): Lookup<T> {
    if (!this.dataDir || !isPresetId(id)) return { kind: 'missing' };
    const file = `${kind}/${id}.json`;
    let text: string;
    try {
      text = readDataFile(join(this.dataDir, kind, `${id}.json`), this.dataDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
      return { kind: 'broken', problem: { file, message: reason(error) } };
    }
    return this.parseFile(file, id, text, parse);
  }

  private parseFile<T>(
    file: string,
    id: string,
    text: string,
    parse: (json: unknown) => Result<T, ConfigIssue[]>,
  ): Lookup<T> {
    let json: unknown;
    try {
      json = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      return { kind: 'broken', problem: { file, message: reason(error) } };
    }
    const fileId = (json as { id?: unknown } | null)?.id;
    const parsed = parse(json);
    if (!parsed.ok)
      return { kind: 'broken', problem: { file, message: describeIssues(parsed.error) } };
    if (fileId !== undefined && fileId !== id)
      return {
        kind: 'broken',
        problem: { file, message: `id "${String(fileId)}" does not match the file name (${id})` },
      };
    return { kind: 'found', value: parsed.value };
  }

  private readAll<T>(
    kind: Kind,
    parse: (json: unknown, id: string) => Result<T, ConfigIssue[]>,
  ): { items: T[]; problems: PresetProblem[] } {
    const items: T[] = [];
    const problems: PresetProblem[] = [];
    if (!this.dataDir) return { items, problems };
    const dir = join(this.dataDir, kind);
    let names: string[];
    try {
      if (!statSync(dir).isDirectory())
        return { items, problems: [{ file: kind, message: 'is a file, not a folder' }] };
      names = readdirSync(dir).sort();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { items, problems };
      return { items, problems: [{ file: kind, message: reason(error) }] };
    }
    const files = names.filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    if (files.length > MAX_FILES)
      problems.push({
        file: kind,
        message: `holds ${files.length} files; only the first ${MAX_FILES} are read`,
      });
    const builtIn = kind === 'personas' ? findBuiltInPersona : findBuiltInScenario;
    for (const name of files.slice(0, MAX_FILES)) {
      const file = `${kind}/${name}`;
      const id = name.slice(0, -'.json'.length);
      if (!isPresetId(id)) {
        problems.push({
          file,
          message: FILE_NAME_NOT_ID,
        });
        continue;
      }
      if (builtIn(id)) {
        problems.push({
          file,
          message: `"${id}" is the id of a built-in ${kind === 'personas' ? 'persona' : 'scenario'}; rename the file`,
        });
        continue;
      }
      let text: string;
      try {
        const full = join(dir, name);
        if (statSync(full).isDirectory()) continue;
        text = readDataFile(full, this.dataDir);
      } catch (error) {
        problems.push({ file, message: reason(error) });
        continue;
      }
      const found = this.parseFile(file, id, text, (json) => parse(json, id));
      if (found.kind === 'found') items.push(found.value);
      else if (found.kind === 'broken') problems.push(found.problem);
    }
    return { items, problems };
  }
}
