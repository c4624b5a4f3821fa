import { EventEmitter } from 'node:events';
import type { Exchange, SimulatorConfig } from './contract.js';

/** Events a simulator emits; the host and the admin stream listen. */
export interface SimulatorEventMap {
  exchange: [Exchange];
  config: [SimulatorConfig];
  reset: [];
}

export class SimulatorEvents extends EventEmitter<SimulatorEventMap> {
  constructor() {
    super();
    // Each SSE subscriber adds listeners; many browser tabs are fine.
    this.setMaxListeners(0);
  }
}
