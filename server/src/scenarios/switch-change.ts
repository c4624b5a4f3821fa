import type {
  ConfigIssue,
  ErrorConfiguration,
  ErrorListKey,
  Fault,
  FaultKind,
  FaultTarget,
} from '../config/config-types.js';
import { err, ok, type Result } from '../shared/result.js';
import { ERROR_LIST_KEYS, ERROR_NAMES } from './names.js';
import { FAULT_KINDS, isFaultTarget, parseFaults } from './faults.js';

/** One switch turned on or off, without resending the others (the admin API's unit of change). */
export type SwitchChange =
  | { group: ErrorListKey; name: string; on: boolean }
  | { fault: Fault; on: true }
  | { target: FaultTarget; kind: FaultKind; on: false };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isGroup = (v: unknown): v is ErrorListKey =>
  typeof v === 'string' && (ERROR_LIST_KEYS as readonly string[]).includes(v);

/**
 * Reads `{ group, name, on }` or `{ fault: {...}, on }`. Stricter than POST /config: a name the
 * simulator does not know is an error here, since nobody relies on it being ignored.
 */
export function parseSwitchChange(body: unknown): Result<SwitchChange, ConfigIssue[]> {
  if (!isObject(body))
    return err([
      { path: '', message: 'must be a JSON object: { group, name, on } or { fault, on }' },
    ]);
  const issues: ConfigIssue[] = [];
  if (typeof body.on !== 'boolean')
    issues.push({ path: 'on', message: 'must be true or false (a JSON boolean)', value: body.on });
  const allowed = body.fault === undefined ? ['group', 'name', 'on'] : ['fault', 'on'];
  for (const key of Object.keys(body))
    if (!allowed.includes(key))
      issues.push({ path: key, message: 'is not a field of this request' });

  if (body.fault === undefined) {
    if (!isGroup(body.group))
      issues.push({
        path: 'group',
        message: `must be one of ${ERROR_LIST_KEYS.join(', ')}`,
        value: body.group,
      });
    else if (typeof body.name !== 'string' || !ERROR_NAMES[body.group].includes(body.name))
      issues.push({
        path: 'name',
        message: `must be one of ${ERROR_NAMES[body.group].join(', ')}`,
        value: body.name,
      });
    if (issues.length) return err(issues);
    return ok({
      group: body.group as ErrorListKey,
      name: body.name as string,
      on: body.on as boolean,
    });
  }

  if (body.on === false) {
    // Switching off needs only where and which kind.
    const f = body.fault;
    if (!isObject(f)) issues.push({ path: 'fault', message: 'must be a JSON object', value: f });
    else {
      if (!isFaultTarget(f.target))
        issues.push({ path: 'fault.target', message: 'unknown fault target', value: f.target });
      if (typeof f.kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(f.kind))
        issues.push({
          path: 'fault.kind',
          message: `must be one of ${FAULT_KINDS.join(', ')}`,
          value: f.kind,
        });
    }
    if (issues.length || !isObject(f)) return err(issues);
    return ok({ target: f.target as FaultTarget, kind: f.kind as FaultKind, on: false });
  }
  const parsed = parseFaults([body.fault], 'fault');
  if (!parsed.ok)
    issues.push(
      ...parsed.error.map((i) => ({ ...i, path: i.path.replace(/^fault\[0\]/, 'fault') })),
    );
  if (issues.length || !parsed.ok) return err(issues);
  return ok({ fault: parsed.value[0] as Fault, on: true });
}

const slot = (kind: FaultKind) => (kind === 'latency' ? 'latency' : 'answer');

/** The error configuration with one switch changed. Pure. */
export function applySwitchChange(
  errors: ErrorConfiguration,
  change: SwitchChange,
): ErrorConfiguration {
  if ('group' in change) {
    const list = errors[change.group].filter((n) => n !== change.name);
    return { ...errors, [change.group]: change.on ? [...list, change.name] : list };
  }
  const { target, kind } = 'fault' in change ? change.fault : change;
  const faults = errors.faults.filter((f) => f.target !== target || slot(f.kind) !== slot(kind));
  return { ...errors, faults: 'fault' in change ? [...faults, change.fault] : faults };
}
