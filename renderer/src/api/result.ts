import type { Result as ValueOrFailure } from '../../../server/src/shared/result.js';

export { ok, err } from '../../../server/src/shared/result.js';

/** A value or a reason, never an exception: every call in src/api/ answers one of these. */
export type Result<T, E = ApiError> = ValueOrFailure<T, E>;

/** Why a call to the simulator failed. */
export type ApiError =
  | { kind: 'network'; message: string }
  | { kind: 'http'; status: number; message: string }
  | { kind: 'invalid'; status: number; message: string; issues: FieldIssue[] }
  | { kind: 'unexpected'; message: string };

/** One refused field: a dotted path such as `responseConfiguration.email` and the reason. */
export interface FieldIssue {
  path: string;
  message: string;
}

export function describeApiError(error: ApiError): string {
  switch (error.kind) {
    case 'network':
      return `The simulator cannot be reached (${error.message}).`;
    case 'http':
      return `The simulator answered ${error.status}: ${error.message}`;
    case 'invalid':
      return error.issues.length === 1
        ? `1 field was refused: ${error.issues[0]?.path} ${error.issues[0]?.message}`
        : `${error.issues.length} fields were refused.`;
    case 'unexpected':
      return error.message;
  }
}
