import { EventEmitter } from 'node:events';
import type { Exchange } from '../log/exchange-types.js';
import type { SimulatorConfig } from '../config/config-types.js';

/** A named simulator created, reset or deleted (by first use, the API or a window). */
export interface SimulatorsChange {
  action: 'created' | 'reset' | 'deleted';
  name: string;
}

/** Something the host should tell the person running the simulator (a log line). */
export interface SimulatorNotice {
  code: 'EVENT_STREAM_CLIENT_DROPPED' | 'EVENT_STREAM_CLIENT_REFUSED' | 'CONNECTION_CAP';
  /** One line of text, ready to print. */
  message: string;
}

/** Events a simulator emits; the host and the admin stream listen. */
export interface SimulatorEventMap {
  exchange: [Exchange];
  config: [SimulatorConfig];
  /** The log was cleared: every exchange, or (given) one simulator's ('/' the root's). */
  reset: [simulator?: string];
  notice: [SimulatorNotice];
  /** On the root simulator's events: a named simulator created, reset or deleted. */
  simulators: [SimulatorsChange];
}

export class SimulatorEvents extends EventEmitter<SimulatorEventMap> {
  constructor() {
    super();
    // Each SSE subscriber adds listeners; many browser tabs are fine.
    this.setMaxListeners(0);
  }
}
