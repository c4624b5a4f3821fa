import type { Fault, FaultTarget } from '../../../../server/src/contract.js';
import type { FaultSlot } from '../../store/scenario-slice.js';

/** The answer select's value for a dropped connection. */
export const DROP = 'drop';

/** The settings a fault switch turns on with: kept while it is off, sent when it is on. */
export interface FaultSettings {
  status: string;
  ms: string;
  requests: string;
}

export const DEFAULTS: FaultSettings = { status: '503', ms: '2000', requests: '' };

export function settingsOf(fault: Fault | undefined): FaultSettings {
  if (!fault) return DEFAULTS;
  return {
    status: fault.kind === 'drop' ? DROP : fault.kind === 'outage' ? String(fault.status) : '503',
    ms: fault.kind === 'latency' ? String(fault.ms) : DEFAULTS.ms,
    requests: fault.requests === undefined ? '' : String(fault.requests),
  };
}

const wholeNumber = (text: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
};

/** The fault these settings describe, or a message saying what is wrong with them. */
export function faultFromSettings(
  target: FaultTarget,
  slot: FaultSlot,
  settings: FaultSettings,
): Fault | string {
  let requests: number | undefined;
  if (settings.requests.trim() !== '') {
    const n = wholeNumber(settings.requests, 1, 1_000_000);
    if (n === null) return 'Requests: a whole number from 1, or empty for "until switched off"';
    requests = n;
  }
  const count = requests === undefined ? {} : { requests };
  if (slot === 'latency') {
    const ms = wholeNumber(settings.ms, 0, 120_000);
    if (ms === null) return 'Latency: a whole number of milliseconds from 0 to 120000';
    return { target, kind: 'latency', ms, ...count };
  }
  if (settings.status === DROP) return { target, kind: 'drop', ...count };
  const status = wholeNumber(settings.status, 500, 599);
  if (status === null) return 'Status: from 500 to 599';
  return { target, kind: 'outage', status, ...count };
}
