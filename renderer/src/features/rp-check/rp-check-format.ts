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

/** A drive setting's field in the window: its label, and the command-line flag that sets it. */
export const DRIVE_FIELD_LABEL = {
  signIn: 'Sign-in address',
  identitySignIn: 'Identity sign-in address',
  signedIn: 'Signed-in page',
  signedInText: 'Signed-in text',
  signOut: 'Sign-out address',
  identityText: 'Identity text',
  reauthenticate: 'Re-authentication address',
} as const;
export type DriveField = keyof typeof DRIVE_FIELD_LABEL;

/** The flags the server's reasons quote (the command line's words), by field. */
export const DRIVE_FIELD_FLAG: Record<DriveField, string> = {
  signIn: '--drive-sign-in',
  identitySignIn: '--drive-identity-sign-in',
  signedIn: '--drive-signed-in',
  signedInText: '--drive-signed-in-text',
  signOut: '--drive-sign-out',
  identityText: '--drive-identity-text',
  reauthenticate: '--drive-reauthenticate',
};

const LABEL_OF_FLAG = new Map<string, string>(
  (Object.keys(DRIVE_FIELD_FLAG) as DriveField[]).map((k) => [
    DRIVE_FIELD_FLAG[k],
    DRIVE_FIELD_LABEL[k],
  ]),
);

/**
 * A reason in the window's words: the command line's flags (and the plan file's keys beside
 * them) become the names of the fields on screen.
 */
export function inWindowWords(text: string): string {
  return text
    .replace(
      /\((--drive-[a-z-]+)(?:, or \w+ in the plan's "service" section)?\)/g,
      (whole, flag: string) => {
        const label = LABEL_OF_FLAG.get(flag);
        return label ? `(“${label}” under Drive my service for me)` : whole;
      },
    )
    .replace(/--drive-[a-z-]+/g, (flag) => {
      const label = LABEL_OF_FLAG.get(flag);
      return label ? `“${label}”` : flag;
    });
}

/** A step's instruction for the tester, or, when the check drives the service, what it does. */
export function instructionFor(instruction: string, driving: boolean): string {
  if (!driving) return instruction;
  const rest = instruction.replace(/^Sign in on your service now/, 'sign in on your service');
  return rest === instruction
    ? `The check does this for you: ${instruction}`
    : `The check does this for you: ${rest}`;
}

/** Where a driven run found the service not answering (the driver's words), if it did. */
export function unreachableIn(reasons: readonly (string | undefined)[]): string | undefined {
  for (const reason of reasons) {
    const m = reason?.match(/could not reach (\S+) \(([^)]+)\)/);
    if (m) return `${m[1]} (${m[2]})`;
  }
  return undefined;
}
