/**
 * The third step of a key rotation: the old key is retired (gone from the JWKS, or from the DID
 * document's assertionMethod), so a token signed with it must be refused, as the provider
 * document says ("once an old key is removed it is invalid"). New sign-ins keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as client from 'openid-client';
import { createLocalJWKSet, decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import { discoverDefaultClient, signIn as signInWith } from '../helpers/openid-client.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { IDENTITY_CLAIMS_REQUEST, VOCAB } from '../helpers/relying-party.js';

let sim: ListeningSimulator;
let config: client.Configuration;

beforeAll(async () => {
  sim = await listeningSimulator();
  config = await discoverDefaultClient(sim.baseUrl);
});
afterAll(() => sim.close());

async function postConfig(body: unknown): Promise<Response> {
  return fetch(`${sim.baseUrl}/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function signIn(extra: Record<string, string> = {}, rp = config) {
  const { tokens, userinfo } = await signInWith(rp, { scope: 'openid', ...extra });
  return { idToken: tokens.id_token as string, userinfo };
}

const jwks = async () =>
  (await (await fetch(`${sim.baseUrl}/.well-known/jwks.json`)).json()) as { keys: JWK[] };

interface DidDocument {
  id: string;
  assertionMethod: { id: string; publicKeyJwk: JWK }[];
}
const did = async () =>
  (await (
    await fetch(`${sim.baseUrl}/.well-known/did.json`, { headers: { 'user-agent': 'rp-test' } })
  ).json()) as DidDocument;

/** Verifies a core identity JWT as the provider document says: kid resolved in the DID document. */
async function verifyCoreIdentity(jwt: string, document: DidDocument) {
  const { kid } = decodeProtectedHeader(jwt);
  const method = document.assertionMethod.find((m) => m.id === kid);
  if (!method) throw new Error(`kid ${kid} is not in the DID document`);
  return jwtVerify(jwt, await importJWK(method.publicKeyJwk, 'ES256'));
}

describe('retiring the old ID token keys', () => {
  it('publish → use → retire: the old key leaves the JWKS and its tokens fail verification', async () => {
    const before = await signIn();
    const oldKid = decodeProtectedHeader(before.idToken).kid;
    expect(
      (await createLocalJWKSet(await jwks()))(decodeProtectedHeader(before.idToken)),
    ).toBeDefined();

    // Retiring before the new keys sign is refused, naming the field; nothing changes.
    const early = await postConfig({ retireOldIdTokenSigningKeys: true });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain('retireOldIdTokenSigningKeys');
    expect((await jwks()).keys.map((k) => k.kid)).toContain(oldKid);

    expect(
      (await postConfig({ publishNewIdTokenSigningKeys: true, useNewIdTokenSigningKeys: true }))
        .status,
    ).toBe(200);
    const retired = await postConfig({ retireOldIdTokenSigningKeys: true });
    expect(retired.status).toBe(200);
    expect(
      ((await retired.json()) as { oldIdTokenKeysRetired: boolean }).oldIdTokenKeysRetired,
    ).toBe(true);

    const published = await jwks();
    expect(published.keys.map((k) => k.kid)).not.toContain(oldKid);
    expect(published.keys).toHaveLength(2);
    await expect(jwtVerify(before.idToken, createLocalJWKSet(published))).rejects.toMatchObject({
      code: 'ERR_JWKS_NO_MATCHING_KEY',
    });

    // New sign-ins are signed with the new key and verify against the published set (a client
    // discovered now: a long-lived one refetches on the unknown kid once its cooldown is over,
    // as key-rotation-flow.test.ts shows).
    const after = await signIn({}, await discoverDefaultClient(sim.baseUrl));
    expect(decodeProtectedHeader(after.idToken).kid).not.toBe(oldKid);
    await jwtVerify(after.idToken, createLocalJWKSet(published));

    // Going back to the old keys is refused while they are retired.
    expect((await postConfig({ useNewIdTokenSigningKeys: false })).status).toBe(400);
    expect(
      (
        await postConfig({
          retireOldIdTokenSigningKeys: false,
          useNewIdTokenSigningKeys: false,
          publishNewIdTokenSigningKeys: false,
        })
      ).status,
    ).toBe(200);
    expect((await jwks()).keys.map((k) => k.kid)).toContain(oldKid);
  });
});

describe('retiring the old core identity key', () => {
  it('the old key leaves assertionMethod and identities signed with it fail', async () => {
    const identity = { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST };
    const before = await signIn(identity);
    const oldCore = before.userinfo[`${VOCAB}/coreIdentityJWT`] as string;
    await verifyCoreIdentity(oldCore, await did());

    expect(
      (
        await postConfig({
          publishNewCoreIdentitySigningKeys: true,
          useNewCoreIdentitySigningKeys: true,
          retireOldCoreIdentitySigningKeys: true,
        })
      ).status,
    ).toBe(200);
    const document = await did();
    expect(document.assertionMethod).toHaveLength(1);
    await expect(verifyCoreIdentity(oldCore, document)).rejects.toThrow(/not in the DID document/);

    const after = await signIn(identity);
    const newCore = after.userinfo[`${VOCAB}/coreIdentityJWT`] as string;
    await verifyCoreIdentity(newCore, document);
  });
});
