import { parseScenarioDocument } from '../../presets/parse-preset.js';
import { uniqueId } from '../../shared/preset-id.js';
import type { PresetStore } from '../../presets/preset-store.js';
import {
  EXPORT_FORMATS,
  type ApplyResult,
  type ExportFormat,
  type Scenario,
} from '../../presets/preset-types.js';
import { applyScenario } from './apply-scenario.js';
import { checkScenario } from '../../presets/check-scenario.js';
import { exportScenario } from '../../presets/scenario-formats.js';
import { conflict, describeIssues, invalid, invalidIssues, notFound } from './preset-http-error.js';
import {
  editableId,
  requireDataDir,
  route,
  type PresetRoutesContext,
} from './preset-routes-context.js';
import { checkId, copyName, found, optionalName, presetBody } from './read-preset-request.js';

/** A scenario body checked against the schema and the saved personas, or a 400. */
function checkScenarioBody(store: PresetStore, body: unknown, id: string | undefined): Scenario {
  const doc = parseScenarioDocument(body);
  if (!doc.ok) throw invalidIssues(doc.error);
  const finalId =
    id ??
    doc.value.id ??
    uniqueId(doc.value.name, (c) => store.isTaken('scenarios', c), 'scenario');
  const checked = checkScenario(doc.value, finalId, store.lookupPersona);
  if (!checked.ok) throw invalidIssues(checked.error);
  return checked.value;
}

/**
 * GET|POST /scenarios, GET|PUT|DELETE /scenarios/:id, POST /scenarios/:id/duplicate|apply,
 * GET /scenarios/:id/export?format=json|env|config|compose.
 */
export function addScenarioRoutes(routes: PresetRoutesContext): void {
  const { router, store, tracker } = routes;
  router.get(
    '/scenarios',
    route((_req, res) => {
      res.json(store.listScenarios());
    }),
  );

  router.post(
    '/scenarios',
    route((req, res) => {
      requireDataDir(store);
      const body = presetBody(req);
      const scenario = checkScenarioBody(store, body, undefined);
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
      const id = editableId(store, 'scenarios', req.params.id);
      if (!store.isTaken('scenarios', id)) throw notFound('scenarios', id);
      const body = presetBody(req);
      if (body.id !== undefined && body.id !== id)
        throw invalid('the id in the body differs from the id in the path', [
          { path: 'id', message: `must be "${id}" (ids do not change; duplicate to copy)` },
        ]);
      const scenario = checkScenarioBody(store, body, id);
      store.saveScenario(scenario);
      tracker.rename('scenario', id, scenario.name);
      res.json(scenario);
    }),
  );

  router.delete(
    '/scenarios/:id',
    route((req, res) => {
      const id = editableId(store, 'scenarios', req.params.id);
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
      requireDataDir(store);
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
      const body: ApplyResult = applyScenario(routes, scenario);
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
          `the scenario cannot be exported: ${describeIssues(exported.error)}`,
          exported.error,
        );
      res
        .status(200)
        .type(`${exported.value.contentType}; charset=utf-8`)
        .setHeader('Content-Disposition', `inline; filename="${exported.value.fileName}"`)
        .send(exported.value.text);
    }),
  );
}
