import type { Exchange } from '../contract.js';

/** STUB (to be completed): bounded ring buffer of exchanges. */
export class ExchangeBuffer {
  private items: Exchange[] = [];
  constructor(readonly capacity: number) {}
  push(exchange: Exchange): void {
    this.items.push(exchange);
    if (this.items.length > this.capacity) this.items.shift();
  }
  list(): Exchange[] {
    return [...this.items];
  }
  clear(): void {
    this.items = [];
  }
}
