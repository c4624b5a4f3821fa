import type { Request, Response } from 'express';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import { buildTrustmark } from './build-trustmark.js';

export function handleTrustmark(ctx: SimulatorContext, _req: Request, res: Response): void {
  res.json(buildTrustmark(ctx.config.get().simulatorUrl));
}
