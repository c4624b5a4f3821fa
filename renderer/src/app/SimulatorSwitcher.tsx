import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { SimulatorSummary } from '../../../server/src/contract.js';
import type { SimulatorsClient } from '../api/simulators-client.js';
import { simulatorHref } from '../api/simulator-base.js';
import {
  deletedElsewhereNotice,
  type PresenceState,
  type SimulatorPresence,
} from '../api/simulator-presence.js';
import { Dialog } from '../components/Dialog.js';
import { Icon } from '../components/Icon.js';
import { useAppStore } from '../store/app-store-context.js';
import { leaveNotice, takeNotice } from './simulator-notice.js';

const ROOT_LABEL = 'Simulator: /';

type Action = 'reset' | 'delete';

/**
 * The header's simulator switcher: which simulator the configuration, errors and check screens
 * act on, and whose exchanges the log shows. Choosing one opens the window on it
 * (?simulator=<name>); a name typed in creates that simulator first. A named simulator can be
 * reset or deleted from here (the root one cannot be deleted); when the chosen one is deleted,
 * here or anywhere else, the window goes back to the root simulator. A window opened on a name
 * that does not exist says so and offers to create it (nothing is created until asked).
 */
export function SimulatorSwitcher({
  client,
  chosen,
  presence,
  navigate,
}: {
  client: SimulatorsClient;
  chosen: string;
  /** The chosen named simulator's presence (null on the root simulator). */
  presence: SimulatorPresence | null;
  navigate: (href: string) => void;
}) {
  const [named, setNamed] = useState<SimulatorSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(takeNotice);
  const [draft, setDraft] = useState('');
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const leaving = useRef(false);
  const change = useAppStore((s) => s.simulatorsChange);
  const presenceState = useSyncExternalStore<PresenceState>(
    (l) => presence?.subscribe(l) ?? (() => undefined),
    () => presence?.getState() ?? 'present',
  );
  const missing = presenceState === 'missing';

  useEffect(() => {
    let live = true;
    void client.list().then((r) => {
      if (!live) return;
      if (r.ok) setNamed(r.value.simulators);
      else setError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [client, change]);

  const go = (name: string) => navigate(simulatorHref(name, window.location.search));

  // The chosen simulator deleted elsewhere (the API, another window): back to the root.
  useEffect(() => {
    if (!change || change.action !== 'deleted' || change.name !== chosen || leaving.current) return;
    leaving.current = true;
    if (presence) presence.leave(deletedElsewhereNotice(chosen));
    else {
      leaveNotice(deletedElsewhereNotice(chosen));
      go('');
    }
  });

  const createMissing = async () => {
    if (!presence) return;
    setBusy(true);
    const r = await presence.create();
    setBusy(false);
    if (r.ok) setNotice(`/sim/${chosen}/ was created: starting configuration, new keys`);
    else setError(`Could not create /sim/${chosen}/: ${r.error.message}`);
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const name = draft.trim();
    if (name === '') return;
    const r = await client.create(name);
    if (r.ok) go(r.value.name);
    else setError(r.error.message);
  };

  const act = async (action: Action) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    const deleted = `/sim/${chosen}/ was deleted; this is the root simulator`;
    if (action === 'delete') {
      leaving.current = true;
      // Its stream ends with it; a check made meanwhile must not call it deleted elsewhere.
      presence?.expectDeletion(deleted);
    }
    const r = action === 'reset' ? await client.reset(chosen) : await client.remove(chosen);
    setBusy(false);
    setConfirming(null);
    if (!r.ok) {
      leaving.current = false;
      presence?.expectDeletion(null);
      setError(`Could not ${action} /sim/${chosen}/: ${r.error.message}`);
      return;
    }
    if (action === 'delete') {
      if (presence) presence.leave(deleted);
      else {
        leaveNotice(deleted);
        go('');
      }
      return;
    }
    setNotice(`/sim/${chosen}/ was reset: starting configuration, new keys, no codes or tokens`);
  };

  const names = named.map((s) => s.name);
  if (chosen !== '' && !names.includes(chosen)) names.push(chosen);
  const message = error ?? notice;

  return (
    <div className="simulator-switcher" data-testid="simulator-switcher">
      <select
        value={chosen}
        onChange={(e) => go(e.target.value)}
        aria-label="Simulator"
        data-testid="simulator-select"
        title="The simulator the screens act on and whose exchanges the log shows"
      >
        <option value="">{ROOT_LABEL}</option>
        {names.map((name) => (
          <option key={name} value={name}>
            /sim/{name}/
          </option>
        ))}
      </select>
      {chosen !== '' && !missing && (
        <>
          <button
            type="button"
            className="icon-btn header-btn"
            aria-label={`Reset /sim/${chosen}/`}
            title="Reset this simulator: starting configuration, new keys, no codes or tokens"
            data-testid="simulator-reset"
            disabled={busy}
            onClick={() => setConfirming('reset')}
          >
            <Icon name="undo" size={13} />
          </button>
          <button
            type="button"
            className="icon-btn header-btn"
            aria-label={`Delete /sim/${chosen}/`}
            title="Delete this simulator and everything it holds"
            data-testid="simulator-delete"
            disabled={busy}
            onClick={() => setConfirming('delete')}
          >
            <Icon name="trash" size={13} />
          </button>
        </>
      )}
      <button
        type="button"
        className="icon-btn header-btn"
        aria-expanded={adding}
        aria-label="New simulator"
        title="New simulator"
        data-testid="simulator-new-open"
        onClick={() => {
          setAdding((a) => !a);
          setError(null);
        }}
      >
        +
      </button>
      {adding && (
        <form
          onSubmit={(e) => void create(e)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setAdding(false);
          }}
          className="simulator-new"
        >
          <input
            autoFocus
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            placeholder="new-simulator"
            aria-label="New simulator name"
            data-testid="simulator-new-name"
            maxLength={64}
            size={14}
          />
          <button type="submit" className="btn" data-testid="simulator-create">
            Create
          </button>
          {error !== null ? (
            <span role="alert" className="simulator-new-error" data-testid="simulator-error">
              {error}
            </span>
          ) : (
            <span className="hint">a–z, 0–9 and -; served at /sim/&lt;name&gt;/</span>
          )}
        </form>
      )}
      {message !== null && !adding && !missing && (
        <span
          role={error !== null ? 'alert' : 'status'}
          className={`simulator-error${error !== null ? '' : ' is-notice'}`}
          data-testid={error !== null ? 'simulator-error' : 'simulator-notice'}
        >
          {message}
          <button
            type="button"
            className="icon-btn"
            aria-label="Dismiss"
            onClick={() => {
              setError(null);
              setNotice(null);
            }}
          >
            <Icon name="x" size={10} />
          </button>
        </span>
      )}
      {missing && (
        <Dialog
          title="This simulator does not exist"
          onClose={() => go('')}
          testId="simulator-missing"
        >
          <p>
            There is no <strong>/sim/{chosen}/</strong> in this simulator: it was deleted, or never
            created (a restart starts with none). Nothing has been created; the window sends it no
            request until you choose.
          </p>
          {error !== null && (
            <p role="alert" className="simulator-new-error" data-testid="simulator-error">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <span className="spacer" />
            <button
              type="button"
              className="btn"
              onClick={() => go('')}
              autoFocus
              data-testid="simulator-missing-root"
            >
              Go to the root simulator
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void createMissing()}
              data-testid="simulator-missing-create"
            >
              Create /sim/{chosen}/
            </button>
          </div>
        </Dialog>
      )}
      {confirming !== null && (
        <Dialog
          title={confirming === 'reset' ? 'Reset this simulator?' : 'Delete this simulator?'}
          onClose={() => setConfirming(null)}
          testId="simulator-confirm"
        >
          <p>
            {confirming === 'reset' ? (
              <>
                <strong>/sim/{chosen}/</strong> starts again from the configuration the process
                started with, with new signing keys. Its codes, access tokens, sessions, error
                switches and check run are gone; relying parties must fetch its keys again.
              </>
            ) : (
              <>
                <strong>/sim/{chosen}/</strong> and everything it holds (configuration, keys, codes,
                tokens, sessions, check run) are gone; its exchanges stay in the log. A later
                request under /sim/{chosen}/ creates it afresh. The window goes back to the root
                simulator.
              </>
            )}
          </p>
          <div className="dialog-actions">
            <span className="spacer" />
            <button type="button" className="btn" onClick={() => setConfirming(null)} autoFocus>
              Keep it
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void act(confirming)}
              data-testid="simulator-confirm-action"
            >
              {confirming === 'reset' ? 'Reset' : 'Delete'}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
