/**
 * A named simulator's core identity JWT: the kid names the host-only DID (as the root's does),
 * and the key it names is in the named simulator's own DID document, not in the root's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { IDENTITY_CLAIMS_REQUEST, VOCAB, runFlow } from '../helpers/relying-party.js';

interface DidDocument {
  id: string;
  assertionMethod: { id: string; controller: string; publicKeyJwk: JWK }[];
}

let running: ListeningSimulator | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function didOf(url: string): Promise<DidDocument> {
  const res = await fetch(url, { headers: { 'user-agent': 'rp' } });
  expect(res.status).toBe(200);
  return (await res.json()) as DidDocument;
}

async function coreIdentityJwt(issuerBase: string): Promise<string> {
  const flow = await runFlow(issuerBase, {
    authorize: { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST },
  });
  expect(flow.userinfoStatus).toBe(200);
  const jwt = flow.userinfo[`${VOCAB}/coreIdentityJWT`];
  expect(typeof jwt).toBe('string');
  return jwt as string;
}

describe('a named simulator’s DID document and core identity JWT', () => {
  it('names the host only and is verified by the named simulator’s own document', async () => {
    running = await listeningSimulator();
    const named = `${running.baseUrl}/sim/ids`;
    const jwt = await coreIdentityJwt(named);
    const host = new URL(running.baseUrl).host.replace(/:/g, '%3A');

    const namedDid = await didOf(`${named}/.well-known/did.json`);
    const rootDid = await didOf(`${running.baseUrl}/.well-known/did.json`);
    expect(namedDid.id).toBe(`did:web:${host}`);
    expect(rootDid.id).toBe(`did:web:${host}`);

    const [didPart, keyId] = String(decodeProtectedHeader(jwt).kid).split('#');
    expect(didPart).toBe(namedDid.id);
    const method = namedDid.assertionMethod.find((m) => m.id === `${namedDid.id}#${keyId}`);
    expect(method?.controller).toBe(namedDid.id);
    const key = await importJWK(method?.publicKeyJwk as JWK, 'ES256');
    await expect(compactVerify(jwt, key, { algorithms: ['ES256'] })).resolves.toBeTruthy();

    // Keys are the named simulator's own: the root's document does not hold this one.
    const rootKeys = rootDid.assertionMethod.map((m) => JSON.stringify(m.publicKeyJwk));
    expect(rootKeys).not.toContain(JSON.stringify(method?.publicKeyJwk));
  });

  it('the root simulator’s core identity JWT is not verified by a named simulator’s document', async () => {
    running = await listeningSimulator();
    const jwt = await coreIdentityJwt(running.baseUrl);
    const namedDid = await didOf(`${running.baseUrl}/sim/other/.well-known/did.json`);
    const keyId = String(decodeProtectedHeader(jwt).kid).split('#')[1];
    const method = namedDid.assertionMethod.find((m) => m.id.endsWith(`#${keyId}`));
    expect(method).toBeUndefined();
  });
});
