import type { Request, Response } from 'express';
import { keySetCacheControl } from '../../keys/key-set-cache.js';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import { buildJwks } from '../../keys/jwks.js';

export async function handleJwks(
  ctx: SimulatorContext,
  _req: Request,
  res: Response,
): Promise<void> {
  const keys = await ctx.keys();
  res.setHeader('Cache-Control', keySetCacheControl(ctx));
  res.json(buildJwks(keys, ctx.config.get()));
}
