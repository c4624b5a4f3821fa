import type { Request, Response } from 'express';
import { keySetCacheControl, type SimulatorContext } from '../../simulator-context.js';
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
