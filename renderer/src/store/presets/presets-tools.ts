import type { SimulatorConfig } from '../../../../server/src/contract.js';
import type { PresetsClient } from '../../api/presets-client.js';
import { describeApiError, type ApiError } from '../../api/result.js';
import type { GetState, SetState, StoreDeps } from '../app-state.js';
import type { AppStore } from '../create-app-store.js';

export interface PresetsDeps extends StoreDeps {
  presets: PresetsClient;
  /** A store of the configuration form's shape, for editing a persona's response fields. */
  makeFormStore: () => AppStore;
}

/** What every group of preset actions shares. */
export interface PresetsTools {
  set: SetState;
  get: GetState;
  api: PresetsClient;
  /** Shows a failed call's message in place of the last notice. */
  fail(error: ApiError): void;
  /** A form store holding this configuration, for the persona editor. */
  formStoreFor(config: SimulatorConfig): AppStore;
  /** Answers can cross: each counter marks the newest request, older answers are dropped. */
  seq: { active: number; diff: number; export: number };
}

export function createPresetsTools(set: SetState, get: GetState, deps: PresetsDeps): PresetsTools {
  return {
    set,
    get,
    api: deps.presets,
    fail: (error) => set({ presetError: describeApiError(error), presetNotice: null }),
    formStoreFor(config) {
      const form = deps.makeFormStore();
      const defaults = get().defaults;
      form.setState({ current: config, draft: config, defaults: defaults ?? config });
      void form.getState().refreshWarnings();
      return form;
    },
    seq: { active: 0, diff: 0, export: 0 },
  };
}
