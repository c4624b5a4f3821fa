import type { TestClientFlow } from './test-client-types.js';
import { err, ok, type Result } from '../shared/result.js';
import {
  MAX_KEY_TEXT,
  parsePrivateKeyText,
  type PastedPrivateKey,
} from '../keys/parse-key-text.js';

export const TEST_CLIENT_FLOWS = [
  'authentication',
  'identity',
] as const satisfies readonly TestClientFlow[];

export interface TestClientRequest {
  flow: TestClientFlow;
  /** Absent: the default client key. */
  key?: PastedPrivateKey;
}

const FIELDS = ['flow', 'privateKey'];

/**
 * The body of POST /_simulator/api/test-client/run and …/commands:
 * {"flow": "authentication" | "identity", "privateKey"?: "<PEM or JWK>"}. Anything else is
 * refused with one line naming the field.
 */
export function parseTestClientRequest(body: unknown): Result<TestClientRequest, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return err(
      'Send a JSON object: {"flow": "authentication" | "identity", "privateKey"?: "<PEM or JWK>"}',
    );
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).find((k) => !FIELDS.includes(k));
  if (unknown !== undefined)
    return err(`Unknown field ${JSON.stringify(unknown)}; the fields are flow and privateKey`);
  const { flow, privateKey } = record;
  if (typeof flow !== 'string' || !(TEST_CLIENT_FLOWS as readonly string[]).includes(flow))
    return err(`flow must be one of: ${TEST_CLIENT_FLOWS.join(', ')}`);
  const request: TestClientRequest = { flow: flow as TestClientFlow };
  if (privateKey === undefined || privateKey === null) return ok(request);
  if (typeof privateKey !== 'string')
    return err('privateKey must be a string (a PEM private key or a private JWK as JSON text)');
  if (privateKey.trim() === '') return ok(request);
  if (privateKey.length > MAX_KEY_TEXT)
    return err(`privateKey must be at most ${MAX_KEY_TEXT} characters`);
  const key = parsePrivateKeyText(privateKey);
  if (!key.ok) return err(`privateKey: ${key.error}`);
  request.key = key.value;
  return ok(request);
}
