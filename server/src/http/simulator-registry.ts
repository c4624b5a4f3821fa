import type express from 'express';
import type { RequestHandler } from 'express';
import type { SimulatorContext } from '../simulator/simulator-context.js';
import type { ExchangeAnalyzer } from '../analysis/exchange-analyzer.js';
import type { SimulatorsChange } from '../simulator/simulator-events.js';
import { err, ok, type Result } from '../shared/result.js';
import {
  describeBadName,
  SIM_PREFIX,
  SIMULATOR_NAME,
  simulatorPath,
} from '../config/simulator-name.js';
import { mayCreate } from './simulator-create-option.js';
import { creationRefusal } from './creation-refusal.js';

export interface NamedSimulator {
  name: string;
  createdAt: number;
  app: express.Express;
  context: SimulatorContext;
  analyzer: ExchangeAnalyzer;
  close(): void;
  /**
   * Drops what its stores hold (codes, sign-ins, sessions, tokens), giving it back to the byte
   * budgets every simulator shares: for a deleted or reset one, not at shutdown (in-flight
   * requests still finish then).
   */
  release(): void;
}

/** A named simulator, as GET /_simulator/api/simulators lists it. */
export interface SimulatorSummary {
  name: string;
  /** Its path on this server: /sim/<name>/ */
  path: string;
  issuer: string;
  discoveryUrl: string;
  createdAt: string;
}

export type RegistryRefusal =
  | { code: 'invalid_name'; status: 400; message: string }
  | { code: 'cap_reached'; status: 503; message: string; max: number };

/** The JSON body of a refusal, as the admin API and /sim/<name>/ answer it. */
export function refusalBody(r: RegistryRefusal): Record<string, unknown> {
  return r.code === 'cap_reached'
    ? { error: 'temporarily_unavailable', error_description: r.message, max_simulators: r.max }
    : { error: 'invalid_request', error_description: r.message };
}

/**
 * The 404 body for a named simulator that does not exist (the admin API's, and a request under
 * /sim/<name>/ that must not create it); `simulator` names it, so a client tells it from any
 * other 404.
 */
export function missingBody(name: string, why?: string): Record<string, unknown> {
  return {
    error: 'not_found',
    error_description: `No named simulator ${JSON.stringify(name)}${why ? `; ${why}` : ''}`,
    simulator: name,
  };
}

/**
 * The named simulators of one process, by name: created on first use (or through the admin
 * API) up to a cap, each with its own app and state, dispatched in one Map lookup.
 */
const NOT_CREATED =
  'it was not created, as the request asked (X-Simulator-Create: never, or create=never on the event stream)';

export class SimulatorRegistry {
  private readonly byName = new Map<string, NamedSimulator>();

  constructor(
    private readonly deps: {
      max: number;
      create: (name: string) => NamedSimulator;
      /** Told when one is created, reset or deleted, before a deleted one closes. */
      onChange?: (change: SimulatorsChange) => void;
    },
  ) {}

  get max(): number {
    return this.deps.max;
  }

  get size(): number {
    return this.byName.size;
  }

  get(name: string): NamedSimulator | undefined {
    return this.byName.get(name);
  }

  /** The simulator of that name, created when new (unless the name is bad or the cap reached). */
  obtain(name: string): Result<{ simulator: NamedSimulator; created: boolean }, RegistryRefusal> {
    const existing = this.byName.get(name);
    if (existing) return ok({ simulator: existing, created: false });
    if (!SIMULATOR_NAME.test(name))
      return err({ code: 'invalid_name', status: 400, message: describeBadName(name) });
    if (this.byName.size >= this.deps.max)
      return err({
        code: 'cap_reached',
        status: 503,
        max: this.deps.max,
        message: `The cap of ${this.deps.max} named simulators is reached; delete one (DELETE /_simulator/api/simulators/<name>) or start with a higher --max-simulators`,
      });
    const simulator = this.deps.create(name);
    this.byName.set(name, simulator);
    this.deps.onChange?.({ action: 'created', name });
    return ok({ simulator, created: true });
  }

  /** Deletes a named simulator and everything it held. False when there is none of that name. */
  delete(name: string): boolean {
    return this.remove(name, 'deleted');
  }

  /** Replaces a named simulator by a fresh one (starting configuration, new keys, no state). */
  reset(name: string): NamedSimulator | undefined {
    if (!this.remove(name, 'reset')) return undefined;
    const simulator = this.deps.create(name);
    this.byName.set(name, simulator);
    return simulator;
  }

  /**
   * Takes a simulator out and closes it. Its windows hear why first (on their own event stream,
   * which closes with it): a deleted one is gone, a reset one is back at once.
   */
  private remove(name: string, action: 'deleted' | 'reset'): boolean {
    const simulator = this.byName.get(name);
    if (!simulator) return false;
    this.byName.delete(name);
    this.deps.onChange?.({ action, name });
    simulator.close();
    simulator.release();
    return true;
  }

  list(): SimulatorSummary[] {
    return [...this.byName.values()]
      .map((s) => summarize(s))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  close(): void {
    for (const simulator of [...this.byName.values()]) simulator.close();
    this.byName.clear();
  }

  /**
   * Middleware mounted first on the root app: a request under /sim/<name>/ goes to that named
   * simulator's app, with the prefix taken off its URL. Any other request costs one prefix test.
   */
  readonly dispatch: RequestHandler = (req, res, next) => {
    const url = req.url;
    if (!url.startsWith(SIM_PREFIX)) {
      next();
      return;
    }
    let end = SIM_PREFIX.length;
    while (end < url.length) {
      const c = url.charCodeAt(end);
      if (c === 47 || c === 63) break; // '/' or '?'
      end++;
    }
    const name = url.slice(SIM_PREFIX.length, end);
    if (name === '') {
      next();
      return;
    }
    const rest = url.slice(end);
    // Found: one lookup. Missing: may this request create it (see mayCreate)?
    let simulator = this.byName.get(name);
    if (!simulator) {
      if (!SIMULATOR_NAME.test(name)) {
        res
          .status(400)
          .json({ error: 'invalid_request', error_description: describeBadName(name) });
        return;
      }
      const queryAt = rest.indexOf('?');
      const refusal = creationRefusal(req, queryAt === -1 ? rest : rest.slice(0, queryAt));
      if (refusal !== undefined) {
        res.status(403).json({ error: 'forbidden', error_description: refusal, simulator: name });
        return;
      }
      const allowed = mayCreate(req, rest);
      if (!allowed.ok) {
        res.status(400).json({ error: 'invalid_request', error_description: allowed.error });
        return;
      }
      if (!allowed.value) {
        res.status(404).json(missingBody(name, NOT_CREATED));
        return;
      }
      const found = this.obtain(name);
      if (!found.ok) {
        res.status(found.error.status).json(refusalBody(found.error));
        return;
      }
      simulator = found.value.simulator;
    }
    req.url = rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
    req.baseUrl = url.slice(0, end);
    simulator.app(req, res, (error?: unknown) => {
      req.url = url;
      req.baseUrl = '';
      next(error);
    });
  };
}

export function summarize(s: NamedSimulator): SimulatorSummary {
  const url = s.context.config.get().simulatorUrl;
  return {
    name: s.name,
    path: `${simulatorPath(s.name)}/`,
    issuer: `${url}/`,
    discoveryUrl: `${url}/.well-known/openid-configuration`,
    createdAt: new Date(s.createdAt).toISOString(),
  };
}
