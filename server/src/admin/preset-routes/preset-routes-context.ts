import type { NextFunction, Request, Response, Router } from 'express';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import type { ActiveTracker } from '../../presets/active-tracker.js';
import type { Kind, PresetStore } from '../../presets/preset-store.js';
import { builtInRefused, conflict, NO_DATA_DIR } from './preset-http-error.js';
import { checkId } from './read-preset-request.js';

/** What each group of preset routes is given by the router that mounts it. */
export interface PresetRoutesContext {
  router: Router;
  ctx: SimulatorContext;
  store: PresetStore;
  tracker: ActiveTracker;
}

type Handler = (req: Request, res: Response) => void;

/** Adapts a handler: a thrown refusal or fault goes to the router's error handler. */
export const route =
  (handler: Handler) =>
  (req: Request, res: Response, next: NextFunction): void => {
    try {
      handler(req, res);
    } catch (error) {
      next(error);
    }
  };

export function requireDataDir(store: PresetStore): void {
  if (!store.dataDir) throw conflict(NO_DATA_DIR);
}

/** The id of a saved persona or scenario that may be changed: never a built-in. */
export function editableId(store: PresetStore, kind: Kind, raw: unknown): string {
  const id = checkId(kind, raw);
  const existing = kind === 'personas' ? store.getPersona(id) : store.getScenario(id);
  if (existing.kind === 'found' && existing.value.builtIn) throw builtInRefused(kind, id);
  requireDataDir(store);
  return id;
}
