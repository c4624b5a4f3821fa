import type { Request, Response } from 'express';
import type { SimulatorContext } from '../../simulator/simulator-context.js';

/** The running check. The body is the public simulator's, so existing health checks keep working. */
export function handleRoot(_ctx: SimulatorContext, _req: Request, res: Response): void {
  res.type('text/html').send('GOV.UK One Login Simulator');
}
