import type { SimulatorList } from '../../../server/src/contract.js';
import { isRecord, type FetchLike } from './admin-client.js';
import type { Result } from './result.js';
import { routeToSimulator } from './simulator-base.js';

/**
 * Where the window stands with its named simulator. Its requests under /sim/<name>/ never create
 * it (see withPresenceCheck); still, while the window cannot hear of a delete (its event stream
 * is not open) it asks the list, which creates nothing, before each such request: a name never
 * seen is offered for creation before any screen asks for it, and a stream refused with a 404
 * (whose body EventSource cannot read) learns why.
 * - unknown: not checked since the stream was last open (or ever);
 * - present: the stream is open (a delete would be heard) or a check found it;
 * - missing: the window opened on a name that does not exist; requests wait for the tester to
 *   create it or go to the root simulator;
 * - gone: it was deleted; the window is going back to the root simulator.
 */
export type PresenceState = 'unknown' | 'present' | 'missing' | 'gone';

/** What a check's answer means for the window. */
export type PresenceVerdict = 'proceed' | 'offer-create' | 'back-to-root' | 'unreachable';

/**
 * The decision after asking the list: listed, go on; not listed and never seen by this page,
 * the tester opened a name that does not exist (offer to create it, never create it silently);
 * not listed after the page saw it, it was deleted while the window was not listening.
 */
export function decidePresence(listed: boolean | null, seenByThisPage: boolean): PresenceVerdict {
  if (listed === null) return 'unreachable';
  if (listed) return 'proceed';
  return seenByThisPage ? 'back-to-root' : 'offer-create';
}

export interface PresenceDeps {
  name: string;
  list(): Promise<Result<SimulatorList>>;
  create(name: string): Promise<Result<unknown>>;
  /** Leaves for the root simulator with this line for the next page. */
  leave(notice: string): void;
}

export type EnsureOutcome = 'go' | 'unreachable';

export interface SimulatorPresence {
  readonly name: string;
  getState(): PresenceState;
  subscribe(listener: () => void): () => void;
  /** Whether the window's event stream is open (a delete would be heard on it). */
  setStreamOpen(open: boolean): void;
  /**
   * Settles when a request under the prefix may go ('go') or must fail ('unreachable': the list
   * could not be read). Waits while missing; never settles once gone.
   */
  ensure(): Promise<EnsureOutcome>;
  /** Creates the missing simulator the tester asked for; waiting requests then go. */
  create(): Promise<Result<unknown>>;
  /** Goes back to the root simulator with this line (once; later calls do nothing). */
  leave(notice: string): void;
  /**
   * The window is deleting it itself: found gone meanwhile, leave with this line rather than
   * "deleted elsewhere" (null when the deletion failed).
   */
  expectDeletion(notice: string | null): void;
  /**
   * A request under the prefix found it missing (it was deleted after the check, and the request
   * asked not to create it): leave as a check finding it gone would.
   */
  foundMissing(): void;
}

export const deletedElsewhereNotice = (name: string): string =>
  `/sim/${name}/ was deleted elsewhere; this is the root simulator`;

export function createSimulatorPresence(deps: PresenceDeps): SimulatorPresence {
  const { name } = deps;
  let state: PresenceState = 'unknown';
  let streamOpen = false;
  let seen = false;
  let ownDeletion: string | null = null;
  let checking: Promise<EnsureOutcome> | undefined;
  let released: (() => void) | undefined;
  let whenCreated: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const never = new Promise<never>(() => undefined);

  const setState = (next: PresenceState) => {
    if (state === next) return;
    state = next;
    for (const l of [...listeners]) l();
  };

  const leave = (notice: string) => {
    if (state === 'gone') return;
    setState('gone');
    deps.leave(notice);
  };

  const check = async (): Promise<EnsureOutcome> => {
    const r = await deps.list();
    const listed = r.ok ? r.value.simulators.some((s) => s.name === name) : null;
    if (state === 'gone') return never;
    switch (decidePresence(listed, seen)) {
      case 'unreachable':
        return 'unreachable';
      case 'proceed':
        seen = true;
        setState('present');
        return 'go';
      case 'back-to-root':
        leave(ownDeletion ?? deletedElsewhereNotice(name));
        return never;
      case 'offer-create':
        setState('missing');
        whenCreated ??= new Promise<void>((resolve) => (released = resolve));
        await whenCreated;
        return 'go';
    }
  };

  return {
    name,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setStreamOpen(open) {
      streamOpen = open;
      if (open) {
        seen = true;
        if (state === 'unknown') setState('present');
      } else if (state === 'present') setState('unknown');
    },
    ensure() {
      if (state === 'gone') return never;
      if (streamOpen) return Promise.resolve('go');
      if (state === 'missing' && whenCreated) return whenCreated.then(() => 'go' as const);
      // Requests made together share one check; the next request after it asks again.
      checking ??= check().finally(() => {
        checking = undefined;
      });
      return checking;
    },
    async create() {
      const r = await deps.create(name);
      if (r.ok) {
        seen = true;
        setState('present');
        released?.();
        released = undefined;
        whenCreated = undefined;
      }
      return r;
    },
    leave,
    expectDeletion(notice) {
      ownDeletion = notice;
    },
    foundMissing() {
      leave(ownDeletion ?? deletedElsewhereNotice(name));
    },
  };
}

/**
 * What every request of the window under /sim/<name>/ carries, so that a simulator deleted after
 * the check answers 404 instead of being created again: the header, or (for the event stream,
 * which cannot send headers) the query parameter.
 */
export const NO_CREATE_HEADER = 'X-Simulator-Create';
export const NO_CREATE_VALUE = 'never';

/** The event stream's address that does not create its simulator (?create=never). */
export function streamUrlWithoutCreation(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}create=${NO_CREATE_VALUE}`;
}

/** The simulator's 404 for a named simulator that does not exist (it names the simulator). */
async function isMissingAnswer(res: Response, name: string): Promise<boolean> {
  if (res.status !== 404) return false;
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => undefined);
  return isRecord(body) && body.error === 'not_found' && body.simulator === name;
}

/**
 * A fetch that asks first (see SimulatorPresence.ensure) before a request under the prefix while
 * the window cannot hear of a delete, and sends it with X-Simulator-Create: never; a 404 saying
 * the simulator is missing (deleted since the check) takes the window back to the root simulator
 * and the request never settles. Other requests go straight through.
 */
export function withPresenceCheck(fetchImpl: FetchLike, presence: SimulatorPresence): FetchLike {
  return async (input, init) => {
    if (routeToSimulator(input, presence.name) === input) return fetchImpl(input, init);
    const outcome = await presence.ensure();
    if (outcome === 'unreachable')
      throw new TypeError(`Could not check that /sim/${presence.name}/ still exists`);
    const headers = new Headers(init?.headers);
    headers.set(NO_CREATE_HEADER, NO_CREATE_VALUE);
    const res = await fetchImpl(input, { ...init, headers });
    if (!(await isMissingAnswer(res, presence.name))) return res;
    presence.foundMissing();
    return new Promise<never>(() => undefined);
  };
}
