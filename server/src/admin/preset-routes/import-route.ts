import type { ConfigIssue } from '../../config/config-types.js';
import { isValidName } from '../../presets/parse-preset.js';
import { uniqueId } from '../../shared/preset-id.js';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ImportResult,
  type Scenario,
} from '../../presets/preset-types.js';
import { importScenario } from '../../presets/scenario-formats.js';
import { applyScenario } from './apply-scenario.js';
import { invalid, invalidIssues } from './preset-http-error.js';
import { requireDataDir, route, type PresetRoutesContext } from './preset-routes-context.js';
import { jsonBody, NAME_RULE } from './read-preset-request.js';

/** A true/false query parameter: absent is false; anything but "true" or "false" is refused. */
function flag(raw: unknown, name: string): boolean {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw invalid(`${name} must be true or false`, [
    { path: name, message: 'must be true or false' },
  ]);
}

/**
 * POST /import[?save=true][&apply=true]: a scenario from a file's text, checked; saved (data
 * folder only) and applied when asked. Applying needs no data folder: the scenario is in force
 * without being saved.
 */
export function addImportRoute(routes: PresetRoutesContext): void {
  const { router, store } = routes;
  const applyImported = (scenario: Scenario) => applyScenario(routes, scenario);

  router.post(
    '/import',
    route((req, res) => {
      const save = flag(req.query.save, 'save');
      const apply = flag(req.query.apply, 'apply');
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
        issues.push({ path: 'name', message: NAME_RULE });
      if (issues.length) throw invalidIssues(issues);
      const imported = importScenario(format as ExportFormat, body.text as string, {
        lookup: store.lookupPersona,
        ...(body.name !== undefined ? { name: body.name as string } : {}),
      });
      if (!imported.ok) throw invalidIssues(imported.error);
      const { scenario, warnings } = imported.value;
      if (!save) {
        const answer: ImportResult = { scenario, saved: false, warnings };
        if (apply) answer.applied = applyImported(scenario);
        res.json(answer);
        return;
      }
      requireDataDir(store);
      if (store.isTaken('scenarios', scenario.id)) {
        const taken = scenario.id;
        scenario.id = uniqueId(scenario.name, (c) => store.isTaken('scenarios', c), 'scenario');
        warnings.push(`the id "${taken}" is taken; saved as "${scenario.id}"`);
      }
      // Applied before it is saved: a scenario that cannot be applied is not saved either, and
      // one that could not be saved is not applied.
      store.checkRoom('scenarios', scenario.id);
      const applied = apply ? applyImported(scenario) : undefined;
      store.saveScenario(scenario);
      const answer: ImportResult = {
        scenario,
        saved: true,
        warnings,
        ...(applied ? { applied } : {}),
      };
      res.status(201).location(`${req.baseUrl}/scenarios/${scenario.id}`).json(answer);
    }),
  );
}
