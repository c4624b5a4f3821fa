import type { Request, Response } from 'express';
import { keySetCacheControl } from '../../keys/key-set-cache.js';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import { sendJsonText, serialisedOnce } from '../../http/respond.js';
import { buildJwks } from '../../keys/jwks.js';

const jwksText = serialisedOnce<SimulatorContext>();

export async function handleJwks(
  ctx: SimulatorContext,
  _req: Request,
  res: Response,
): Promise<void> {
  const keys = await ctx.keys();
  const config = ctx.config.get();
  res.setHeader('Cache-Control', keySetCacheControl(ctx));
  sendJsonText(
    res,
    jwksText(ctx, [keys, config], () => buildJwks(keys, config)),
  );
}
