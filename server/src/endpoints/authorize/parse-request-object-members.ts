import type { JWTPayload } from 'jose';
import { err, ok, type Result } from '../../shared/result.js';

/** Members of a request object that must be text when present. */
const TEXT_MEMBERS = [
  'iss',
  'client_id',
  'response_type',
  'scope',
  'redirect_uri',
  'response_mode',
  'state',
  'nonce',
  'ui_locales',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'login_hint',
  'channel',
  'request',
  'request_uri',
] as const;

const isText = (v: unknown): v is string => typeof v === 'string';
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isText);

/** What each typed member may be; the first that does not fit is named in the refusal. */
const MEMBER_RULES: Readonly<Record<string, { test: (v: unknown) => boolean; expect: string }>> = {
  ...Object.fromEntries(TEXT_MEMBERS.map((name) => [name, { test: isText, expect: 'a string' }])),
  aud: { test: (v) => isText(v) || isTextList(v), expect: 'a string or an array of strings' },
  max_age: {
    test: (v) => isText(v) || (typeof v === 'number' && Number.isFinite(v)),
    expect: 'a number',
  },
};

/**
 * The type check of a verified request object's members: every member the simulator reads as
 * text or a number is of that type, or the member is named ("max_age must be a number"). Values
 * are left as they are; later checks judge them. vtr and claims take several shapes and keep
 * their own refusals ("Request vtr not valid", "Request contains invalid claims").
 */
export function parseRequestObjectMembers(claims: JWTPayload): Result<JWTPayload, string> {
  for (const [name, rule] of Object.entries(MEMBER_RULES)) {
    const value: unknown = claims[name];
    if (value !== undefined && value !== null && !rule.test(value))
      return err(`${name} must be ${rule.expect}`);
  }
  return ok(claims);
}
