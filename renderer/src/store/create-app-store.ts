import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppState, StoreDeps } from './app-state.js';
import { createConfigSlice } from './config-slice.js';
import { createConnectionSlice } from './connection-slice.js';
import { createLogSlice } from './log-slice.js';
import { createScenarioSlice } from './scenario-slice.js';
import { createUiSlice } from './ui-slice.js';

export type AppStore = StoreApi<AppState>;

/** One store for the whole UI, made of slices; dependencies are injected, never imported. */
export function createAppStore(deps: StoreDeps): AppStore {
  return createStore<AppState>()((set, get) => ({
    ...createConfigSlice(set, get, deps),
    ...createConnectionSlice(set, get, deps),
    ...createLogSlice(set, get, deps),
    ...createScenarioSlice(set, get),
    ...createUiSlice(set, get, deps),
  }));
}
