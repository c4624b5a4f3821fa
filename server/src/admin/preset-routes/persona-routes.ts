import { parsePersonaDocument } from '../../presets/parse-preset.js';
import { uniqueId } from '../../shared/preset-id.js';
import type { ApplyResult, Persona } from '../../presets/preset-types.js';
import { personaConfigBody, toPersona } from '../../presets/resolve-preset.js';
import { conflict, describeIssues, invalidIssues, notFound } from './preset-http-error.js';
import {
  editableId,
  requireDataDir,
  route,
  type PresetRoutesContext,
} from './preset-routes-context.js';
import { checkId, copyName, found, optionalName, presetBody } from './read-preset-request.js';

/** GET|POST /personas, GET|PUT|DELETE /personas/:id, POST /personas/:id/duplicate|apply. */
export function addPersonaRoutes({ router, ctx, store, tracker }: PresetRoutesContext): void {
  router.get(
    '/personas',
    route((_req, res) => {
      res.json(store.listPersonas());
    }),
  );

  router.post(
    '/personas',
    route((req, res) => {
      requireDataDir(store);
      const doc = parsePersonaDocument(presetBody(req));
      if (!doc.ok) throw invalidIssues(doc.error);
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
      const id = editableId(store, 'personas', req.params.id);
      if (!store.isTaken('personas', id)) throw notFound('personas', id);
      const doc = parsePersonaDocument(presetBody(req));
      if (!doc.ok) throw invalidIssues(doc.error);
      // An id in the body that differs from the path's renames the persona.
      const newId = doc.value.id ?? id;
      if (newId !== id && store.isTaken('personas', newId))
        throw conflict(`a persona with the id "${newId}" already exists`, [
          { path: 'id', message: `"${newId}" is taken` },
        ]);
      const persona = toPersona(doc.value, newId);
      store.savePersona(persona);
      if (newId !== id) {
        store.remove('personas', id);
        // Saved scenarios that named the persona follow it.
        for (const s of store.listScenarios().items)
          if (!s.builtIn && s.persona === id) store.saveScenario({ ...s, persona: newId });
        tracker.forget('persona', id, { id: newId, name: persona.name });
      } else tracker.rename('persona', id, persona.name);
      if (newId !== id) res.location(`${req.baseUrl}/personas/${newId}`);
      res.json(persona);
    }),
  );

  router.delete(
    '/personas/:id',
    route((req, res) => {
      const id = editableId(store, 'personas', req.params.id);
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
      requireDataDir(store);
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
        keepScenario: true,
      });
      if (!result.ok)
        throw conflict(
          `the persona cannot be applied: ${describeIssues(result.error)}`,
          result.error,
        );
      const body: ApplyResult = { config: result.value, active: tracker.get() };
      res.json(body);
    }),
  );
}
