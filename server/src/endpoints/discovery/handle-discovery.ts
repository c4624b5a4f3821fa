import type { Request, Response } from 'express';
import { keySetCacheControl } from '../../keys/key-set-cache.js';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import { buildDiscoveryDocument } from './build-discovery-document.js';

export function handleDiscovery(ctx: SimulatorContext, _req: Request, res: Response): void {
  res.setHeader('Cache-Control', keySetCacheControl(ctx));
  res.json(buildDiscoveryDocument(ctx.config.get(), ctx.backchannelUrl));
}
