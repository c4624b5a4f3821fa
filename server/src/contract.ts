/**
 * The renderer's face of the server: the types the window and the admin API share. Types only,
 * re-exported from where the server defines them; nothing on the server imports this file (its
 * modules import each type from its home), and the renderer imports it with `import type`.
 */

export type * from './config/config-types.js';
export type { JsonChange } from './shared/json-changes.js';
export type { ExchangeEndpoint } from './shared/exchange-endpoints.js';
export type {
  ExchangeOutcome,
  TokenRole,
  ExchangeToken,
  ExchangeRequest,
  ExchangeResponse,
  Exchange,
} from './log/exchange-types.js';
export type { TokenCheck, TokenAnalysis } from './analysis/analysis-types.js';
export type {
  ExchangePage,
  ExchangeDetail,
  InspectRequest,
  SimulatorStatus,
  PublicKeysView,
  SimulatorList,
  ConfigSnapshot,
  ConfigPatch,
  AdminEventMap,
  AdminEventName,
  ResendResult,
  KeyVerification,
  ResignedToken,
} from './admin/admin-api-types.js';
export type { SimulatorsChange } from './simulator/simulator-events.js';
export type { SimulatorSummary } from './http/simulator-registry.js';
export type {
  TestClientFlow,
  TestClientStep,
  TestClientCheck,
  TestClientRun,
  TestClientUser,
  TestClientCommands,
} from './test-client/test-client-types.js';

export type {
  Persona,
  Scenario,
  InlinePersona,
  ScenarioFlags,
  PersonaDocument,
  ScenarioDocument,
  PresetList,
  PresetProblem,
  ActivePreset,
  ActiveRef,
  ApplyResult,
  DiffEntry,
  ExportFormat,
  ImportRequest,
  ImportResult,
  PresetErrorBody,
} from './presets/preset-types.js';

export type {
  StepKind,
  StepExpectations,
  PlanStepDocument,
  PlanDocument,
  Plan,
  PlanSummary,
  PlanList,
  RequestCheck,
  Verdict,
  StepStatus,
  TesterVerdict,
  ExchangeRef,
  StepResult,
  RpCheckSummary,
  RpCheckStatus,
  StartRequest,
  VerdictRequest,
  ReportFormat,
  RpCheckReport,
  DriveSettings,
  ObservedOutcome,
  StepAsk,
  OutcomeRequest,
} from './rp-check/rp-check-types.js';
