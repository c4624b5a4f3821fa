import type { Request, Response } from 'express';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import { notesOf } from '../../http/exchange-notes.js';
import { applyConfigPatch, parseConfigRequest } from '../../config/parse-config-request.js';
import { checkResponsePlausibility } from '../../config/check-plausibility.js';
import { configErrorsBody } from './config-errors-body.js';

export function handleGetConfig(ctx: SimulatorContext, _req: Request, res: Response): void {
  res.json(ctx.config.get());
}

/** POST /config: validates everything first; on any problem nothing is applied. */
export function handlePostConfig(ctx: SimulatorContext, req: Request, res: Response): void {
  if (!req.is('application/json')) {
    notesOf(res).outcome = {
      kind: 'error',
      code: 'invalid_request',
      description: 'Content-Type must be application/json',
    };
    res.status(415).json({
      error: 'invalid_request',
      error_description: 'POST /config takes a JSON body (Content-Type: application/json)',
    });
    return;
  }
  const result = ctx.config.update(req.body);
  if (!result.ok) {
    const body = configErrorsBody(result.error);
    notesOf(res).outcome = {
      kind: 'error',
      code: 'invalid_request',
      description: String(body.error_description),
    };
    res.status(400).json(body);
    return;
  }
  res.json(result.value);
}

/** Validates a POST /config body without applying it (the UI checks fields as they are typed). */
export function handleValidateConfig(ctx: SimulatorContext, req: Request, res: Response): void {
  const parsed = parseConfigRequest(req.body);
  const merged = parsed.ok ? applyConfigPatch(ctx.config.get(), parsed.value) : parsed;
  // Warnings about values the provider would never send: the merged configuration's, or, when it
  // is refused, those of the response fields as sent.
  const body: unknown = req.body;
  const warnings = checkResponsePlausibility(
    merged.ok
      ? merged.value.responseConfiguration
      : typeof body === 'object' && body !== null
        ? (body as Record<string, unknown>).responseConfiguration
        : undefined,
  );
  if (merged.ok) res.json({ ok: true, warnings });
  else
    res.json({
      ok: false,
      issues: merged.error.map(({ path, message }) => ({ path, message })),
      warnings,
    });
}
