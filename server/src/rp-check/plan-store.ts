import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Result } from '../shared/result.js';
import { isPresetId } from '../shared/preset-id.js';
import {
  describeIssues,
  FILE_NAME_NOT_ID,
  keepSchemaCopy,
  writeFileAtomic,
} from '../presets/preset-store.js';
import { dataFileProblem, readDataFile } from '../presets/read-data-file.js';
import { buildDefaultPlan, DEFAULT_PLAN_ID } from './default-plan.js';
import { parsePlanDocument, toPlan } from './parse-plan.js';
import { PLAN_SCHEMA, PLAN_SCHEMA_REF } from './plan-schema.js';
import type { Plan, PlanDocument, PlanList } from './rp-check-types.js';

/**
 * Relying-party check plans: the built-in default plan and plans saved in the data folder, one
 * JSON file each (<dataDir>/plans/<id>.json, git friendly: two-space indent, a final newline),
 * beside the schema copy <dataDir>/schemas/rp-check-plan.schema.json. A file that cannot be read
 * or is invalid is reported as a problem, never fatal.
 */

export type PlanLookup =
  { kind: 'found'; plan: Plan } | { kind: 'missing' } | { kind: 'broken'; message: string };

const MAX_PLANS = 1000;

const reason = dataFileProblem;

/** Reads and checks a plan file's text; `id` is what the plan is called when the file has none. */
export function parsePlanText(text: string, id: string): Result<Plan, string> {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, error: reason(error) };
  }
  const doc = parsePlanDocument(json);
  if (!doc.ok) return { ok: false, error: describeIssues(doc.error) };
  return { ok: true, value: toPlan(doc.value, doc.value.id ?? id) };
}

/** Reads a plan file given by path (headless --rp-check FILE). */
export function readPlanFile(file: string): Result<Plan, string> {
  let text: string;
  try {
    text = readDataFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, error: code === 'ENOENT' ? 'does not exist' : reason(error) };
  }
  const base = file.replace(/^.*[\\/]/, '').replace(/\.json$/i, '');
  return parsePlanText(text, isPresetId(base) ? base : 'plan');
}

/** The file form of a plan. */
export function planToDocument(plan: Plan): PlanDocument {
  return {
    $schema: PLAN_SCHEMA_REF,
    id: plan.id,
    name: plan.name,
    ...(plan.description ? { description: plan.description } : {}),
    timeoutSeconds: plan.timeoutSeconds,
    waitSeconds: plan.waitSeconds,
    ...(plan.keySetMaxAgeSeconds ? { keySetMaxAgeSeconds: plan.keySetMaxAgeSeconds } : {}),
    ...(plan.service ? { service: structuredClone(plan.service) } : {}),
    steps: structuredClone(plan.steps),
  };
}

export class PlanStore {
  constructor(readonly dataDir: string | undefined) {}

  list(): PlanList {
    const builtIn = buildDefaultPlan();
    const items = [builtIn];
    const problems: PlanList['problems'] = [];
    if (this.dataDir) {
      const dir = join(this.dataDir, 'plans');
      let names: string[] = [];
      try {
        names = readdirSync(dir).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          problems.push({ file: 'plans', message: reason(error) });
      }
      const files = names.filter((n) => n.endsWith('.json') && !n.startsWith('.'));
      for (const name of files.slice(0, MAX_PLANS)) {
        const id = name.slice(0, -'.json'.length);
        const file = `plans/${name}`;
        if (id === DEFAULT_PLAN_ID) {
          problems.push({
            file,
            message: `"${id}" is the id of the built-in plan; rename the file`,
          });
          continue;
        }
        if (!isPresetId(id)) {
          problems.push({
            file,
            message: FILE_NAME_NOT_ID,
          });
          continue;
        }
        const found = this.get(id);
        if (found.kind === 'found') items.push(found.plan);
        else if (found.kind === 'broken') problems.push({ file, message: found.message });
      }
    }
    return {
      items: items.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        builtIn: p.builtIn,
        stepCount: p.steps.length,
      })),
      problems,
      dataDir: this.dataDir ?? null,
    };
  }

  get(id: string): PlanLookup {
    if (id === DEFAULT_PLAN_ID) return { kind: 'found', plan: buildDefaultPlan() };
    if (!this.dataDir || !isPresetId(id)) return { kind: 'missing' };
    const file = join(this.dataDir, 'plans', `${id}.json`);
    let text: string;
    try {
      text = readDataFile(file, this.dataDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
      return { kind: 'broken', message: reason(error) };
    }
    const parsed = parsePlanText(text, id);
    if (!parsed.ok) return { kind: 'broken', message: parsed.error };
    if (parsed.value.id !== id)
      return {
        kind: 'broken',
        message: `id "${parsed.value.id}" does not match the file name (${id})`,
      };
    return { kind: 'found', plan: parsed.value };
  }

  /** Saves a plan as <dataDir>/plans/<id>.json (and keeps the schema copy current). */
  save(plan: Plan): void {
    if (!this.dataDir) throw new Error('no data folder: start with --data-dir');
    if (!isPresetId(plan.id) || plan.id === DEFAULT_PLAN_ID)
      throw new Error(`"${plan.id}" cannot be the id of a saved plan`);
    keepSchemaCopy(this.dataDir, 'rp-check-plan.schema.json', PLAN_SCHEMA);
    const text = `${JSON.stringify(planToDocument(plan), null, 2)}\n`;
    writeFileAtomic(join(this.dataDir, 'plans', `${plan.id}.json`), text);
  }
}
