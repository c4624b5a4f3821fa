import type { Request, Response } from 'express';
import { keySetCacheControl } from '../../keys/key-set-cache.js';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import { sendJsonText, serialisedOnce } from '../../http/respond.js';
import { buildDiscoveryDocument } from './build-discovery-document.js';

const discoveryText = serialisedOnce<SimulatorContext>();

export function handleDiscovery(ctx: SimulatorContext, _req: Request, res: Response): void {
  res.setHeader('Cache-Control', keySetCacheControl(ctx));
  const config = ctx.config.get();
  sendJsonText(
    res,
    discoveryText(ctx, [config, ctx.backchannelUrl], () =>
      buildDiscoveryDocument(config, ctx.backchannelUrl),
    ),
  );
}
