import type { Request, Response } from 'express';
import { keySetCacheControl, type SimulatorContext } from '../../simulator-context.js';
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
