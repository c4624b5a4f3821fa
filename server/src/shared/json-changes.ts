/**
 * What changed between two JSON documents, and how to apply it: the event stream's configuration
 * pushes carry these changes instead of the whole configuration, and the UI applies them.
 *
 * The changes are a subset of JSON Patch (RFC 6902): `add`, `remove` and `replace`, each at a JSON
 * Pointer (RFC 6901). A JSON Merge Patch (RFC 7386) would not do: it cannot tell "set to null"
 * from "remove", and several configuration fields may be null.
 *
 * The rule: objects are compared key by key (a key whose value is undefined counts as absent, as
 * in JSON); arrays index by index, the extra tail removed (last first) or added (in order); any
 * other difference replaces the value. Unchanged parts that are the same object are skipped
 * without a look inside, so a small change to a large configuration costs little.
 *
 * This module is shared with the renderer: it imports nothing and uses neither Node nor the DOM.
 */

export type JsonChange =
  { op: 'add' | 'replace'; path: string; value: unknown } | { op: 'remove'; path: string };

export type ApplyChangesResult = { ok: true; value: unknown } | { ok: false; reason: string };

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/** A key's value as JSON reads it: undefined means absent. */
const present = (o: JsonObject, key: string): boolean => hasOwn(o, key) && o[key] !== undefined;

/** An array item as JSON writes it: undefined is null. */
const item = (v: unknown): unknown => (v === undefined ? null : v);

const escapeToken = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

function diffInto(a: unknown, b: unknown, path: string, out: JsonChange[]): void {
  if (a === b) return;
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a))
      if (a[key] !== undefined && !present(b, key))
        out.push({ op: 'remove', path: `${path}/${escapeToken(key)}` });
    for (const key of Object.keys(b)) {
      const value = b[key];
      if (value === undefined) continue;
      const at = `${path}/${escapeToken(key)}`;
      if (present(a, key)) diffInto(a[key], value, at, out);
      else out.push({ op: 'add', path: at, value });
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const common = Math.min(a.length, b.length);
    for (let i = 0; i < common; i++) diffInto(item(a[i]), item(b[i]), `${path}/${i}`, out);
    for (let i = a.length - 1; i >= b.length; i--) out.push({ op: 'remove', path: `${path}/${i}` });
    for (let i = a.length; i < b.length; i++)
      out.push({ op: 'add', path: `${path}/${i}`, value: item(b[i]) });
    return;
  }
  out.push({ op: 'replace', path, value: b });
}

/** The changes that turn `from` into `to` (both JSON values); [] when they are equal. */
export function jsonChanges(from: unknown, to: unknown): JsonChange[] {
  const out: JsonChange[] = [];
  diffInto(from, to, '', out);
  return out;
}

/** Sets an own, enumerable key (a plain assignment of `__proto__` would change the prototype). */
function define(o: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
}

const INDEX = /^(0|[1-9][0-9]{0,8})$/;

/**
 * Applies one change below `node`. A container on the change's path is copied the first time a
 * change of this call goes through it (and noted in `fresh`); later changes edit that copy in
 * place, so a list of changes costs about its length, not its length times the containers' sizes
 * (a thousand changes to a ten-thousand-item array copy it once, not a thousand times).
 */
function applyAt(
  node: unknown,
  tokens: readonly string[],
  k: number,
  change: JsonChange,
  fresh: WeakSet<object>,
): ApplyChangesResult {
  if (k === tokens.length) {
    if (change.op === 'remove')
      return { ok: false, reason: 'the whole document cannot be removed' };
    return { ok: true, value: change.value };
  }
  const token = tokens[k] as string;
  const last = k === tokens.length - 1;
  if (Array.isArray(node)) {
    let index: number;
    if (token === '-' && last && change.op === 'add') index = node.length;
    else if (INDEX.test(token)) index = Number(token);
    else return { ok: false, reason: `"${token}" is not an array index` };
    const copy = fresh.has(node) ? node : node.slice();
    fresh.add(copy);
    if (last && change.op === 'add') {
      if (index > node.length) return { ok: false, reason: `index ${index} is past the end` };
      copy.splice(index, 0, change.value);
      return { ok: true, value: copy };
    }
    if (index >= node.length) return { ok: false, reason: `no item at index ${index}` };
    if (last) {
      if (change.op === 'remove') copy.splice(index, 1);
      else copy[index] = change.value;
      return { ok: true, value: copy };
    }
    const child = applyAt(node[index], tokens, k + 1, change, fresh);
    if (!child.ok) return child;
    copy[index] = child.value;
    return { ok: true, value: copy };
  }
  if (isObject(node)) {
    const copy: JsonObject = fresh.has(node) ? node : { ...node };
    fresh.add(copy);
    if (last && change.op === 'add') {
      define(copy, token, change.value);
      return { ok: true, value: copy };
    }
    if (!hasOwn(node, token)) return { ok: false, reason: `no member "${token}"` };
    if (last) {
      if (change.op === 'remove') delete copy[token];
      else define(copy, token, change.value);
      return { ok: true, value: copy };
    }
    const child = applyAt(node[token], tokens, k + 1, change, fresh);
    if (!child.ok) return child;
    define(copy, token, child.value);
    return { ok: true, value: copy };
  }
  return { ok: false, reason: `nothing to go into at "${token}"` };
}

/** Reads one change from untrusted input; a reason when it is not one. */
function readChange(raw: unknown): JsonChange | string {
  if (!isObject(raw)) return 'a change must be an object';
  const { op, path } = raw;
  if (typeof path !== 'string' || (path !== '' && !path.startsWith('/')))
    return 'path must be a JSON Pointer ("" or starting with "/")';
  if (op === 'remove') return { op, path };
  if (op !== 'add' && op !== 'replace') return 'op must be "add", "remove" or "replace"';
  if (!hasOwn(raw, 'value')) return `an "${op}" needs a value`;
  return { op, path, value: raw.value };
}

/**
 * Applies changes to a document without changing it: the parts a change does not touch are
 * shared with the input. Refuses (with a reason, never by throwing) anything that is not a list of
 * changes that apply to this document; nothing is applied then.
 */
export function applyJsonChanges(document: unknown, changes: unknown): ApplyChangesResult {
  if (!Array.isArray(changes)) return { ok: false, reason: 'changes must be a list' };
  let current = document;
  // The copies made by this call: never seen by the caller until the whole list applied.
  const fresh = new WeakSet<object>();
  for (let i = 0; i < changes.length; i++) {
    const change = readChange(changes[i]);
    if (typeof change === 'string') return { ok: false, reason: `change ${i}: ${change}` };
    const tokens = change.path === '' ? [] : change.path.slice(1).split('/').map(unescapeToken);
    const next = applyAt(current, tokens, 0, change, fresh);
    if (!next.ok)
      return { ok: false, reason: `change ${i} (${change.op} ${change.path}): ${next.reason}` };
    current = next.value;
  }
  return { ok: true, value: current };
}
