import { base64url } from 'jose';
import type {
  KeyVerification,
  TestClientCommands,
  TestClientFlow,
  TestClientRun,
} from '../../../server/src/contract.js';
import { describeApiError } from '../api/result.js';
import type { ResendEdits, ToolsClient } from '../api/tools-client.js';
import type { GetState, SetState, StoreDeps } from './app-state.js';

export interface TestClientState {
  flow: TestClientFlow;
  /** A private key the tester pasted (PEM or JWK); empty: the default client key. */
  privateKey: string;
  running: boolean;
  run: TestClientRun | null;
  runError: string | null;
  commands: TestClientCommands | null;
  commandsError: string | null;
}

export type ResendState =
  | { state: 'idle' }
  | { state: 'sending'; exchangeId: string }
  | {
      state: 'done';
      exchangeId: string;
      /** The exchange the resent request made, when the log has it. */
      newId?: string;
      message: string;
      ok: boolean;
      canSendAsIs: boolean;
      /** The edits sent, kept so that "send it unchanged" sends them again. */
      edits?: ResendEdits;
    };

export type KeyCheckState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; result: KeyVerification; token: string }
  | { state: 'error'; message: string };

export type ResignState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; signedWith: string }
  | { state: 'error'; message: string };

export interface ToolsState {
  testClient: TestClientState;
  resend: ResendState;
  /** The exchange set aside to compare with the selected one. */
  compareId: string | null;
  /**
   * The exchange whose request is open in the resend editor. Kept here, not in the detail pane:
   * the pane is laid out anew when the window's layout changes (a panel closing, a resize), and
   * the editor must stay open through that.
   */
  resendEditingId: string | null;
  keySource: 'key' | 'url';
  verifyKeyText: string;
  verifyUrl: string;
  keyCheck: KeyCheckState;
  /** The claims being edited, as JSON text, and the token they came from. */
  resignClaims: string;
  resignFrom: string | null;
  resign: ResignState;
}

export interface ToolsActions {
  setTestClient(patch: Partial<Pick<TestClientState, 'flow' | 'privateKey'>>): void;
  /** Signs in as the test client, then shows its journey in the log with its /token exchange. */
  runTestClient(): Promise<void>;
  loadTestClientCommands(): Promise<void>;
  dismissTestClientRun(): void;
  resendExchange(id: string, assertion?: 'resign' | 'as-is', edits?: ResendEdits): Promise<void>;
  setCompareId(id: string | null): void;
  setResendEditingId(id: string | null): void;
  setKeySource(source: 'key' | 'url'): void;
  setVerifyKeyText(text: string): void;
  setVerifyUrl(url: string): void;
  /** With the URL source and an empty field, `defaultUrl` (the address shown in grey). */
  verifyWithKey(token: string, defaultUrl?: string): Promise<void>;
  /** Starts editing a token's claims (pretty JSON), unless they are already being edited. */
  editClaims(token: string, claims: Record<string, unknown> | null): void;
  setResignClaims(text: string): void;
  /** Re-signs the edited claims and inspects the result as a pasted token. */
  resignToken(key: 'simulator' | 'wrong'): Promise<void>;
  /**
   * Signs an edited header and claims of the pasted token again and shows the result in place
   * (no loading state, so the editor stays). Answers the new token, or why not.
   */
  resignInPlace(
    from: string,
    header: Record<string, unknown>,
    claims: Record<string, unknown>,
    key: 'simulator' | 'wrong',
    /** Called with the new token just before it is shown. */
    onSigned?: (token: string) => void,
  ): Promise<{ ok: true; token: string } | { ok: false; message: string }>;
}
export type ToolsSlice = ToolsState & ToolsActions;

export const initialToolsState = (): ToolsState => ({
  testClient: {
    flow: 'authentication',
    privateKey: '',
    running: false,
    run: null,
    runError: null,
    commands: null,
    commandsError: null,
  },
  resend: { state: 'idle' },
  compareId: null,
  resendEditingId: null,
  keySource: 'url',
  verifyKeyText: '',
  verifyUrl: '',
  keyCheck: { state: 'idle' },
  resignClaims: '',
  resignFrom: null,
  resign: { state: 'idle' },
});

/** Parses edited claims: a JSON object, or why not. */
export function parseClaimsText(
  text: string,
): { ok: true; claims: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      message: `The claims are not valid JSON (${e instanceof Error ? e.message : String(e)}).`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: 'The claims must be a JSON object ({ … }).' };
  return { ok: true, claims: value as Record<string, unknown> };
}

