import { createStore, type StoreApi } from 'zustand/vanilla';
import { createPresetsClient } from '../api/presets-client.js';
import type { AppState, StoreDeps } from './app-state.js';
import { createConfigSlice } from './config-slice.js';
import { createConnectionSlice } from './connection-slice.js';
import { createLogSlice } from './log-slice.js';
import { createPresetsSlice } from './presets-slice.js';
import { createRpCheckSlice } from './rp-check-slice.js';
import { createRpCheckClient } from '../api/rp-check-client.js';
import { createScenarioSlice } from './scenario-slice.js';
import { createToolsSlice } from './tools-slice.js';
import { createToolsClient } from '../api/tools-client.js';
import { createUiSlice } from './ui-slice.js';

export type AppStore = StoreApi<AppState>;

/** One store for the whole UI, made of slices; dependencies are injected, never imported. */
export function createAppStore(deps: StoreDeps): AppStore {
  const presets = deps.presets ?? createPresetsClient();
  const rpCheck = deps.rpCheck ?? createRpCheckClient();
  const tools = deps.tools ?? createToolsClient();
  return createStore<AppState>()((set, get) => ({
    ...createConfigSlice(set, get, deps),
    ...createConnectionSlice(set, get, deps),
    ...createLogSlice(set, get, deps),
    ...createPresetsSlice(set, get, {
      ...deps,
      presets,
      // The persona editor reuses the configuration form's fields, which read a store of this
      // shape: each editor gets its own, validated by the same API.
      makeFormStore: () => createAppStore({ ...deps, presets, rpCheck, tools, storage: undefined }),
    }),
    ...createScenarioSlice(set, get),
    ...createRpCheckSlice(set, get, { ...deps, rpCheck }),
    ...createToolsSlice(set, get, { ...deps, tools }),
    ...createUiSlice(set, get, deps),
  }));
}
