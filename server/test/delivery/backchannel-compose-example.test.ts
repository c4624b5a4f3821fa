/**
 * The README's back-channel compose example, checked without a container runtime: its settings
 * are valid, and a simulator started with them advertises what the example promises.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import yaml from 'js-yaml';
import request from 'supertest';
import { configFromEnv } from '../../src/config/from-env.js';
import { parseBackchannelUrl } from '../../src/multi-simulator-options.js';
import { createSimulator } from '../../src/index.js';
import { testKeys } from '../helpers/test-simulator.js';
import { readmeComposeExample } from './readme-compose-example.js';

const DOCKERFILE = readFileSync(new URL('../../../Dockerfile', import.meta.url), 'utf8');

interface Service {
  build?: string;
  image?: string;
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
}

function composeExample(): Record<string, Service> {
  return (yaml.load(readmeComposeExample()) as { services: Record<string, Service> }).services;
}

describe('README: the back-channel compose example', () => {
  it('builds this image, publishes on loopback and waits for its health check', () => {
    const { simulator, service } = composeExample() as { simulator: Service; service: Service };
    expect(simulator.build).toBe('.');
    expect(simulator.ports).toEqual(['127.0.0.1:3000:3000']);
    expect(DOCKERFILE).toMatch(/^HEALTHCHECK /m);
    expect(service.depends_on?.simulator?.condition).toBe('service_healthy');
  });

  it('its settings are valid, and discovery splits browser and back channel as it says', async () => {
    const { simulator, service } = composeExample() as { simulator: Service; service: Service };
    const env = simulator.environment ?? {};
    const settings = configFromEnv(env);
    expect(settings.ok).toBe(true);
    const back = parseBackchannelUrl(env.BACKCHANNEL_URL);
    if (!settings.ok || typeof back === 'string') throw new Error(String(back));
    const sim = createSimulator({
      keys: await testKeys(),
      config: settings.value.config,
      backchannelUrl: back.url,
    });
    try {
      const doc = (await request(sim.app).get('/.well-known/openid-configuration').expect(200))
        .body as Record<string, string>;
      expect(doc.issuer).toBe(`${env.SIMULATOR_URL}/`);
      expect(doc.authorization_endpoint).toBe(`${env.SIMULATOR_URL}/authorize`);
      expect(doc.token_endpoint).toBe(`${env.BACKCHANNEL_URL}/token`);
      expect(doc.userinfo_endpoint).toBe(`${env.BACKCHANNEL_URL}/userinfo`);
      expect(doc.jwks_uri).toBe(`${env.BACKCHANNEL_URL}/.well-known/jwks.json`);
      expect(service.environment?.OIDC_DISCOVERY_URL).toBe(
        `${env.BACKCHANNEL_URL}/.well-known/openid-configuration`,
      );
      const config = (await request(sim.app).get('/config').expect(200)).body as {
        clientConfiguration: { clientId: string; redirectUrls: string[] };
      };
      expect(config.clientConfiguration.clientId).toBe(env.CLIENT_ID);
      expect(config.clientConfiguration.redirectUrls).toEqual([env.REDIRECT_URLS]);
    } finally {
      sim.close();
    }
  });
});
