import type { StepKind, StepStatus } from '../../../../server/src/contract.js';

export const STATUS_LABEL: Record<StepStatus, string> = {
  pending: 'To do',
  observing: 'Watching',
  waiting: 'Your verdict',
  passed: 'Passed',
  failed: 'Failed',
  skipped: 'Skipped',
  'not-judged': 'Not judged',
};

export const STATUS_TONE: Record<StepStatus, string> = {
  pending: '',
  observing: 'chip-accent',
  waiting: 'chip-warn',
  passed: 'chip-ok',
  failed: 'chip-bad',
  skipped: '',
  'not-judged': 'chip-warn',
};

export const KIND_LABEL: Record<StepKind, string> = {
  'sign-in': 'Sign-in',
  'id-token-defect': 'ID token defect',
  'authorize-error': 'Authorisation error',
  'token-error': 'Token error',
  'userinfo-error': 'Userinfo error',
  'key-rotation': 'Key rotation',
  'jwks-outage': 'Key set outage',
  'core-identity-defect': 'Core identity defect',
};
