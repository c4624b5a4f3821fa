import type { Request, Response } from 'express';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import { sendJsonText, serialisedOnce } from '../../http/respond.js';
import { buildDidDocument } from '../../keys/did-document.js';

const didText = serialisedOnce<SimulatorContext>();

export async function handleDid(
  ctx: SimulatorContext,
  _req: Request,
  res: Response,
): Promise<void> {
  const keys = await ctx.keys();
  const config = ctx.config.get();
  res.setHeader('Cache-Control', 'max-age=3600, private');
  sendJsonText(
    res,
    didText(ctx, [keys, config], () => buildDidDocument(config.simulatorUrl, keys, config)),
  );
}
