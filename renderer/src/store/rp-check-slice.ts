import type {
  DriveSettings,
  OutcomeRequest,
  PlanSummary,
  RpCheckStatus,
  StepResult,
  TesterVerdict,
} from '../../../server/src/contract.js';
import { describeApiError } from '../api/result.js';
import type { RpCheckClient } from '../api/rp-check-client.js';
import type { GetState, SetState, StoreDeps } from './app-state.js';
import {
  DRIVE_FIELD_LABEL,
  unreachableIn,
  type DriveField,
} from '../features/rp-check/rp-check-format.js';

/** How often the screen refreshes a running check. */
export const RP_CHECK_POLL_MS = 1000;

export interface RpCheckState {
  rpPlans: PlanSummary[];
  rpPlanProblems: { file: string; message: string }[];
  /** The plan chosen in the picker. */
  rpPlanId: string;
  rpStatus: RpCheckStatus | null;
  rpBusy: boolean;
  rpError: string | null;
  /** The tester's note for the current step's verdict. */
  rpNote: string;
  /** "Drive my service for me": the check acts as the user's browser on the service. */
  rpDrive: RpDriveForm;
  /** Why Start was refused, field by field: kept until the field is edited or a run starts. */
  rpDriveIssues: Partial<Record<DriveField, string>>;
  /** Why Start was refused (what is not a field): kept until the next Start. */
  rpStartError: string | null;
  /** A driven run stopped because the service did not answer: where, and why. */
  rpUnreachable: string | null;
}

/** The window's drive settings as typed (every field a string; empty = not given). */
export interface RpDriveForm {
  enabled: boolean;
  signIn: string;
  identitySignIn: string;
  signedIn: string;
  signedInText: string;
  signOut: string;
  identityText: string;
  reauthenticate: string;
}

export const EMPTY_DRIVE_FORM: RpDriveForm = {
  enabled: false,
  signIn: '',
  identitySignIn: '',
  signedIn: '',
  signedInText: '',
  signOut: '',
  identityText: '',
  reauthenticate: '',
};

/** The drive settings to start with (the server checks them), or undefined when not driving. */
export function driveSettingsOf(form: RpDriveForm): DriveSettings | undefined {
  if (!form.enabled) return undefined;
  const settings: DriveSettings = { signIn: form.signIn.trim(), signedIn: form.signedIn.trim() };
  for (const key of [
    'identitySignIn',
    'signedInText',
    'signOut',
    'identityText',
    'reauthenticate',
  ] as const) {
    const value = form[key].trim();
    if (value) settings[key] = value;
  }
  return settings;
}

export interface RpCheckActions {
  loadRpPlans(): Promise<void>;
  chooseRpPlan(id: string): void;
  refreshRpCheck(): Promise<void>;
  startRpCheck(): Promise<void>;
  stopRpCheck(): Promise<void>;
  sendRpVerdict(step: string, verdict: TesterVerdict): Promise<void>;
  /** The tester's answer to "What did your service show?" for the step it names. */
  sendRpOutcome(step: string, outcome: Omit<OutcomeRequest, 'note'>): Promise<void>;
  setRpNote(note: string): void;
  setRpDrive(patch: Partial<RpDriveForm>): void;
  /** Keeps the status fresh while the screen shows it; answers the function that stops it. */
  watchRpCheck(): () => void;
}
export type RpCheckSlice = RpCheckState & RpCheckActions;

/** The step the run is on (observing or waiting for the tester), if any. */
export function currentRpStep(status: RpCheckStatus | null): StepResult | undefined {
  if (!status || status.state !== 'running' || status.currentStep === undefined) return undefined;
  return status.steps[status.currentStep];
}

/** The step a Retry can go back to: the last one decided. */
export function retryableRpStep(status: RpCheckStatus | null): StepResult | undefined {
  if (!status || status.state === 'idle') return undefined;
  const index =
    status.state === 'finished' ? status.steps.length - 1 : (status.currentStep ?? 0) - 1;
  const step = status.steps[index];
  return step && step.status !== 'pending' ? step : undefined;
}

