import type { RequestHandler } from 'express';
import type { FaultTarget } from '../config/config-types.js';
import { serverError } from '../errors/oauth-error.js';
import { consumeFaults, countsDown, planFaults } from '../scenarios/faults.js';
import type { SimulatorContext } from '../simulator/simulator-context.js';
import { notesOf } from './exchange-notes.js';
import { sendServerError } from './respond.js';

/**
 * Applies the configured faults of one endpoint, before anything else there runs: added latency,
 * then an outage (a 5xx answer) or a dropped connection. A counted fault goes down by one for
 * each request it hits. With no fault configured this costs one array length check.
 */
export function injectFaults(ctx: SimulatorContext, target: FaultTarget): RequestHandler {
  return (req, res, next) => {
    const faults = ctx.config.get().errorConfiguration.faults;
    if (faults.length === 0) {
      next();
      return;
    }
    const plan = planFaults(faults, target);
    if (!plan) {
      next();
      return;
    }
    if (countsDown(faults, target)) ctx.config.setFaults(consumeFaults(faults, target));
    const notes = notesOf(res);
    notes.scenarios.push(...plan.labels);

    const act = (): void => {
      const answer = plan.answer;
      if (!answer) {
        next();
        return;
      }
      if (answer.kind === 'drop') {
        notes.outcome = {
          kind: 'error',
          code: 'connection_dropped',
          description: `Connection closed without an answer (injected ${target} fault)`,
        };
        req.socket.destroy();
        return;
      }
      sendServerError(
        res,
        serverError(`Service unavailable (injected ${target} outage)`, { status: answer.status }),
      );
    };
    if (plan.latencyMs === 0) {
      act();
      return;
    }
    const timer = setTimeout(act, plan.latencyMs);
    // The client may give up first: nothing is left waiting.
    res.once('close', () => clearTimeout(timer));
  };
}
