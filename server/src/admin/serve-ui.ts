import { Router } from 'express';

/** STUB (to be completed): serves the built renderer. */
export function serveUi(uiDir: string | undefined): Router {
  void uiDir;
  return Router();
}
