import type { NextFunction, Request, Response } from 'express';
import type { SimulatorContext } from '../simulator/simulator-context.js';

export type Handler = (ctx: SimulatorContext, req: Request, res: Response) => Promise<void> | void;

/** Adapts a handler: passes the context and turns any thrown fault into a 500 (never a crash). */
export const route =
  (ctx: SimulatorContext, handler: Handler) =>
  (req: Request, res: Response, next: NextFunction): void => {
    try {
      const result = handler(ctx, req, res);
      if (result instanceof Promise) result.catch(next);
    } catch (error) {
      next(error);
    }
  };
