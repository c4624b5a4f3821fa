import type {
  ConfigSnapshot,
  ErrorConfiguration,
  SimulatorConfig,
} from '../../../server/src/contract.js';
import { toConfigRequestBody } from '../api/config-body.js';
import { describeApiError, type FieldIssue } from '../api/result.js';
import type { GetState, SetState, StoreDeps } from './app-state.js';
import { followConfigStream, type ConfigMessage } from './config-stream.js';
import { deepEqual } from './deep-equal.js';
import { rebaseDraft } from './rebase-draft.js';

/** How long typing pauses before the draft is sent to the validate endpoint. */
export const VALIDATE_DELAY_MS = 250;

export type ValidationState = 'idle' | 'pending' | 'valid' | 'invalid' | 'unavailable';

export interface ConfigState {
  /** The configuration the simulator holds now. */
  current: SimulatorConfig | null;
  /** The configuration the simulator started with (for "changed from default" and Reset). */
  defaults: SimulatorConfig | null;
  /** What the form shows; its errorConfiguration is ignored (error toggles apply at once). */
  draft: SimulatorConfig | null;
  /** Bumped on every edit, so a late validation answer for an older draft is dropped. */
  draftVersion: number;
  issues: FieldIssue[];
  /** Accepted values the provider would never send, by field (shown as warnings, not refusals). */
  warnings: FieldIssue[];
  validation: ValidationState;
  applying: boolean;
  applyError: string | null;
  /**
   * The simulator's configuration changed (elsewhere) while the form held unapplied edits. Apply
   * is refused until the tester keeps the edits (moved onto the new configuration) or drops them.
   */
  externalChange: boolean;
  /** The configuration the draft's edits were made against, while `externalChange` holds. */
  draftBase: SimulatorConfig | null;
  loadError: string | null;
  /** A short confirmation after Apply or Reset. */
  notice: string | null;
}

export const initialConfigState = (): ConfigState => ({
  current: null,
  defaults: null,
  draft: null,
  draftVersion: 0,
  issues: [],
  warnings: [],
  validation: 'idle',
  applying: false,
  applyError: null,
  externalChange: false,
  draftBase: null,
  loadError: null,
  notice: null,
});

/** The draft ignoring error toggles, which are never part of the form. */
function withoutErrors(c: SimulatorConfig): Omit<SimulatorConfig, 'errorConfiguration'> {
  const { errorConfiguration: _ignored, ...rest } = c;
  return rest;
}

/** Whether two configurations differ in more than their error toggles (what the form shows). */
export function differsBeyondErrors(a: SimulatorConfig, b: SimulatorConfig): boolean {
  return !deepEqual(withoutErrors(a), withoutErrors(b));
}

export function isDraftDirty(state: Pick<ConfigState, 'draft' | 'current'>): boolean {
  if (!state.draft || !state.current) return false;
  return differsBeyondErrors(state.draft, state.current);
}

/** The simulator announced its configuration: keep the form in step unless it holds edits. */
export function receiveConfig(state: ConfigState, config: SimulatorConfig): Partial<ConfigState> {
  const dirty = isDraftDirty(state);
  if (!dirty || state.draft === null) {
    return {
      current: config,
      draft: config,
      externalChange: false,
      draftBase: null,
      issues: [],
      validation: 'idle',
    };
  }
  const same = deepEqual(withoutErrors(config), withoutErrors(state.current ?? config));
  // The form's edits now match what arrived: nothing is pending any more.
  if (deepEqual(withoutErrors(config), withoutErrors(state.draft))) {
    return {
      current: config,
      draft: config,
      externalChange: false,
      draftBase: null,
      issues: [],
      validation: 'idle',
    };
  }
  if (same) return { current: config, externalChange: state.externalChange };
  return {
    current: config,
    externalChange: true,
    draftBase: state.draftBase ?? state.current,
  };
}

/** The tester keeps the edits: they move onto the configuration that arrived meanwhile. */
export function keepDraftEdits(state: ConfigState): Partial<ConfigState> {
  if (!state.externalChange || !state.draft || !state.current) return {};
  return {
    draft: rebaseDraft(state.draftBase ?? state.current, state.draft, state.current),
    draftVersion: state.draftVersion + 1,
    externalChange: false,
    draftBase: null,
    validation: 'pending',
    applyError: null,
  };
}

export function editDraft(
  state: ConfigState,
  recipe: (draft: SimulatorConfig) => SimulatorConfig,
): Partial<ConfigState> {
  if (!state.draft) return {};
  return {
    draft: recipe(state.draft),
    draftVersion: state.draftVersion + 1,
    validation: 'pending',
    notice: null,
    applyError: null,
  };
}

