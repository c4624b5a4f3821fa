import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import type { TokenAnalysis } from '../../src/analysis/analysis-types.js';
import { defaultConfig } from '../helpers/test-simulator.js';
import { IDENTITY_CLAIMS_REQUEST } from '../helpers/relying-party.js';
import { harness, signInWithUserinfo, type Harness } from '../helpers/protocol.js';

const API = '/_simulator/api';
const harnesses: Harness[] = [];
afterEach(() => {
  for (const h of harnesses.splice(0)) h.simulator.close();
});

async function fresh(): Promise<Harness> {
  const h = await harness();
  harnesses.push(h);
  return h;
}

/** A configuration whose user has a birth date of 45 Thirteenember and an address with "<". */
function implausible(): SimulatorConfig {
  const config = defaultConfig();
  const response = config.responseConfiguration;
  const vc = response.coreIdentityVerifiableCredentials as {
    credentialSubject: { birthDate: { value: string }[] };
  };
  vc.credentialSubject.birthDate = [{ value: '1985-13-45' }];
  response.phoneNumber = '+447700900000';
  response.postalAddressDetails = [
    { buildingNumber: '8', streetName: 'Hadley <Road>', validFrom: '2019-01-01' },
  ];
  return config;
}

describe('implausible values are accepted, with warnings', () => {
  it('POST /config accepts them; the validate endpoint warns at each field', async () => {
    const h = await fresh();
    const config = implausible();
    const posted = await request(h.app).post('/config').send(config);
    expect(posted.status).toBe(200);
    const res = await request(h.app).post(`${API}/config/validate`).send(config);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.warnings).toEqual([
      {
        path: 'responseConfiguration.coreIdentityVerifiableCredentials',
        message:
          'birthDate item 0: value "1985-13-45" is not an ISO 8601 date (YYYY-MM-DD); the provider always sends one',
      },
      {
        path: 'responseConfiguration.postalAddressDetails',
        message: expect.stringContaining('item 0 streetName: "Hadley <Road>" has characters'),
      },
    ]);
  });

  it('warns about the response fields even when something else is refused', async () => {
    const h = await fresh();
    const config = implausible() as unknown as Record<string, unknown>;
    (config.clientConfiguration as Record<string, unknown>).pkceEnforced = 'yes';
    const res = await request(h.app).post(`${API}/config/validate`).send(config);
    expect(res.body.ok).toBe(false);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(
      'clientConfiguration.pkceEnforced',
    );
    expect(res.body.warnings).toHaveLength(2);
  });

  it('answers bad bodies with issues and no warnings, and keeps serving', async () => {
    const h = await fresh();
    const before = (await request(h.app).get('/config')).body;
    for (const body of [
      [],
      42,
      null,
      'text',
      { responseConfiguration: [] },
      { responseConfiguration: 5 },
      { responseConfiguration: null },
      { responseConfiguration: { postalAddressDetails: { validFrom: '2019-05-05' } } },
      { responseConfiguration: { phoneNumber: ['+44'], returnCodes: [{ code: { x: 1 } }] } },
    ]) {
      const res = await request(h.app)
        .post(`${API}/config/validate`)
        .set('content-type', 'application/json')
        .send(JSON.stringify(body));
      expect([200, 400], JSON.stringify(body)).toContain(res.status);
      if (res.status === 200) {
        expect(res.body.ok, JSON.stringify(body)).toBe(false);
        expect(res.body.warnings, JSON.stringify(body)).toEqual([]);
      }
    }
    expect((await request(h.app).get('/config')).body).toEqual(before);
    expect((await request(h.app).get('/.well-known/openid-configuration')).status).toBe(200);
  });

  it('the inspector warns about an issued core identity JWT carrying such a birth date', async () => {
    const h = await fresh();
    await request(h.app).post('/config').send(implausible()).expect(200);
    const { userinfo } = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    const jwt = userinfo['https://vocab.account.gov.uk/v1/coreIdentityJWT'];
    expect(typeof jwt).toBe('string');
    const res = await request(h.app).post(`${API}/inspect`).send({ token: jwt });
    expect(res.status).toBe(200);
    const analysis = res.body as TokenAnalysis;
    expect(analysis.role).toBe('core_identity');
    expect(analysis.checks.filter((c) => !c.ok)).toEqual([]);
    expect(analysis.warnings).toEqual([
      'vc.credentialSubject birthDate item 0: value "1985-13-45" is not an ISO 8601 date (YYYY-MM-DD); the provider always sends one',
    ]);

    // A plausible identity carries no warnings.
    await request(h.app).post('/config').send(defaultConfig()).expect(200);
    const plain = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    const clean = await request(h.app)
      .post(`${API}/inspect`)
      .send({ token: plain.userinfo['https://vocab.account.gov.uk/v1/coreIdentityJWT'] });
    expect((clean.body as TokenAnalysis).warnings).toBeUndefined();
  });
});