export function createRpCheckSlice(
  set: SetState,
  get: GetState,
  deps: StoreDeps & { rpCheck: RpCheckClient },
): RpCheckSlice {
  const api = deps.rpCheck;
  const apply = (status: RpCheckStatus) => {
    set({ rpStatus: status, rpError: null });
    // A driven run whose service does not answer would go through every step to "not judged":
    // stop it at once and say so.
    if (status.state === 'running' && status.drive && get().rpUnreachable === null) {
      const where = unreachableIn(status.steps.map((st) => st.reason));
      if (where !== undefined) {
        set({ rpUnreachable: where });
        void api.stop().then((r) => {
          if (r.ok) set({ rpStatus: r.value });
        });
      }
    }
  };
  const act = async (fn: () => ReturnType<RpCheckClient['getStatus']>, clearNote = false) => {
    set({ rpBusy: true });
    const r = await fn();
    set({ rpBusy: false });
    if (r.ok) {
      apply(r.value);
      if (clearNote) set({ rpNote: '' });
    } else set({ rpError: describeApiError(r.error) });
  };
  return {
    rpPlans: [],
    rpPlanProblems: [],
    rpPlanId: 'default',
    rpStatus: null,
    rpBusy: false,
    rpError: null,
    rpNote: '',
    rpDrive: EMPTY_DRIVE_FORM,
    rpDriveIssues: {},
    rpStartError: null,
    rpUnreachable: null,
    async loadRpPlans() {
      const r = await api.listPlans();
      if (!r.ok) {
        set({ rpError: describeApiError(r.error) });
        return;
      }
      const ids = r.value.items.map((p) => p.id);
      set({
        rpPlans: r.value.items,
        rpPlanProblems: r.value.problems,
        ...(ids.includes(get().rpPlanId) ? {} : { rpPlanId: ids[0] ?? 'default' }),
      });
    },
    chooseRpPlan: (id) => set({ rpPlanId: id }),
    async refreshRpCheck() {
      const r = await api.getStatus();
      if (r.ok) apply(r.value);
      else set({ rpError: describeApiError(r.error) });
    },
    async startRpCheck() {
      const drive = driveSettingsOf(get().rpDrive);
      set({ rpBusy: true, rpStartError: null, rpUnreachable: null });
      const r = await api.start(get().rpPlanId, { attended: true, ...(drive ? { drive } : {}) });
      set({ rpBusy: false });
      if (r.ok) {
        set({ rpDriveIssues: {}, rpNote: '' });
        apply(r.value);
        return;
      }
      if (r.error.kind !== 'invalid') {
        set({ rpStartError: describeApiError(r.error) });
        return;
      }
      // Each refused field, under the field, in the window's words.
      const fields: Partial<Record<DriveField, string>> = {};
      const others: string[] = [];
      for (const issue of r.error.issues) {
        const key = issue.path.replace(/^drive\./, '') as DriveField;
        if (issue.path.startsWith('drive.') && key in DRIVE_FIELD_LABEL)
          fields[key] = `${DRIVE_FIELD_LABEL[key]} ${issue.message}`;
        else others.push(`${issue.path} ${issue.message}`);
      }
      const named = Object.values(fields);
      // 422: the service did not answer its sign-in address; the server's sentence names both.
      if (r.error.status === 422) {
        set({
          rpDriveIssues: fields,
          rpStartError: `The check did not start: ${r.error.message}.`,
        });
        return;
      }
      set({
        rpDriveIssues: fields,
        rpStartError: [
          ...(named.length > 0
            ? [
                `The check did not start: ${named.length === 1 ? 'a field needs' : `${named.length} fields need`} attention: ${named.join('; ')}.`,
              ]
            : []),
          ...others,
        ].join(' '),
      });
    },
    stopRpCheck: () => act(() => api.stop()),
    sendRpVerdict: (step, verdict) =>
      act(() => api.verdict(step, verdict, get().rpNote.trim() || undefined), true),
    sendRpOutcome: (step, outcome) => {
      const note = get().rpNote.trim();
      return act(() => api.outcome(step, { ...outcome, ...(note ? { note } : {}) }), true);
    },
    setRpNote: (note) => set({ rpNote: note }),
    setRpDrive(patch) {
      const issues = { ...get().rpDriveIssues };
      for (const key of Object.keys(patch)) delete issues[key as DriveField];
      set({ rpDrive: { ...get().rpDrive, ...patch }, rpDriveIssues: issues });
    },
    watchRpCheck() {
      let stopped = false;
      let handle: unknown;
      const tick = async () => {
        await get().refreshRpCheck();
        if (!stopped) handle = deps.schedule(() => void tick(), RP_CHECK_POLL_MS);
      };
      void get().loadRpPlans();
      void tick();
      return () => {
        stopped = true;
        if (handle !== undefined) deps.cancel(handle);
      };
    },
  };
}