/** Issues at a field path or below it (`clientConfiguration.redirectUrls` covers `.redirectUrls.0`). */
export function issuesAt(issues: readonly FieldIssue[], path: string): FieldIssue[] {
  return issues.filter(
    (i) => i.path === path || i.path.startsWith(`${path}.`) || i.path.startsWith(`${path}[`),
  );
}

export interface ConfigActions {
  /** GET /config and the defaults (the event stream also sends the configuration on connect). */
  loadConfig(): Promise<void>;
  loadDefaults(): Promise<void>;
  receiveConfig(config: SimulatorConfig): void;
  /**
   * A configuration message from the event stream: a whole configuration, or the changes since
   * the last one. After a missed, unreadable or inapplicable patch the configuration is fetched
   * again (resyncConfig) rather than left to drift.
   */
  receiveStreamConfig(message: ConfigMessage): { changedBeyondErrors: boolean };
  /** Fetches the configuration the event stream's patches build on, and its version. */
  resyncConfig(): Promise<void>;
  editDraft(recipe: (draft: SimulatorConfig) => SimulatorConfig): void;
  /** Replaces the form with a whole configuration (an import); applies nothing. */
  replaceDraft(config: SimulatorConfig): void;
  discardDraft(): void;
  /** Keeps the edits after an outside change, moved onto the new configuration. */
  keepDraftEdits(): void;
  validateDraft(): Promise<void>;
  /** Asks the simulator for the draft's warnings only (after a load or an outside change). */
  refreshWarnings(): Promise<void>;
  applyDraft(): Promise<boolean>;
  resetToDefaults(): Promise<boolean>;
  /** POSTs the current configuration with these error toggles (used by the scenario slice). */
  postErrorConfiguration(
    errors: ErrorConfiguration,
  ): Promise<{ ok: true } | { ok: false; message: string }>;
  /** POSTs the current configuration with these key rotation flags changed. */
  postKeyFlags(
    flags: Partial<Pick<SimulatorConfig, KeyFlag>>,
  ): Promise<{ ok: true } | { ok: false; message: string }>;
}

/** The key rotation flags, as GET /config names them. */
export type KeyFlag =
  | 'publishNewIdTokenKeysEnabled'
  | 'usingNewIdTokenSigningKeys'
  | 'oldIdTokenKeysRetired'
  | 'publishNewCoreIdentityKeysEnabled'
  | 'usingNewCoreIdentitySigningKeys'
  | 'oldCoreIdentityKeysRetired';
export type ConfigSlice = ConfigState & ConfigActions;

