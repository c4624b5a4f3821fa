import type { ConfigIssue, Fault, FaultKind, FaultTarget } from '../config/config-types.js';
import { err, ok, type Result } from '../shared/result.js';

/** Every endpoint a fault can hit, in the order the UI lists them. */
export const FAULT_TARGETS = [
  'discovery',
  'jwks',
  'did',
  'trustmark',
  'authorize',
  'token',
  'userinfo',
  'logout',
] as const satisfies readonly FaultTarget[];

export const FAULT_KINDS = ['outage', 'drop', 'latency'] as const satisfies readonly FaultKind[];

/** The longest latency a fault may add (two minutes: longer than any client's timeout). */
export const MAX_LATENCY_MS = 120_000;
/** The most requests a counted fault may cover. */
export const MAX_FAULT_REQUESTS = 1_000_000;
/** At most one outage-or-drop and one latency per endpoint. */
export const MAX_FAULTS = FAULT_TARGETS.length * 2;

export const isFaultTarget = (v: unknown): v is FaultTarget =>
  typeof v === 'string' && (FAULT_TARGETS as readonly string[]).includes(v);

const isFaultKind = (v: unknown): v is FaultKind =>
  typeof v === 'string' && (FAULT_KINDS as readonly string[]).includes(v);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

const KEYS: Record<FaultKind, readonly string[]> = {
  outage: ['target', 'kind', 'status', 'requests'],
  drop: ['target', 'kind', 'requests'],
  latency: ['target', 'kind', 'ms', 'requests'],
};

/** Outage and drop both stop the answer, so an endpoint has one or the other. */
const slot = (kind: FaultKind): 'answer' | 'latency' => (kind === 'latency' ? 'latency' : 'answer');

/**
 * Validates errorConfiguration.faults. Unlike the scenario name lists, whose unknown values are
 * ignored as the public simulator does, a fault carries numbers, so every problem is an issue
 * naming its field: nothing is applied.
 */
export function parseFaults(
  value: unknown,
  path = 'errorConfiguration.faults',
): Result<Fault[], ConfigIssue[]> {
  if (value === undefined || value === null) return ok([]);
  if (!Array.isArray(value)) return err([{ path, message: 'must be an array of faults', value }]);
  if (value.length > MAX_FAULTS)
    return err([{ path, message: `must have at most ${MAX_FAULTS} faults` }]);
  const issues: ConfigIssue[] = [];
  const faults: Fault[] = [];
  const seen = new Set<string>();
  value.forEach((item: unknown, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(item)) {
      issues.push({ path: at, message: 'must be a JSON object', value: item });
      return;
    }
    const before = issues.length;
    const { target, kind } = item;
    if (!isFaultTarget(target))
      issues.push({
        path: `${at}.target`,
        message: `unknown fault target: must be one of ${FAULT_TARGETS.join(', ')}`,
        value: target,
      });
    if (!isFaultKind(kind)) {
      issues.push({
        path: `${at}.kind`,
        message: `must be one of ${FAULT_KINDS.join(', ')}`,
        value: kind,
      });
      return;
    }
    for (const key of Object.keys(item))
      if (!KEYS[kind].includes(key))
        issues.push({ path: `${at}.${key}`, message: `is not a field of a ${kind} fault` });
    const requests = item.requests;
    if (
      requests !== undefined &&
      (!isWhole(requests) || requests < 1 || requests > MAX_FAULT_REQUESTS)
    )
      issues.push({
        path: `${at}.requests`,
        message: `must be a whole number from 1 to ${MAX_FAULT_REQUESTS} (omit it: until switched off)`,
        value: requests,
      });
    if (kind === 'outage' && (!isWhole(item.status) || item.status < 500 || item.status > 599))
      issues.push({
        path: `${at}.status`,
        message: 'must be an HTTP status from 500 to 599',
        value: item.status,
      });
    if (kind === 'latency' && (!isWhole(item.ms) || item.ms < 0 || item.ms > MAX_LATENCY_MS))
      issues.push({
        path: `${at}.ms`,
        message: `must be a whole number of milliseconds from 0 to ${MAX_LATENCY_MS}`,
        value: item.ms,
      });
    if (issues.length > before || !isFaultTarget(target)) return;
    const key = `${target}/${slot(kind)}`;
    if (seen.has(key)) {
      issues.push({
        path: at,
        message:
          kind === 'latency'
            ? `a second latency fault for ${target}`
            : `a second outage or drop fault for ${target}`,
      });
      return;
    }
    seen.add(key);
    const count = requests === undefined ? {} : { requests: requests as number };
    if (kind === 'outage') faults.push({ target, kind, status: item.status as number, ...count });
    else if (kind === 'latency') faults.push({ target, kind, ms: item.ms as number, ...count });
    else faults.push({ target, kind, ...count });
  });
  return issues.length ? err(issues) : ok(faults);
}

/** What the faults do to one request at `target`. */
export interface FaultPlan {
  latencyMs: number;
  answer: { kind: 'outage'; status: number } | { kind: 'drop' } | null;
  /** Exchange labels, e.g. fault:jwks:outage. */
  labels: string[];
}

/** The faults that hit the next request at `target`, or null when none does. Pure. */
export function planFaults(faults: readonly Fault[], target: FaultTarget): FaultPlan | null {
  let plan: FaultPlan | null = null;
  for (const f of faults) {
    if (f.target !== target) continue;
    plan ??= { latencyMs: 0, answer: null, labels: [] };
    plan.labels.push(faultLabel(f));
    if (f.kind === 'latency') plan.latencyMs = f.ms;
    else if (f.kind === 'outage') plan.answer = { kind: 'outage', status: f.status };
    else plan.answer = { kind: 'drop' };
  }
  return plan;
}

/** The faults after one request at `target`: counted ones go down by one, spent ones go. Pure. */
export function consumeFaults(faults: readonly Fault[], target: FaultTarget): Fault[] {
  const out: Fault[] = [];
  for (const f of faults) {
    if (f.target !== target || f.requests === undefined) out.push(f);
    else if (f.requests > 1) out.push({ ...f, requests: f.requests - 1 });
  }
  return out;
}

/** True when a request at `target` would change the faults (a counted fault applies). */
export const countsDown = (faults: readonly Fault[], target: FaultTarget): boolean =>
  faults.some((f) => f.target === target && f.requests !== undefined);

/** The label an affected exchange carries: fault:<target>:<kind>. */
export const faultLabel = (f: Pick<Fault, 'target' | 'kind'>): string =>
  `fault:${f.target}:${f.kind}`;
