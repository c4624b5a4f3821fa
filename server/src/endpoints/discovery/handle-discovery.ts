import type { Request, Response } from 'express';
import { keySetCacheControl, type SimulatorContext } from '../../simulator-context.js';
import { buildDiscoveryDocument } from './build-discovery-document.js';

export function handleDiscovery(ctx: SimulatorContext, _req: Request, res: Response): void {
  res.setHeader('Cache-Control', keySetCacheControl(ctx));
  res.json(buildDiscoveryDocument(ctx.config.get(), ctx.backchannelUrl));
}
