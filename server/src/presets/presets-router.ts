import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { ConfigIssue, SimulatorConfig } from '../contract.js';
import type { AppDeps } from '../http/app.js';
import { requireLoopbackHost } from '../admin/require-loopback-host.js';
import { defaultConfig } from '../config/defaults.js';
import { isPlainObject } from '../config/field-rules.js';
import { ActiveTracker } from './active-tracker.js';
import { diffConfig } from './diff-config.js';
import { isValidName, parsePersonaDocument, parseScenarioDocument } from './parse-preset.js';
import { isPresetId, uniqueId } from './preset-id.js';
import {
  MAX_NAME_LENGTH,
  PERSONA_SCHEMA,
  SCENARIO_SCHEMA,
  schemaFileText,
} from './preset-schemas.js';
import { NoDataDirError, type Kind, type Lookup } from './preset-store.js';
import {
  EXPORT_FORMATS,
  type ApplyResult,
  type ExportFormat,
  type ImportResult,
  type Persona,
  type PresetErrorBody,
  type Scenario,
} from './preset-types.js';
import { personaConfigBody, resolveScenario, toPersona } from './resolve-preset.js';
import { checkScenario, exportScenario, importScenario } from './scenario-formats.js';

/**
 * Personas and scenarios under /_simulator/api:
 *   GET|POST /personas, GET|PUT|DELETE /personas/:id, POST /personas/:id/duplicate|apply
 *   GET|POST /scenarios, GET|PUT|DELETE /scenarios/:id, POST /scenarios/:id/duplicate|apply,
 *   GET /scenarios/:id/export?format=json|env|config|compose
 *   POST /import[?save=true], GET /active, GET /diff?left=…&right=…,
 *   GET /schemas/persona.json, GET /schemas/scenario.json
 * Every refusal is JSON: { error, error_description, issues? }.
 */

/** As for POST /config: larger bodies get 413. */
const BODY_LIMIT = '100kb';

const PATHS = ['/personas', '/scenarios', '/import', '/active', '/diff', '/schemas'];

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: PresetErrorBody,
  ) {
    super(body.error_description);
  }
}

const wire = (issues: readonly ConfigIssue[]) =>
  issues.map(({ path, message }) => ({ path, message }));

const invalid = (description: string, issues: readonly ConfigIssue[] = []) =>
  new HttpError(400, {
    error: 'invalid_request',
    error_description: description,
    issues: wire(issues.length ? issues : [{ path: '', message: description }]),
  });

const describe = (issues: readonly ConfigIssue[]) =>
  issues.map((i) => `${i.path || 'body'}: ${i.message}`).join('; ');

const noun = (kind: Kind) => (kind === 'personas' ? 'persona' : 'scenario');

const notFound = (kind: Kind, id: string) =>
  new HttpError(404, {
    error: 'not_found',
    error_description: `no ${noun(kind)} has the id "${id}"`,
  });

const conflict = (description: string, issues?: readonly ConfigIssue[]) =>
  new HttpError(409, {
    error: 'conflict',
    error_description: description,
    ...(issues ? { issues: wire(issues) } : {}),
  });

const builtInRefused = (kind: Kind, id: string) =>
  new HttpError(403, {
    error: 'forbidden',
    error_description: `"${id}" is a built-in ${noun(kind)} and cannot be changed; duplicate it (POST /_simulator/api/${kind}/${id}/duplicate) and edit the copy`,
  });

const NO_DATA_DIR =
  'no data folder: start with --data-dir <folder> (headless) or give createSimulator a dataDir';

function checkId(kind: Kind, raw: unknown): string {
  if (!isPresetId(raw))
    throw invalid(`"${String(raw).slice(0, 80)}" is not a ${noun(kind)} id`, [
      {
        path: 'id',
        message: 'must be lowercase letters, digits and single hyphens, at most 64 characters',
      },
    ]);
  return raw;
}

function found<T>(kind: Kind, id: string, lookup: Lookup<T>): T {
  if (lookup.kind === 'found') return lookup.value;
  if (lookup.kind === 'broken')
    throw conflict(`${lookup.problem.file} cannot be used: ${lookup.problem.message}`);
  throw notFound(kind, id);
}