export function createConfigSlice(set: SetState, get: GetState, deps: StoreDeps): ConfigSlice {
  let timer: unknown;
  const scheduleValidation = () => {
    if (timer !== undefined) deps.cancel(timer);
    timer = deps.schedule(() => {
      timer = undefined;
      void get().validateDraft();
    }, VALIDATE_DELAY_MS);
  };
  // What the event stream's next patch applies to (not `current`, which a POST's answer may
  // already have moved ahead).
  let streamBase: ConfigSnapshot | null = null;
  let resyncing = false;
  /** Messages that arrived while the configuration was being fetched again, in order. */
  let waiting: ConfigMessage[] = [];
  /** The error toggles to send with any POST: the latest chosen ones. */
  const activeErrors = (): ErrorConfiguration | undefined =>
    get().pendingErrors ?? get().current?.errorConfiguration;

  return {
    ...initialConfigState(),
    async loadConfig() {
      const [config, defaults] = await Promise.all([deps.api.getConfig(), deps.api.getDefaults()]);
      if (!config.ok) {
        set({ loadError: describeApiError(config.error) });
        return;
      }
      set((s) => ({
        ...receiveConfig(s, config.value),
        loadError: null,
        // Without the defaults endpoint the markers compare with nothing rather than lie.
        defaults: defaults.ok ? defaults.value : s.defaults,
      }));
      void get().refreshWarnings();
    },
    async loadDefaults() {
      const defaults = await deps.api.getDefaults();
      if (defaults.ok) set({ defaults: defaults.value });
    },
    receiveConfig: (config) => {
      const before = get().draft;
      set((s) => ({ ...receiveConfig(s, config), loadError: null }));
      const after = get().draft;
      // Warnings are about the form's values: a change to the error toggles alone (a counted
      // fault used up, request by request) leaves them as they were.
      if (!before || !after || differsBeyondErrors(before, after)) void get().refreshWarnings();
    },
    receiveStreamConfig(message) {
      const unchanged = { changedBeyondErrors: false };
      if (resyncing) {
        waiting.push(message);
        return unchanged;
      }
      const step = followConfigStream(streamBase, message);
      if (step.kind === 'ignore') return unchanged;
      if (step.kind === 'resync') {
        void get().resyncConfig();
        return unchanged;
      }
      // Compared with what the stream said last, not with `current` (a POST's answer).
      const previous = streamBase?.config;
      streamBase = step.base;
      get().receiveConfig(step.base.config);
      return {
        changedBeyondErrors: !previous || differsBeyondErrors(previous, step.base.config),
      };
    },
    async resyncConfig() {
      if (resyncing) return;
      resyncing = true;
      const result = await deps.api.getStreamConfig();
      resyncing = false;
      // On failure the old base stays: the next patch shows whether it still follows.
      if (result.ok) {
        streamBase = result.value;
        get().receiveConfig(result.value.config);
        void get().refreshKeys();
      }
      const arrived = waiting;
      waiting = [];
      for (const message of arrived) get().receiveStreamConfig(message);
    },
    editDraft(recipe) {
      set((s) => editDraft(s, recipe));
      scheduleValidation();
    },
    replaceDraft(config) {
      set((s) => editDraft(s, () => config));
      scheduleValidation();
    },
    discardDraft() {
      if (timer !== undefined) deps.cancel(timer);
      timer = undefined;
      set((s) => ({
        draft: s.current,
        draftVersion: s.draftVersion + 1,
        issues: [],
        validation: 'idle',
        externalChange: false,
        draftBase: null,
        applyError: null,
      }));
    },
    keepDraftEdits() {
      set((s) => keepDraftEdits(s));
      scheduleValidation();
    },
    async validateDraft() {
      const { draft, draftVersion } = get();
      const errors = activeErrors();
      if (!draft || !errors) return;
      const result = await deps.api.validateConfig(toConfigRequestBody(draft, errors));
      if (get().draftVersion !== draftVersion) return;
      if (!result.ok) {
        set({ validation: 'unavailable' });
        return;
      }
      set(
        result.value.ok
          ? { validation: 'valid', issues: [], warnings: result.value.warnings }
          : {
              validation: 'invalid',
              issues: result.value.issues,
              warnings: result.value.warnings,
            },
      );
    },
    async refreshWarnings() {
      const { draft, draftVersion } = get();
      const errors = activeErrors();
      if (!draft || !errors) return;
      const result = await deps.api.validateConfig(toConfigRequestBody(draft, errors));
      if (get().draftVersion !== draftVersion || !result.ok) return;
      set({ warnings: result.value.warnings });
    },
    async applyDraft() {
      const { draft, draftVersion } = get();
      const errors = activeErrors();
      if (!draft || !errors || get().applying) return false;
      // A draft older than the simulator's configuration would silently undo the newer one.
      if (get().externalChange) return false;
      set({ applying: true, applyError: null, notice: null });
      const result = await deps.api.postConfig(toConfigRequestBody(draft, errors));
      if (!result.ok) {
        set({
          applying: false,
          applyError: describeApiError(result.error),
          ...(result.error.kind === 'invalid'
            ? { issues: result.error.issues, validation: 'invalid' as const }
            : {}),
        });
        return false;
      }
      set((s) => ({
        applying: false,
        current: result.value,
        // Edits made while the request was in flight stay in the form.
        draft: s.draftVersion === draftVersion ? result.value : s.draft,
        issues: [],
        validation: 'idle',
        externalChange: false,
        draftBase: null,
        notice: 'Configuration applied.',
      }));
      return true;
    },
    async resetToDefaults() {
      set({ applying: true, applyError: null, notice: null });
      const result = await deps.api.resetConfig();
      if (!result.ok) {
        set({ applying: false, applyError: describeApiError(result.error) });
        return false;
      }
      set((s) => ({
        applying: false,
        current: result.value,
        draft: result.value,
        draftVersion: s.draftVersion + 1,
        issues: [],
        validation: 'idle',
        externalChange: false,
        draftBase: null,
        pendingErrors: null,
        notice: 'Configuration reset to defaults.',
      }));
      return true;
    },
    async postErrorConfiguration(errors) {
      const current = get().current;
      if (!current) return { ok: false, message: 'The configuration is not loaded yet.' };
      const result = await deps.api.postConfig(toConfigRequestBody(current, errors));
      if (!result.ok) return { ok: false, message: describeApiError(result.error) };
      set((s) => receiveConfig(s, result.value));
      return { ok: true };
    },
    async postKeyFlags(flags) {
      const current = get().current;
      const errors = activeErrors();
      if (!current || !errors)
        return { ok: false, message: 'The configuration is not loaded yet.' };
      const result = await deps.api.postConfig(
        toConfigRequestBody({ ...current, ...flags }, errors),
      );
      if (!result.ok) return { ok: false, message: describeApiError(result.error) };
      set((s) => receiveConfig(s, result.value));
      return { ok: true };
    },
  };
}
