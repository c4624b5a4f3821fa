import type { ConfigIssue } from '../../contract.js';
import { isValidName } from '../parse-preset.js';
import { uniqueId } from '../preset-id.js';
import { EXPORT_FORMATS, type ExportFormat, type ImportResult } from '../preset-types.js';
import { importScenario } from '../scenario-formats.js';
import { invalid, invalidIssues } from './preset-http-error.js';
import { requireDataDir, route, type PresetRoutesContext } from './preset-routes-context.js';
import { jsonBody, NAME_RULE } from './read-preset-request.js';

/** POST /import[?save=true]: a scenario from a file's text, checked, and saved when asked. */
export function addImportRoute({ router, store }: PresetRoutesContext): void {
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
        issues.push({ path: 'name', message: NAME_RULE });
      if (issues.length) throw invalidIssues(issues);
      const imported = importScenario(format as ExportFormat, body.text as string, {
        lookup: store.lookupPersona,
        ...(body.name !== undefined ? { name: body.name as string } : {}),
      });
      if (!imported.ok) throw invalidIssues(imported.error);
      const { scenario, warnings } = imported.value;
      if (save !== 'true') {
        const answer: ImportResult = { scenario, saved: false, warnings };
        res.json(answer);
        return;
      }
      requireDataDir(store);
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
}
