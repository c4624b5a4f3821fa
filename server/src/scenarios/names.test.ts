import { describe, expect, it } from 'vitest';
import {
  AUTHORISE_ERRORS,
  CORE_IDENTITY_ERRORS,
  ID_TOKEN_ERRORS,
  keepAuthoriseErrors,
  keepCoreIdentityErrors,
  keepIdTokenErrors,
  TOKEN_ERRORS,
  USER_INFO_ERRORS,
} from './names.js';

describe('scenario names', () => {
  it('are the documented lists', () => {
    expect([...AUTHORISE_ERRORS]).toEqual([
      'ACCESS_DENIED',
      'TEMPORARILY_UNAVAILABLE',
      'UNAUTHORIZED_CLIENT',
      'SERVER_ERROR',
      'TEMPORARILY_UNAVAILABLE_IDENTITY',
      'ACCESS_DENIED_EVIDENCE',
      'LOGIN_REQUIRED',
    ]);
    expect([...TOKEN_ERRORS]).toEqual([
      'INVALID_GRANT',
      'INVALID_CLIENT',
      'UNAUTHORIZED_CLIENT',
      'SERVER_ERROR',
    ]);
    expect([...USER_INFO_ERRORS]).toEqual(['INVALID_TOKEN', 'SERVER_ERROR']);
    expect([...ID_TOKEN_ERRORS]).toEqual([
      'INCORRECT_VOT',
      'INVALID_ALG_HEADER',
      'INVALID_AUD',
      'INVALID_ISS',
      'INVALID_SIGNATURE',
      'NONCE_NOT_MATCHING',
      'TOKEN_EXPIRED',
      'TOKEN_NOT_VALID_YET',
    ]);
    expect([...CORE_IDENTITY_ERRORS]).toEqual([
      'INCORRECT_SUB',
      'INVALID_ALG_HEADER',
      'INVALID_AUD',
      'INVALID_ISS',
      'INVALID_SIGNATURE',
      'TOKEN_EXPIRED',
    ]);
  });

  it('keep* drops unknown names, non-strings and duplicates, keeping order', () => {
    expect(
      keepIdTokenErrors([
        'INVALID_ISS',
        'x',
        5,
        null,
        'INVALid_AUD',
        'INVALID_ISS',
        'TOKEN_EXPIRED',
      ]),
    ).toEqual(['INVALID_ISS', 'TOKEN_EXPIRED']);
    expect(
      keepCoreIdentityErrors(['NONCE_NOT_MATCHING', 'INCORRECT_SUB', 'INCORRECT_VOT']),
    ).toEqual(['INCORRECT_SUB']);
    expect(keepAuthoriseErrors(['TEMPORARILY_UNAVAILABLE', 'ACCESS_DENIED', {}])).toEqual([
      'TEMPORARILY_UNAVAILABLE',
      'ACCESS_DENIED',
    ]);
    expect(keepAuthoriseErrors([])).toEqual([]);
  });
});