export function createToolsSlice(
  set: SetState,
  get: GetState,
  deps: StoreDeps & { tools: ToolsClient },
): ToolsSlice {
  const { tools } = deps;
  const patchClient = (patch: Partial<TestClientState>) =>
    set((s) => ({ testClient: { ...s.testClient, ...patch } }));
  /** Waits (a few seconds at most) until the live log holds an exchange, then selects it. */
  const selectWhenLogged = (id: string, tries = 30) => {
    if (get().items.some((e) => e.id === id) || tries <= 0) {
      get().selectExchange(id);
      return;
    }
    deps.schedule(() => selectWhenLogged(id, tries - 1), 100);
  };

  return {
    ...initialToolsState(),
    setTestClient: (patch) => patchClient({ ...patch, commands: null, commandsError: null }),
    async runTestClient() {
      const { flow, privateKey } = get().testClient;
      patchClient({ running: true, runError: null });
      const result = await tools.runTestClient(flow, privateKey);
      if (!result.ok) {
        patchClient({ running: false, runError: describeApiError(result.error) });
        return;
      }
      const run = result.value;
      patchClient({ running: false, run });
      // Landing on the journey needs its exchanges in the list: a paused log resumes.
      if (get().paused) get().setPaused(false);
      if (run.journeyId) get().setFilter({ journey: run.journeyId });
      const landing = run.tokenExchangeId ?? run.steps[run.steps.length - 1]?.exchangeId;
      if (landing) selectWhenLogged(landing);
      get().setScreen('log');
    },
    async loadTestClientCommands() {
      const { flow, privateKey } = get().testClient;
      const result = await tools.testClientCommands(flow, privateKey);
      patchClient(
        result.ok
          ? { commands: result.value, commandsError: null }
          : { commands: null, commandsError: describeApiError(result.error) },
      );
    },
    dismissTestClientRun: () => patchClient({ run: null, runError: null }),
    async resendExchange(id, assertion = 'resign', edits) {
      set({ resend: { state: 'sending', exchangeId: id } });
      const result = await tools.resend(id, assertion, edits);
      if (!result.ok) {
        const message = describeApiError(result.error);
        set({
          resend: {
            state: 'done',
            exchangeId: id,
            ok: false,
            message,
            canSendAsIs:
              result.error.kind === 'http' && result.error.status === 409 && /as-is/.test(message),
            ...(edits ? { edits } : {}),
          },
        });
        return;
      }
      const r = result.value;
      const answer = r.error ? r.error : `answered HTTP ${r.status}`;
      const changes = r.changes.length ? ` (${r.changes.join('; ')})` : '';
      set({
        resend: {
          state: 'done',
          exchangeId: id,
          ok: true,
          message: `Sent again: ${answer}${changes}.`,
          canSendAsIs: false,
          ...(r.exchangeId ? { newId: r.exchangeId } : {}),
        },
      });
      if (r.exchangeId) {
        // The copy belongs to no journey of its own: show it beside the original.
        if (get().filter.journey !== null) get().setFilter({ journey: null });
        set({ compareId: id });
        selectWhenLogged(r.exchangeId);
      }
    },
    setCompareId: (compareId) => set({ compareId }),
    setResendEditingId: (resendEditingId) => set({ resendEditingId }),
    setKeySource: (keySource) => set({ keySource, keyCheck: { state: 'idle' } }),
    setVerifyKeyText: (verifyKeyText) => set({ verifyKeyText }),
    setVerifyUrl: (verifyUrl) => set({ verifyUrl }),
    async verifyWithKey(token, defaultUrl) {
      const { keySource, verifyKeyText } = get();
      // An empty URL field means the address it shows in grey (the simulator's own key set).
      const verifyUrl = get().verifyUrl.trim() || (defaultUrl ?? '');
      const source = keySource === 'key' ? { key: verifyKeyText } : { url: verifyUrl };
      if ((keySource === 'key' ? verifyKeyText : verifyUrl).trim() === '') {
        set({
          keyCheck: {
            state: 'error',
            message:
              keySource === 'key'
                ? 'Paste a key first (PEM, JWK or JWKS).'
                : 'Enter a JWKS or DID document URL first.',
          },
        });
        return;
      }
      set({ keyCheck: { state: 'loading' } });
      const result = await tools.verifyToken(token, source);
      set({
        keyCheck: result.ok
          ? { state: 'ready', result: result.value, token }
          : { state: 'error', message: describeApiError(result.error) },
      });
    },
    editClaims(token, claims) {
      if (get().resignFrom === token) return;
      set({
        resignFrom: token,
        resignClaims: claims ? JSON.stringify(claims, null, 2) : '{}',
        resign: { state: 'idle' },
      });
    },
    setResignClaims: (resignClaims) => set({ resignClaims }),
    async resignToken(key) {
      const token = get().resignFrom;
      if (!token) return;
      const parsed = parseClaimsText(get().resignClaims);
      if (!parsed.ok) {
        set({ resign: { state: 'error', message: parsed.message } });
        return;
      }
      set({ resign: { state: 'loading' } });
      const result = await tools.resignToken(token, parsed.claims, key);
      if (!result.ok) {
        set({ resign: { state: 'error', message: describeApiError(result.error) } });
        return;
      }
      set({ resign: { state: 'ready', signedWith: result.value.signedWith } });
      get().setPasteToken(result.value.token);
      await get().inspectPasted();
      // The new token is the one now being edited, so a second edit builds on it.
      set({ resignFrom: result.value.token });
    },
    async resignInPlace(from, header, claims, key, onSigned) {
      // The header travels as the token's first part (the admin API signs with the token's
      // header, setting alg and kid to the key's); the claims as claims.
      const rest = from.split('.').slice(1).join('.');
      const result = await tools.resignToken(
        `${base64url.encode(JSON.stringify(header))}.${rest}`,
        claims,
        key,
      );
      if (!result.ok) return { ok: false, message: describeApiError(result.error) };
      const token = result.value.token;
      onSigned?.(token);
      set({ pasteToken: token });
      const role = get().pasteRole;
      const inspected = await deps.api.inspectToken(token, role === '' ? undefined : role);
      if (get().pasteToken !== token) return { ok: true, token };
      if (!inspected.ok) return { ok: false, message: describeApiError(inspected.error) };
      set({ paste: { state: 'ready', analysis: inspected.value }, inspectorView: 'paste' });
      return { ok: true, token };
    },
  };
}
