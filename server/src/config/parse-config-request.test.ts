import { describe, expect, it } from 'vitest';
import { VOCAB_URL } from './config-types.js';
import { defaultConfig } from './defaults.js';
import {
  applyConfigPatch,
  checkConfigConsistency,
  parseConfigRequest,
  parseFlag,
  trimTrailingSlash,
} from './parse-config-request.js';

const parsed = (body: unknown) => {
  const r = parseConfigRequest(body);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};
const issuePaths = (body: unknown) => {
  const r = parseConfigRequest(body);
  if (r.ok) throw new Error('expected issues');
  return r.error.map((i) => i.path);
};

describe('parseConfigRequest', () => {
  it('an empty body: only the (cleared) error configuration', () => {
    expect(parsed({})).toEqual({
      errorConfiguration: {
        coreIdentityErrors: [],
        idTokenErrors: [],
        authoriseErrors: [],
        tokenErrors: [],
        userInfoErrors: [],
        faults: [],
      },
    });
  });

  it('keeps valid fields of each section and ignores unknown nested keys', () => {
    const p = parsed({
      clientConfiguration: { clientId: 'c', scopes: ['openid'], nope: 1 },
      responseConfiguration: { sub: 's', phoneNumber: null },
      simulatorUrl: 'http://localhost:9999/',
    });
    expect(p.clientConfiguration).toEqual({ clientId: 'c', scopes: ['openid'] });
    expect(p.responseConfiguration).toEqual({ sub: 's', phoneNumber: null });
    expect(p.simulatorUrl).toBe('http://localhost:9999');
  });

  it('normalises a bare PEM body and drops a null jwksUrl', () => {
    const pem = defaultConfig().clientConfiguration.publicKey;
    const body = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const p = parsed({ clientConfiguration: { publicKey: body, jwksUrl: null } });
    expect(p.clientConfiguration?.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const withJwks = defaultConfig();
    withJwks.clientConfiguration.jwksUrl = 'https://rp.example/jwks';
    const applied = applyConfigPatch(withJwks, p);
    expect(applied.ok && applied.value.clientConfiguration).not.toHaveProperty('jwksUrl');
  });

  it('maps the GET names of the flags to the POST names', () => {
    const p = parsed({
      publishNewIdTokenKeysEnabled: true,
      usingNewIdTokenSigningKeys: 'false',
      publishNewCoreIdentityKeysEnabled: 'true',
      usingNewCoreIdentitySigningKeys: false,
      interactiveMode: true,
    });
    expect(p).toMatchObject({
      publishNewIdTokenSigningKeys: true,
      useNewIdTokenSigningKeys: false,
      publishNewCoreIdentitySigningKeys: true,
      useNewCoreIdentitySigningKeys: false,
      interactiveMode: true,
    });
  });

  it('error lists: unknown names dropped, null or missing lists empty', () => {
    expect(
      parsed({ errorConfiguration: { idTokenErrors: ['INVALID_ISS', 'X'], authoriseErrors: null } })
        .errorConfiguration,
    ).toEqual({
      coreIdentityErrors: [],
      idTokenErrors: ['INVALID_ISS'],
      authoriseErrors: [],
      tokenErrors: [],
      userInfoErrors: [],
      faults: [],
    });
  });

  it.each([
    [null, ['']],
    [[], ['']],
    ['x', ['']],
    [5, ['']],
    [{ bogus: 1, other: 2 }, ['bogus', 'other']],
    [{ clientConfiguration: 'x' }, ['clientConfiguration']],
    [{ responseConfiguration: [] }, ['responseConfiguration']],
    [{ errorConfiguration: null }, ['errorConfiguration']],
    [
      { errorConfiguration: { idTokenErrors: 'INVALID_ISS' } },
      ['errorConfiguration.idTokenErrors'],
    ],
    [
      { errorConfiguration: { coreIdentityErrors: [1] } },
      ['errorConfiguration.coreIdentityErrors'],
    ],
    [{ simulatorUrl: 'x' }, ['simulatorUrl']],
    [{ simulatorUrl: null }, ['simulatorUrl']],
    [{ publishNewIdTokenSigningKeys: 1 }, ['publishNewIdTokenSigningKeys']],
    [{ interactiveMode: 'yes' }, ['interactiveMode']],
    [
      { clientConfiguration: { scopes: ['x'], clientId: '' } },
      ['clientConfiguration.clientId', 'clientConfiguration.scopes'],
    ],
    [{ responseConfiguration: { maxLoCAchieved: 'P5' } }, ['responseConfiguration.maxLoCAchieved']],
    [{ errorConfiguration: { tokenErrors: 'INVALID_GRANT' } }, ['errorConfiguration.tokenErrors']],
    [{ errorConfiguration: { userInfoErrors: [{}] } }, ['errorConfiguration.userInfoErrors']],
    [{ errorConfiguration: { faults: {} } }, ['errorConfiguration.faults']],
    [{ errorConfiguration: { faults: 'jwks' } }, ['errorConfiguration.faults']],
    [{ errorConfiguration: { faults: [null] } }, ['errorConfiguration.faults[0]']],
    [{ errorConfiguration: { faults: [[1]] } }, ['errorConfiguration.faults[0]']],
    [
      { errorConfiguration: { faults: [{ target: 'nope', kind: 'drop' }] } },
      ['errorConfiguration.faults[0].target'],
    ],
    [
      { errorConfiguration: { faults: [{ target: 'jwks', kind: 'explode' }] } },
      ['errorConfiguration.faults[0].kind'],
    ],
    [
      { errorConfiguration: { faults: [{ target: 'jwks', kind: 'latency', ms: -1 }] } },
      ['errorConfiguration.faults[0].ms'],
    ],
    [
      { errorConfiguration: { faults: [{ target: 'jwks', kind: 'latency', ms: '100' }] } },
      ['errorConfiguration.faults[0].ms'],
    ],
    [
      { errorConfiguration: { faults: [{ target: 'jwks', kind: 'outage', status: 404 }] } },
      ['errorConfiguration.faults[0].status'],
    ],
    [
      { errorConfiguration: { faults: [{ target: 'jwks', kind: 'outage', status: 600 }] } },
      ['errorConfiguration.faults[0].status'],
    ],
    [
      { errorConfiguration: { faults: [{ target: 'jwks', kind: 'outage' }] } },
      ['errorConfiguration.faults[0].status'],
    ],
    [
      { errorConfiguration: { faults: [{ target: 'did', kind: 'drop', requests: 0 }] } },
      ['errorConfiguration.faults[0].requests'],
    ],
    [
      { errorConfiguration: { faults: [{ target: 'did', kind: 'drop', requests: 1.5 }] } },
      ['errorConfiguration.faults[0].requests'],
    ],
    [
      { errorConfiguration: { faults: [{ target: 'did', kind: 'drop', status: 500 }] } },
      ['errorConfiguration.faults[0].status'],
    ],
    [
      {
        errorConfiguration: {
          faults: [
            { target: 'token', kind: 'drop' },
            { target: 'token', kind: 'outage', status: 500 },
          ],
        },
      },
      ['errorConfiguration.faults[1]'],
    ],
    [{ retireOldIdTokenSigningKeys: 'yes' }, ['retireOldIdTokenSigningKeys']],
    [{ retireOldCoreIdentitySigningKeys: 1 }, ['retireOldCoreIdentitySigningKeys']],
  ])('%j → issues at %j', (body, paths) => {
    expect(issuePaths(body).sort()).toEqual([...paths].sort());
  });

  it('issues carry the refused value and a message', () => {
    const r = parseConfigRequest({ clientConfiguration: { clientId: 5 } });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toEqual([
        { path: 'clientConfiguration.clientId', message: 'must be a string', value: 5 },
      ]);
  });
});

describe('applyConfigPatch', () => {
  const base = defaultConfig();

  it('merges per field; arrays replace; the error configuration is replaced', () => {
    const current = {
      ...base,
      errorConfiguration: { ...base.errorConfiguration, idTokenErrors: ['INVALID_ISS'] },
    };
    const r = applyConfigPatch(current, parsed({ clientConfiguration: { scopes: ['openid'] } }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.clientConfiguration.scopes).toEqual(['openid']);
    expect(r.value.clientConfiguration.clientId).toBe(base.clientConfiguration.clientId);
    expect(r.value.errorConfiguration.idTokenErrors).toEqual([]);
    expect(r.value.simulatorUrl).toBe(base.simulatorUrl);
  });

  it('does not change the configuration it is given', () => {
    const copy = structuredClone(base);
    applyConfigPatch(
      base,
      parsed({ clientConfiguration: { clientId: 'x' }, simulatorUrl: 'http://a.example' }),
    );
    expect(base).toEqual(copy);
  });

  it('refuses use without publish, for both key kinds', () => {
    const id = applyConfigPatch(base, parsed({ useNewIdTokenSigningKeys: true }));
    expect(!id.ok && id.error.map((i) => i.path)).toEqual(['useNewIdTokenSigningKeys']);
    const core = applyConfigPatch(base, parsed({ useNewCoreIdentitySigningKeys: true }));
    expect(!core.ok && core.error.map((i) => i.path)).toEqual(['useNewCoreIdentitySigningKeys']);
    expect(
      applyConfigPatch(
        base,
        parsed({ publishNewIdTokenSigningKeys: true, useNewIdTokenSigningKeys: true }),
      ).ok,
    ).toBe(true);
  });
});

describe('checkConfigConsistency', () => {
  it('the defaults are consistent', () =>
    expect(checkConfigConsistency(defaultConfig())).toEqual([]));

  it('JWKS needs a jwksUrl', () => {
    const c = defaultConfig();
    c.clientConfiguration.publicKeySource = 'JWKS';
    expect(checkConfigConsistency(c).map((i) => i.path)).toEqual(['clientConfiguration.jwksUrl']);
    c.clientConfiguration.jwksUrl = 'https://rp.example/jwks';
    expect(checkConfigConsistency(c)).toEqual([]);
  });

  it('unpublishing while in use is inconsistent', () => {
    const c = {
      ...defaultConfig(),
      usingNewIdTokenSigningKeys: true,
      usingNewCoreIdentitySigningKeys: true,
    };
    expect(checkConfigConsistency(c).map((i) => i.path)).toEqual([
      'useNewIdTokenSigningKeys',
      'useNewCoreIdentitySigningKeys',
    ]);
  });
});

describe('parseFlag and trimTrailingSlash', () => {
  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
    ['1', null],
    [1, null],
    ['TRUE', null],
    [null, null],
  ])('parseFlag(%j) → %j', (v, out) => expect(parseFlag(v)).toBe(out));

  it.each([
    ['http://a.example/', 'http://a.example'],
    ['http://a.example//', 'http://a.example'],
    ['http://a.example/x', 'http://a.example/x'],
  ])('trimTrailingSlash(%s)', (a, b) => expect(trimTrailingSlash(a)).toBe(b));
});

describe('a whole GET body posts back', () => {
  it('parses without issues', () => {
    const body = JSON.parse(JSON.stringify(defaultConfig())) as unknown;
    const p = parsed(body);
    expect(p.clientConfiguration?.claims).toContain(`${VOCAB_URL}/v1/address`);
  });
});
