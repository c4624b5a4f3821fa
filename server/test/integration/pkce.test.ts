/**
 * PKCE (our rule): a per-client flag (pkceEnforced / PKCE_ENABLED) makes the challenge and the
 * method mandatory; whenever a challenge is sent the method must be S256 and /token checks the
 * verifier, enforced or not. Discovery advertises S256 only while enforced.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { configFromEnv } from '../../src/config/from-env.js';
import {
  authorize,
  configure,
  exchange,
  expectRedirectError,
  expectStillServing,
  expectTokenError,
  getCode,
  harness,
  type Harness,
} from '../helpers/protocol.js';
import { pkcePair } from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

const MESSAGES = {
  challenge: 'Invalid value for code_challenge parameter.',
  missingMethod:
    'Request is missing code_challenge_method parameter. code_challenge_method is required when code_challenge is present.',
  method: 'Invalid value for code_challenge_method parameter.',
};
const PKCE_FAILED = 'PKCE code verification failed';

const invalid = (description: string) => ({
  error: 'invalid_request',
  description,
  state: 'state-1',
});

describe('not enforced (default)', () => {
  it('needs no challenge and no verifier', async () => {
    const code = await getCode(h);
    expect((await exchange(h, code)).status).toBe(200);
  });

  it('a challenge sent anyway is checked at /token: right verifier → 200', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await getCode(h, { code_challenge: challenge, code_challenge_method: 'S256' });
    const res = await exchange(h, code, { code_verifier: verifier });
    expect(res.status).toBe(200);
  });

  it('a challenge sent anyway is checked at /token: missing or wrong verifier → invalid_grant', async () => {
    const { challenge } = pkcePair();
    for (const code_verifier of [undefined, pkcePair().verifier, 'short', 'x'.repeat(129), '']) {
      const code = await getCode(h, { code_challenge: challenge, code_challenge_method: 'S256' });
      expectTokenError(await exchange(h, code, { code_verifier }), 'invalid_grant', PKCE_FAILED);
    }
    await expectStillServing(h.app, h.clock);
  });

  it('a verifier without a challenge at /authorize → invalid_grant', async () => {
    const code = await getCode(h);
    expectTokenError(
      await exchange(h, code, { code_verifier: pkcePair().verifier }),
      'invalid_grant',
      PKCE_FAILED,
    );
  });

  it('a challenge without a method → missing method error', async () => {
    expectRedirectError(
      await authorize(h, { code_challenge: pkcePair().challenge }),
      invalid(MESSAGES.missingMethod),
    );
  });

  it('method plain, or anything but S256, is refused', async () => {
    for (const code_challenge_method of ['plain', 's256', 'S512', 'none'])
      expectRedirectError(
        await authorize(h, { code_challenge: pkcePair().challenge, code_challenge_method }),
        invalid(MESSAGES.method),
      );
  });

  it('a malformed challenge is refused', async () => {
    for (const code_challenge of [
      '',
      'short',
      'x'.repeat(42),
      'x'.repeat(129),
      `${'a'.repeat(42)}!`,
    ])
      expectRedirectError(
        await authorize(h, { code_challenge, code_challenge_method: 'S256' }),
        invalid(MESSAGES.challenge),
      );
  });

  it('a method alone (no challenge) is harmless', async () => {
    const code = await getCode(h, { code_challenge_method: 'S256' });
    expect((await exchange(h, code)).status).toBe(200);
  });

  it('discovery does not advertise code_challenge_methods_supported', async () => {
    const res = await request(h.app).get('/.well-known/openid-configuration');
    expect(res.body).not.toHaveProperty('code_challenge_methods_supported');
  });
});

describe('enforced (pkceEnforced: true)', () => {
  beforeEach(() => configure(h, { clientConfiguration: { pkceEnforced: true } }));

  it('requires a challenge', async () => {
    expectRedirectError(await authorize(h), invalid(MESSAGES.challenge));
    expectRedirectError(
      await authorize(h, { code_challenge_method: 'S256' }),
      invalid(MESSAGES.challenge),
    );
    await expectStillServing(h.app, h.clock);
  });

  it('requires the method', async () => {
    expectRedirectError(
      await authorize(h, { code_challenge: pkcePair().challenge }),
      invalid(MESSAGES.missingMethod),
    );
    expectRedirectError(
      await authorize(h, { code_challenge: pkcePair().challenge, code_challenge_method: '' }),
      invalid(MESSAGES.missingMethod),
    );
  });

  it('refuses plain', async () => {
    expectRedirectError(
      await authorize(h, { code_challenge: pkcePair().challenge, code_challenge_method: 'plain' }),
      invalid(MESSAGES.method),
    );
  });

  it('right verifier → 200; wrong or missing → invalid_grant "PKCE code verification failed"', async () => {
    const { verifier, challenge } = pkcePair();
    const ok = await getCode(h, { code_challenge: challenge, code_challenge_method: 'S256' });
    const res = await exchange(h, ok, { code_verifier: verifier });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');

    const wrong = await getCode(h, { code_challenge: challenge, code_challenge_method: 'S256' });
    expectTokenError(
      await exchange(h, wrong, { code_verifier: pkcePair().verifier }),
      'invalid_grant',
      PKCE_FAILED,
    );
    const missing = await getCode(h, { code_challenge: challenge, code_challenge_method: 'S256' });
    expectTokenError(await exchange(h, missing), 'invalid_grant', PKCE_FAILED);
  });

  it('the challenge itself is not a valid verifier (S256 only)', async () => {
    const { challenge } = pkcePair();
    const code = await getCode(h, { code_challenge: challenge, code_challenge_method: 'S256' });
    expectTokenError(
      await exchange(h, code, { code_verifier: challenge }),
      'invalid_grant',
      PKCE_FAILED,
    );
  });

  it('a failed verification uses the code up', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await getCode(h, { code_challenge: challenge, code_challenge_method: 'S256' });
    expectTokenError(
      await exchange(h, code, { code_verifier: 'y'.repeat(43) }),
      'invalid_grant',
      PKCE_FAILED,
    );
    expectTokenError(
      await exchange(h, code, { code_verifier: verifier }),
      'invalid_grant',
      'Invalid grant',
    );
  });

  it('PKCE is checked after max_age and before prompt=select_account', async () => {
    expectRedirectError(
      await authorize(h, { max_age: '-3' }),
      invalid('Max age is negative in query params'),
    );
    expectRedirectError(
      await authorize(h, { prompt: 'select_account' }),
      invalid(MESSAGES.challenge),
    );
  });

  it('discovery advertises S256', async () => {
    const res = await request(h.app).get('/.well-known/openid-configuration');
    expect(res.body.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('switching enforcement off again restores plain flows', async () => {
    configure(h, { clientConfiguration: { pkceEnforced: false } });
    const code = await getCode(h);
    expect((await exchange(h, code)).status).toBe(200);
  });
});

describe('PKCE_ENABLED', () => {
  it('true enforces PKCE from the start', async () => {
    const env = configFromEnv({ PKCE_ENABLED: 'true' });
    if (!env.ok) throw new Error(JSON.stringify(env.error));
    const sim = await harness({ config: env.value.config });
    expectRedirectError(await authorize(sim), invalid(MESSAGES.challenge));
    const { verifier, challenge } = pkcePair();
    const code = await getCode(sim, { code_challenge: challenge, code_challenge_method: 'S256' });
    expect((await exchange(sim, code, { code_verifier: verifier })).status).toBe(200);
    await expectStillServing(sim.app, sim.clock);
  });
});
