import { describe, expect, it } from 'vitest';
import { authorizeScenario } from './authorize-scenario.js';
import { tokenScenario } from './token-scenario.js';
import { userInfoScenario } from './userinfo-scenario.js';

const plain = { identity: false, returnCodes: false, reauthentication: false };

describe('authorizeScenario', () => {
  it('answers each switch with the documented code, status and description', () => {
    const pick = (name: string, facts = plain) => authorizeScenario([name], facts)?.error;
    expect(pick('UNAUTHORIZED_CLIENT')).toMatchObject({
      code: 'unauthorized_client',
      status: 302,
      description: 'client deactivated',
    });
    expect(pick('SERVER_ERROR')).toMatchObject({
      code: 'server_error',
      status: 500,
      redirectable: false,
    });
    expect(pick('TEMPORARILY_UNAVAILABLE')).toMatchObject({
      code: 'temporarily_unavailable',
      description: '',
    });
    expect(pick('ACCESS_DENIED')?.code).toBe('access_denied');
  });

  it('limits the variants to the requests they belong to', () => {
    const identity = { ...plain, identity: true };
    expect(authorizeScenario(['TEMPORARILY_UNAVAILABLE_IDENTITY'], plain)).toBeNull();
    expect(authorizeScenario(['TEMPORARILY_UNAVAILABLE_IDENTITY'], identity)?.error.code).toBe(
      'temporarily_unavailable',
    );
    expect(authorizeScenario(['ACCESS_DENIED_EVIDENCE'], plain)).toBeNull();
    expect(authorizeScenario(['ACCESS_DENIED_EVIDENCE'], identity)?.error.code).toBe(
      'access_denied',
    );
    // Not raised when return codes are used.
    expect(
      authorizeScenario(['ACCESS_DENIED_EVIDENCE'], { ...identity, returnCodes: true }),
    ).toBeNull();
    expect(authorizeScenario(['LOGIN_REQUIRED'], plain)).toBeNull();
    expect(
      authorizeScenario(['LOGIN_REQUIRED'], { ...plain, reauthentication: true })?.error.code,
    ).toBe('login_required');
  });

  it('keeps the public precedence: ACCESS_DENIED over TEMPORARILY_UNAVAILABLE', () => {
    expect(authorizeScenario(['TEMPORARILY_UNAVAILABLE', 'ACCESS_DENIED'], plain)?.name).toBe(
      'ACCESS_DENIED',
    );
    expect(authorizeScenario(['ACCESS_DENIED', 'UNAUTHORIZED_CLIENT'], plain)?.name).toBe(
      'UNAUTHORIZED_CLIENT',
    );
    expect(authorizeScenario([], plain)).toBeNull();
    expect(authorizeScenario(['NOPE'], plain)).toBeNull();
  });
});

describe('tokenScenario', () => {
  it('answers client errors before authentication and grant errors after', () => {
    expect(tokenScenario(['INVALID_CLIENT'], 'before-client-auth')?.error).toMatchObject({
      code: 'invalid_client',
      status: 400,
    });
    expect(tokenScenario(['INVALID_CLIENT'], 'after-client-auth')).toBeNull();
    expect(tokenScenario(['INVALID_GRANT'], 'after-client-auth')?.error.code).toBe('invalid_grant');
    expect(tokenScenario(['UNAUTHORIZED_CLIENT'], 'after-client-auth')?.error).toMatchObject({
      code: 'unauthorized_client',
      status: 400,
    });
    expect(tokenScenario(['SERVER_ERROR'], 'before-client-auth')?.error.status).toBe(500);
  });
});

describe('userInfoScenario', () => {
  it('answers invalid_token as an expired token, and server_error with a 5xx', () => {
    expect(userInfoScenario(['INVALID_TOKEN'])?.error).toMatchObject({
      code: 'invalid_token',
      status: 401,
      description: 'Invalid access token',
    });
    expect(userInfoScenario(['INVALID_TOKEN', 'SERVER_ERROR'])?.error.status).toBe(500);
    expect(userInfoScenario([])).toBeNull();
  });
});
