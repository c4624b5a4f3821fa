import type { TokenCheck } from './analysis-types.js';
import { didId } from '../keys/did-document.js';
import { publishedCoreIdentityKeys } from '../keys/key-store.js';
import type { TokenFacts } from './token-facts.js';
import {
  attributeScenarios,
  checkEquals,
  checkExp,
  checkIat,
  checkNbf,
  fail,
  pass,
  show,
} from './check-helpers.js';
import { checkSignatureWith, type LabelledKey } from './analyze-simulator-token.js';

/** The core identity checks each configured coreIdentityErrors scenario breaks. */
export const CORE_IDENTITY_SCENARIO_CHECKS: Record<string, readonly string[]> = {
  signature: ['INVALID_SIGNATURE', 'INVALID_ALG_HEADER'],
  alg: ['INVALID_ALG_HEADER'],
  kid: ['INVALID_ALG_HEADER'],
  iss: ['INVALID_ISS'],
  aud: ['INVALID_AUD'],
  sub: ['INCORRECT_SUB'],
  exp: ['TOKEN_EXPIRED'],
};

/**
 * Checks a core identity JWT as a relying party must (provider document, "Core identity
 * validation"): ES256, kid resolved through the DID document, iss, aud, sub, exp.
 */
export async function analyzeCoreIdentity(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  facts: TokenFacts,
  notes: string[],
): Promise<TokenCheck[]> {
  const { config, at, now } = facts;
  const did = didId(config.simulatorUrl);
  const all: LabelledKey[] = [
    { key: facts.keys.coreIdentity.primary, label: 'current core identity key' },
    { key: facts.keys.coreIdentity.secondary, label: 'new core identity key' },
  ];
  const published = publishedCoreIdentityKeys(facts.keys, config);
  const checks: TokenCheck[] = [];

  checks.push(
    header.alg === 'ES256'
      ? pass('alg', 'alg is ES256, as core identity JWTs must be.')
      : fail('alg', `alg is ${show(header.alg)}; a core identity JWT must be signed with ES256.`),
  );

  const kid = header.kid;
  let found: LabelledKey | undefined;
  if (typeof kid !== 'string' || !kid.includes('#')) {
    checks.push(
      fail(
        'kid',
        `kid is ${show(kid)}; it must be "<DID document id>#<key id>", e.g. "${did}#${published[0]?.kid ?? '…'}".`,
      ),
    );
  } else {
    const hash = kid.indexOf('#');
    const prefix = kid.slice(0, hash);
    const suffix = kid.slice(hash + 1);
    found = all.find((k) => k.key.kid === suffix);
    const publishedIds = published.map((k) => k.kid).join(', ');
    if (prefix !== did) {
      checks.push(
        fail(
          'kid',
          `The part of kid before # is ${show(prefix)}, not the DID document id "${did}".`,
        ),
      );
    } else if (!found) {
      checks.push(
        fail(
          'kid',
          `No assertionMethod of the DID document has the id ${show(suffix)} (published: ${publishedIds}). The identity must not be trusted.`,
        ),
      );
    } else if (!published.includes(found.key)) {
      checks.push(
        fail(
          'kid',
          `${suffix} is the simulator's ${found.label}, but it is not published in the DID document (publishNewCoreIdentityKeysEnabled is false).`,
        ),
      );
    } else {
      checks.push(
        pass(
          'kid',
          `kid names an assertionMethod of the DID document ${did} (the ${found.label}).`,
        ),
      );
    }
  }

  checks.push(await checkSignatureWith(facts.compact, found, all, 'ES256', kid));
  const issuer = `${config.simulatorUrl}/`;
  checks.push(checkEquals('iss', claims.iss, issuer, { what: 'the identity issuer' }));
  checks.push(
    checkEquals('aud', claims.aud, config.clientConfiguration.clientId, {
      allowArray: true,
      what: 'the client_id',
    }),
  );
  if (facts.idTokenSub === undefined) {
    notes.push(
      facts.origin === 'pasted'
        ? 'sub is not compared: a pasted token has no ID token to compare with.'
        : 'sub is not compared: the ID token of this sign-in is not in the log.',
    );
  } else {
    checks.push(checkEquals('sub', claims.sub, facts.idTokenSub, { what: 'the ID token sub' }));
  }
  for (const c of [
    checkExp(claims, at, now, { required: true }),
    checkNbf(claims, at, now),
    checkIat(claims, at, now, { required: false, notFuture: true }),
  ]) {
    if (c) checks.push(c);
  }
  attributeScenarios(checks, facts.scenarios, 'coreIdentity', CORE_IDENTITY_SCENARIO_CHECKS);
  return checks;
}
