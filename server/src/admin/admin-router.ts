import { Router } from 'express';
import type { AppDeps } from '../http/app.js';

/** STUB (to be completed): the admin API under /_simulator/api. */
export function createAdminRouter(deps: AppDeps): Router {
  void deps;
  return Router();
}
