import { PERSONA_SCHEMA, SCENARIO_SCHEMA, schemaFileText } from '../../presets/preset-schemas.js';
import { route, type PresetRoutesContext } from './preset-routes-context.js';

/** GET /schemas/persona.json and /schemas/scenario.json: the JSON Schemas of the files. */
export function addSchemaRoutes({ router }: PresetRoutesContext): void {
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
}
