import type { Request, Response } from 'express';
import type { SimulatorContext } from '../../simulator-context.js';

/** STUB (to be completed): POST /form-submit. */
export function handleFormSubmit(_ctx: SimulatorContext, _req: Request, res: Response): void {
  res.status(400).json({ error: 'invalid_request', invalid_fields: [] });
}
