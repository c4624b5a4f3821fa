import type {
  KeyVerification,
  ResendResult,
  ResignedToken,
  TestClientCommands,
  TestClientFlow,
  TestClientRun,
} from '../../../server/src/contract.js';
import { ADMIN_API, createApiCall, isRecord, type FetchLike } from './admin-client.js';
import type { Result } from './result.js';

/** Where the key to verify with comes from: pasted text (PEM, JWK or JWKS) or a JWKS/DID URL. */
export type VerifyKeySource = { key: string } | { url: string };

/** What the tester changed before sending a logged request again; each replaces the original. */
export interface ResendEdits {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
}

/** The tester's tools: the built-in test client, resend, verify with a key, re-sign. */
export interface ToolsClient {
  runTestClient(flow: TestClientFlow, privateKey?: string): Promise<Result<TestClientRun>>;
  testClientCommands(
    flow: TestClientFlow,
    privateKey?: string,
  ): Promise<Result<TestClientCommands>>;
  resend(
    exchangeId: string,
    assertion?: 'resign' | 'as-is',
    edits?: ResendEdits,
  ): Promise<Result<ResendResult>>;
  verifyToken(token: string, source: VerifyKeySource): Promise<Result<KeyVerification>>;
  resignToken(
    token: string,
    claims: Record<string, unknown>,
    key: 'simulator' | 'wrong',
  ): Promise<Result<ResignedToken>>;
}

const isRun = (b: unknown): b is TestClientRun =>
  isRecord(b) && typeof b.outcome === 'string' && Array.isArray(b.steps) && Array.isArray(b.checks);
const isCommands = (b: unknown): b is TestClientCommands =>
  isRecord(b) && typeof b.authorizeUrl === 'string' && Array.isArray(b.curl);
const isResend = (b: unknown): b is ResendResult =>
  isRecord(b) && typeof b.status === 'number' && Array.isArray(b.changes);
const isVerification = (b: unknown): b is KeyVerification =>
  isRecord(b) && typeof b.ok === 'boolean' && typeof b.detail === 'string';
const isResigned = (b: unknown): b is ResignedToken => isRecord(b) && typeof b.token === 'string';

export function createToolsClient(fetchImpl: FetchLike = (i, init) => fetch(i, init)): ToolsClient {
  const call = createApiCall(fetchImpl);
  const flowBody = (flow: TestClientFlow, privateKey?: string) =>
    privateKey && privateKey.trim() !== '' ? { flow, privateKey } : { flow };
  return {
    runTestClient: (flow, privateKey) =>
      call(
        `${ADMIN_API}/test-client/run`,
        { method: 'POST', json: flowBody(flow, privateKey) },
        isRun,
      ),
    testClientCommands: (flow, privateKey) =>
      call(
        `${ADMIN_API}/test-client/commands`,
        { method: 'POST', json: flowBody(flow, privateKey) },
        isCommands,
      ),
    resend: (id, assertion = 'resign', edits) =>
      call(
        `${ADMIN_API}/exchanges/${encodeURIComponent(id)}/resend`,
        { method: 'POST', json: { assertion, ...edits } },
        isResend,
      ),
    verifyToken: (token, source) =>
      call(
        `${ADMIN_API}/tokens/verify`,
        { method: 'POST', json: { token, ...source } },
        isVerification,
      ),
    resignToken: (token, claims, key) =>
      call(
        `${ADMIN_API}/tokens/resign`,
        { method: 'POST', json: { token, claims, key } },
        isResigned,
      ),
  };
}