function jsonBody(req: Request): Record<string, unknown> {
  if (!isPlainObject(req.body))
    throw invalid('the body must be a JSON object (Content-Type: application/json)');
  return req.body;
}

/**
 * A persona or scenario body. What GET answered may be sent back as it is: its `builtIn` mark is
 * the server's to set, so it is dropped.
 */
function presetBody(req: Request): Record<string, unknown> {
  const body = { ...jsonBody(req) };
  if (typeof body.builtIn === 'boolean') delete body.builtIn;
  return body;
}

/** An optional body of {name?}: for duplicate. */
function optionalName(req: Request): string | undefined {
  if (req.body === undefined || (isPlainObject(req.body) && Object.keys(req.body).length === 0))
    return undefined;
  const body = jsonBody(req);
  const issues: ConfigIssue[] = [];
  for (const key of Object.keys(body))
    if (key !== 'name') issues.push({ path: key, message: 'unknown field' });
  const name = body.name;
  if (name !== undefined && !isValidName(name))
    issues.push({
      path: 'name',
      message: `must be a string of 1 to ${MAX_NAME_LENGTH} characters, without control characters`,
    });
  if (issues.length) throw invalid(describe(issues), issues);
  return name as string | undefined;
}

const copyName = (name: string) => {
  const suffix = ' (copy)';
  return `${name.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
};

export function createPresetsRouter(deps: AppDeps): Router {
  const ctx = deps.context;
  const store = ctx.presets;
  const tracker = new ActiveTracker(ctx.config, deps.startupPreset);
  deps.onClose(() => tracker.close());

  const router = Router();
  const json = express.json({ limit: BODY_LIMIT });
  router.use(PATHS, requireLoopbackHost, json, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  type Handler = (req: Request, res: Response) => void;
  const route =
    (handler: Handler) =>
    (req: Request, res: Response, next: NextFunction): void => {
      try {
        handler(req, res);
      } catch (error) {
        next(error);
      }
    };

  const requireDataDir = () => {
    if (!store.dataDir) throw conflict(NO_DATA_DIR);
  };

  /** The id of a saved persona or scenario that may be changed: never a built-in. */
  const editableId = (kind: Kind, raw: unknown): string => {
    const id = checkId(kind, raw);
    const existing = kind === 'personas' ? store.getPersona(id) : store.getScenario(id);
    if (existing.kind === 'found' && existing.value.builtIn) throw builtInRefused(kind, id);
    requireDataDir();
    return id;
  };

  // ---- personas ----------------------------------------------------------------------------

  router.get(
    '/personas',
    route((_req, res) => {
      res.json(store.listPersonas());
    }),
  );

  router.post(
    '/personas',
    route((req, res) => {
      requireDataDir();
      const doc = parsePersonaDocument(presetBody(req));
      if (!doc.ok) throw invalid(describe(doc.error), doc.error);
      let id: string;
      if (doc.value.id !== undefined) {
        id = doc.value.id;
        if (store.isTaken('personas', id))
          throw conflict(`a persona with the id "${id}" already exists`);
      } else id = uniqueId(doc.value.name, (c) => store.isTaken('personas', c), 'persona');
      const persona = toPersona(doc.value, id);
      store.savePersona(persona);
      res.status(201).location(`${req.baseUrl}/personas/${id}`).json(persona);
    }),
  );

  router.get(
    '/personas/:id',
    route((req, res) => {
      const id = checkId('personas', req.params.id);
      res.json(found('personas', id, store.getPersona(id)));
    }),
  );

  router.put(
    '/personas/:id',
    route((req, res) => {
      const id = editableId('personas', req.params.id);
      if (!store.isTaken('personas', id)) throw notFound('personas', id);
      const doc = parsePersonaDocument(presetBody(req));
      if (!doc.ok) throw invalid(describe(doc.error), doc.error);
      if (doc.value.id !== undefined && doc.value.id !== id)
        throw invalid('the id in the body differs from the id in the path', [
          { path: 'id', message: `must be "${id}" (ids do not change; duplicate to copy)` },
        ]);
      const persona = toPersona(doc.value, id);
      store.savePersona(persona);
      tracker.rename('persona', id, persona.name);
      res.json(persona);
    }),
  );

  router.delete(
    '/personas/:id',
    route((req, res) => {
      const id = editableId('personas', req.params.id);
      if (!store.remove('personas', id)) throw notFound('personas', id);
      tracker.forget('persona', id);
      const referencedBy = store
        .listScenarios()
        .items.filter((s) => s.persona === id)
        .map((s) => s.id);
      res.json({ deleted: id, referencedBy });
    }),
  );

  router.post(
    '/personas/:id/duplicate',
    route((req, res) => {
      const id = checkId('personas', req.params.id);
      const source = found('personas', id, store.getPersona(id));
      const name = optionalName(req) ?? copyName(source.name);
      requireDataDir();
      const newId = uniqueId(name, (c) => store.isTaken('personas', c), 'persona');
      const copy: Persona = { ...source, id: newId, name, builtIn: false };
      store.savePersona(copy);
      res.status(201).location(`${req.baseUrl}/personas/${newId}`).json(copy);
    }),
  );

  router.post(
    '/personas/:id/apply',
    route((req, res) => {
      const id = checkId('personas', req.params.id);
      const persona = found('personas', id, store.getPersona(id));
      const result = tracker.apply(personaConfigBody(persona, ctx.config.get()), {
        persona: { id: persona.id, name: persona.name },
      });
      if (!result.ok)
        throw conflict(`the persona cannot be applied: ${describe(result.error)}`, result.error);
      const body: ApplyResult = { config: result.value, active: tracker.get() };
      res.json(body);
    }),
  );

  // ---- scenarios ---------------------------------------------------------------------------

  const checkScenarioBody = (body: unknown, id: string | undefined): Scenario => {
    const doc = parseScenarioDocument(body);
    if (!doc.ok) throw invalid(describe(doc.error), doc.error);
    const finalId =
      id ??
      doc.value.id ??
      uniqueId(doc.value.name, (c) => store.isTaken('scenarios', c), 'scenario');
    const checked = checkScenario(doc.value, finalId, store.lookupPersona);
    if (!checked.ok) throw invalid(describe(checked.error), checked.error);
    return checked.value;
  };

  router.get(
    '/scenarios',
    route((_req, res) => {
      res.json(store.listScenarios());
    }),
  );

  router.post(
    '/scenarios',
    route((req, res) => {
      requireDataDir();
      const body = presetBody(req);
      const scenario = checkScenarioBody(body, undefined);
      if (body.id !== undefined && store.isTaken('scenarios', scenario.id))
        throw conflict(`a scenario with the id "${scenario.id}" already exists`);
      store.saveScenario(scenario);
      res.status(201).location(`${req.baseUrl}/scenarios/${scenario.id}`).json(scenario);
    }),
  );

  router.get(
    '/scenarios/:id',
    route((req, res) => {
      const id = checkId('scenarios', req.params.id);
      res.json(found('scenarios', id, store.getScenario(id)));
    }),
  );

  router.put(
    '/scenarios/:id',
    route((req, res) => {
      const id = editableId('scenarios', req.params.id);
      if (!store.isTaken('scenarios', id)) throw notFound('scenarios', id);
      const body = presetBody(req);
      if (body.id !== undefined && body.id !== id)
        throw invalid('the id in the body differs from the id in the path', [
          { path: 'id', message: `must be "${id}" (ids do not change; duplicate to copy)` },
        ]);
      const scenario = checkScenarioBody(body, id);
      store.saveScenario(scenario);
      tracker.rename('scenario', id, scenario.name);
      res.json(scenario);
    }),
  );

  router.delete(
    '/scenarios/:id',
    route((req, res) => {
      const id = editableId('scenarios', req.params.id);
      if (!store.remove('scenarios', id)) throw notFound('scenarios', id);
      tracker.forget('scenario', id);
      res.json({ deleted: id });
    }),
  );

  router.post(
    '/scenarios/:id/duplicate',
    route((req, res) => {
      const id = checkId('scenarios', req.params.id);
      const source = found('scenarios', id, store.getScenario(id));
      const name = optionalName(req) ?? copyName(source.name);
      requireDataDir();
      const newId = uniqueId(name, (c) => store.isTaken('scenarios', c), 'scenario');
      const copy: Scenario = { ...structuredClone(source), id: newId, name, builtIn: false };
      store.saveScenario(copy);
      res.status(201).location(`${req.baseUrl}/scenarios/${newId}`).json(copy);
    }),
  );

  router.post(
    '/scenarios/:id/apply',
    route((req, res) => {
      const id = checkId('scenarios', req.params.id);
      const scenario = found('scenarios', id, store.getScenario(id));
      const resolved = resolveScenario(scenario, {
        baseline: ctx.config.initialConfig(),
        current: ctx.config.get(),
        lookup: store.lookupPersona,
      });
      if (!resolved.ok)
        throw conflict(
          `the scenario cannot be applied: ${describe(resolved.error)}`,
          resolved.error,
        );
      const result = tracker.apply(resolved.value.body, {
        scenario: { id: scenario.id, name: scenario.name },
        ...(resolved.value.persona ? { persona: resolved.value.persona } : {}),
        keepPersona: scenario.persona === undefined,
      });
      if (!result.ok)
        throw conflict(`the scenario cannot be applied: ${describe(result.error)}`, result.error);
      const body: ApplyResult = { config: result.value, active: tracker.get() };
      res.json(body);
    }),
  );

  router.get(
    '/scenarios/:id/export',
    route((req, res) => {
      const id = checkId('scenarios', req.params.id);
      const format = req.query.format ?? 'json';
      if (typeof format !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(format))
        throw invalid(`format must be one of ${EXPORT_FORMATS.join(', ')}`, [
          { path: 'format', message: `must be one of ${EXPORT_FORMATS.join(', ')}` },
        ]);
      const scenario = found('scenarios', id, store.getScenario(id));
      const exported = exportScenario(scenario, format as ExportFormat, store.lookupPersona);
      if (!exported.ok)
        throw conflict(
          `the scenario cannot be exported: ${describe(exported.error)}`,
          exported.error,
        );
      res
        .status(200)
        .type(`${exported.value.contentType}; charset=utf-8`)
        .setHeader('Content-Disposition', `inline; filename="${exported.value.fileName}"`)
        .send(exported.value.text);
    }),
  );

  // ---- import ------------------------------------------------------------------------------

  router.post(
    '/import',
    route((req, res) => {
      const save = req.query.save;
      if (save !== undefined && save !== 'true' && save !== 'false')
        throw invalid('save must be true or false', [
          { path: 'save', message: 'must be true or false' },
        ]);
      const body = jsonBody(req);
      const issues: ConfigIssue[] = [];
      for (const key of Object.keys(body))
        if (!['format', 'text', 'name'].includes(key))
          issues.push({ path: key, message: 'unknown field' });
      const format = body.format;
      if (typeof format !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(format))
        issues.push({ path: 'format', message: `must be one of ${EXPORT_FORMATS.join(', ')}` });
      if (typeof body.text !== 'string')
        issues.push({ path: 'text', message: 'must be a string (the file content)' });
      if (body.name !== undefined && !isValidName(body.name))
        issues.push({
          path: 'name',
          message: `must be a string of 1 to ${MAX_NAME_LENGTH} characters, without control characters`,
        });
      if (issues.length) throw invalid(describe(issues), issues);
      const imported = importScenario(format as ExportFormat, body.text as string, {
        lookup: store.lookupPersona,
        ...(body.name !== undefined ? { name: body.name as string } : {}),
      });
      if (!imported.ok) throw invalid(describe(imported.error), imported.error);
      const { scenario, warnings } = imported.value;
      if (save !== 'true') {
        const answer: ImportResult = { scenario, saved: false, warnings };
        res.json(answer);
        return;
      }
      requireDataDir();
      if (store.isTaken('scenarios', scenario.id)) {
        const taken = scenario.id;
        scenario.id = uniqueId(scenario.name, (c) => store.isTaken('scenarios', c), 'scenario');
        warnings.push(`the id "${taken}" is taken; saved as "${scenario.id}"`);
      }
      store.saveScenario(scenario);
      const answer: ImportResult = { scenario, saved: true, warnings };
      res.status(201).location(`${req.baseUrl}/scenarios/${scenario.id}`).json(answer);
    }),
  );

  // ---- active, diff, schemas ---------------------------------------------------------------

  router.get(
    '/active',
    route((_req, res) => {
      res.json(tracker.get());
    }),
  );

  const SIDE_HELP = 'must be defaults, initial, active, scenario:<id> or persona:<id>';
  const side = (name: 'left' | 'right', raw: unknown, fallback: string): SimulatorConfig => {
    const value = raw === undefined ? fallback : raw;
    if (typeof value !== 'string')
      throw invalid(`${name} ${SIDE_HELP}`, [{ path: name, message: SIDE_HELP }]);
    const current = ctx.config.get();
    if (value === 'defaults') return defaultConfig(current.simulatorUrl);
    if (value === 'initial') return ctx.config.initialConfig();
    if (value === 'active') return structuredClone(current) as SimulatorConfig;
    const m = /^(scenario|persona):(.*)$/.exec(value);
    if (!m) throw invalid(`${name} ${SIDE_HELP}`, [{ path: name, message: SIDE_HELP }]);
    const kind: Kind = m[1] === 'scenario' ? 'scenarios' : 'personas';
    const id = checkId(kind, m[2]);
    if (kind === 'personas') {
      const persona = found('personas', id, store.getPersona(id));
      return {
        ...structuredClone(current),
        responseConfiguration: persona.responseConfiguration,
      } as SimulatorConfig;
    }
    const scenario = found('scenarios', id, store.getScenario(id));
    const resolved = resolveScenario(scenario, {
      baseline: ctx.config.initialConfig(),
      current,
      lookup: store.lookupPersona,
    });
    if (!resolved.ok)
      throw conflict(
        `${name}: the scenario cannot be resolved: ${describe(resolved.error)}`,
        resolved.error,
      );
    return resolved.value.config;
  };

  router.get(
    '/diff',
    route((req, res) => {
      const left = side('left', req.query.left, 'defaults');
      const right = side('right', req.query.right, 'active');
      res.json(diffConfig(left, right));
    }),
  );

  router.get(
    '/schemas/persona.json',
    route((_req, res) => {
      res.type('application/schema+json; charset=utf-8').send(schemaFileText(PERSONA_SCHEMA));
    }),
  );
  router.get(
    '/schemas/scenario.json',
    route((_req, res) => {
      res.type('application/schema+json; charset=utf-8').send(schemaFileText(SCENARIO_SCHEMA));
    }),
  );

  // ---- errors ------------------------------------------------------------------------------

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof HttpError) {
      res.status(error.status).json(error.body);
      return;
    }
    if (error instanceof NoDataDirError) {
      res.status(409).json({ error: 'conflict', error_description: NO_DATA_DIR });
      return;
    }
    const e = error as { type?: string; status?: number; code?: string; message?: string };
    if (e.type === 'entity.too.large') {
      res.status(413).json({
        error: 'invalid_request',
        error_description: `the body is larger than ${BODY_LIMIT}`,
        issues: [{ path: '', message: `must be at most ${BODY_LIMIT}` }],
      });
      return;
    }
    if (e.type === 'entity.parse.failed') {
      res.status(400).json({
        error: 'invalid_request',
        error_description: 'the body is not valid JSON',
        issues: [{ path: '', message: 'is not valid JSON' }],
      });
      return;
    }
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
      res.status(e.status).json({
        error: 'invalid_request',
        error_description: 'the request cannot be read',
        issues: [{ path: '', message: e.type ?? 'bad request' }],
      });
      return;
    }
    if (typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code)) {
      // A file system failure (permissions, disk full): say which, keep running.
      res.status(500).json({
        error: 'server_error',
        error_description: `the data folder could not be written (${e.code})`,
      });
      return;
    }
    next(error);
  });

  return router;
}
