import type { ConfigSlice } from './config-slice.js';
import type { ConnectionSlice } from './connection-slice.js';
import type { LogSlice } from './log-slice.js';
import type { PresetsSlice } from './presets-slice.js';
import type { RpCheckSlice } from './rp-check-slice.js';
import type { ScenarioSlice } from './scenario-slice.js';
import type { ToolsSlice } from './tools-slice.js';
import type { UiSlice } from './ui-slice.js';
import type { AdminClient } from '../api/admin-client.js';
import type { PresetsClient } from '../api/presets-client.js';
import type { RpCheckClient } from '../api/rp-check-client.js';
import type { ToolsClient } from '../api/tools-client.js';

/** The whole UI state: one store made of slices (zustand slices pattern). */
export type AppState = ConfigSlice &
  ConnectionSlice &
  LogSlice &
  PresetsSlice &
  RpCheckSlice &
  ScenarioSlice &
  ToolsSlice &
  UiSlice;

/** What the store needs from the outside world, injected so tests can pass their own. */
export interface StoreDeps {
  api: AdminClient;
  /** The personas and scenarios API (the real one over fetch when not given). */
  presets?: PresetsClient;
  /** The relying-party check API (the real one over fetch when not given). */
  rpCheck?: RpCheckClient;
  /** The tester's tools API: test client, resend, verify, re-sign (real one when not given). */
  tools?: ToolsClient;
  now: () => number;
  schedule: (fn: () => void, ms: number) => unknown;
  cancel: (handle: unknown) => void;
  /** Where the theme choice is remembered (localStorage in the browser). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

export type SetState = (
  partial: Partial<AppState> | ((state: AppState) => Partial<AppState>),
) => void;
export type GetState = () => AppState;
