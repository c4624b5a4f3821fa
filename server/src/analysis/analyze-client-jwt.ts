import type { KeyObject } from 'node:crypto';
import type { Exchange } from '../log/exchange-types.js';
import type { TokenCheck } from './analysis-types.js';
import { CLIENT_ASSERTION_ALGS } from '../rules/client-assertion-algs.js';
import type { KeyGetter } from '../tokens/client-auth/client-key-resolver.js';
import type { TokenFacts } from './token-facts.js';
import { checkExp, checkIat, checkNbf, fail, pass, show } from './check-helpers.js';
import { describeKey } from '../keys/describe-key.js';
import { keyFitsAlg, verifySignature } from './verify-signature.js';
import { decodeToken } from './decode-token.js';
import { acceptedAssertionAudiences } from '../rules/provider-rules.js';

/** Algorithms accepted for what the client signs (client assertions and request objects). */
export const ACCEPTED_CLIENT_ALGS = CLIENT_ASSERTION_ALGS;

/** Errors that mean client authentication itself failed, so the assertion's jti was not used up. */
const AUTH_FAILURES = ['invalid_client', 'invalid_request', 'server_error'];

/** Whether an exchange got past client authentication (so its assertion's jti counts as used). */
export function usedUpAssertion(exchange: Exchange): boolean {
  return exchange.outcome.kind === 'success' || !AUTH_FAILURES.includes(exchange.outcome.code);
}

type ClientJwtKind = 'assertion' | 'request object';

/** Where the client's key is registered, in the words of the configuration. */
function keySource(facts: TokenFacts): string {
  const client = facts.config.clientConfiguration;
  return client.publicKeySource === 'JWKS'
    ? `the client's JWKS (clientConfiguration.jwksUrl ${client.jwksUrl ?? '(not set)'})`
    : 'the public key registered for the client (clientConfiguration.publicKey)';
}

/** alg accepted, and the signature made by the client's registered key. */
async function checkClientSignature(
  header: Record<string, unknown>,
  facts: TokenFacts,
  kind: ClientJwtKind,
): Promise<TokenCheck[]> {
  const checks: TokenCheck[] = [];
  const alg = header.alg;
  const accepted = ACCEPTED_CLIENT_ALGS.join(', ');
  let key: KeyObject | KeyGetter | undefined;
  let keyProblem: string | undefined;
  try {
    key = facts.clientKey();
  } catch (error) {
    keyProblem = error instanceof Error ? error.message : String(error);
  }
  const keyObject = key !== undefined && typeof key !== 'function' ? key : undefined;

  if (typeof alg !== 'string' || !(ACCEPTED_CLIENT_ALGS as readonly string[]).includes(alg)) {
    checks.push(
      fail(
        'alg',
        `alg is ${show(alg)}, which is not accepted. Accepted: ${accepted}.`,
        `Sign the ${kind} with one of ${accepted} (RS256 with an RSA key is the most common).`,
      ),
    );
  } else if (keyObject && !keyFitsAlg(keyObject, alg)) {
    checks.push(
      fail(
        'alg',
        `alg ${alg} cannot be used with ${describeKey(keyObject)}, which is what is registered.`,
        `Either sign with an alg that fits ${describeKey(keyObject)}, or register the public key of the key pair you sign with.`,
      ),
    );
  } else {
    checks.push(pass('alg', `alg ${alg} is accepted.`));
  }

  const source = keySource(facts);
  const client = facts.config.clientConfiguration;
  if (key === undefined) {
    checks.push(
      fail(
        'signature',
        `Cannot be checked: ${source} cannot be used (${keyProblem ?? 'unknown problem'}).`,
        client.publicKeySource === 'JWKS'
          ? 'Set clientConfiguration.jwksUrl to a URL serving a JWKS with your public key.'
          : 'Set clientConfiguration.publicKey to a PEM-encoded public key (-----BEGIN PUBLIC KEY-----).',
      ),
    );
    return checks;
  }
  const result = await verifySignature(facts.compact, key);
  if (result.ok) {
    checks.push(pass('signature', `Valid: verified with ${source}.`));
    return checks;
  }
  const fix =
    result.code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'
      ? client.publicKeySource === 'JWKS'
        ? `The ${kind} was not signed by the private key of the JWKS entry with kid ${show(header.kid)}. Sign with the private key whose public key the JWKS at jwksUrl publishes under that kid.`
        : `The ${kind} was not signed by the private key that matches the registered public key. Register the public half of the key your client signs with (POST /config with clientConfiguration.publicKey), or sign with the private key that matches the registered one.`
      : result.code === 'ERR_JWKS_NO_MATCHING_KEY'
        ? `Put the kid of the signing key in the ${kind} header, and publish that key (use "sig") in the JWKS at jwksUrl.`
        : result.code.startsWith('ERR_JWKS')
          ? 'Make sure clientConfiguration.jwksUrl serves a valid JWKS that the simulator can reach.'
          : `Sign the ${kind} with one of ${accepted}, using the private key that matches ${source}.`;
  checks.push(fail('signature', `Invalid: ${result.reason} (checked with ${source}).`, fix));
  return checks;
}

/** The client assertion of private_key_jwt, as the provider checks it at /token. */
export async function analyzeClientAssertion(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  facts: TokenFacts,
  notes: string[],
): Promise<TokenCheck[]> {
  const { config, at, now } = facts;
  const clientId = config.clientConfiguration.clientId;
  const tokenEndpoint = `${config.simulatorUrl}/token`;
  const issuer = `${config.simulatorUrl}/`;
  const checks = await checkClientSignature(header, facts, 'assertion');

  for (const name of ['iss', 'sub'] as const) {
    const value = claims[name];
    checks.push(
      value === clientId
        ? pass(name, `${name} is the client_id "${clientId}".`)
        : fail(
            name,
            `${name} is ${show(value)}; it must be the client_id "${clientId}".`,
            `Set both iss and sub to the client_id, "${clientId}".`,
          ),
    );
  }
  if (facts.bodyClientId !== undefined) {
    checks.push(
      facts.bodyClientId === claims.sub
        ? pass('client_id', 'The client_id form field equals the assertion sub.')
        : fail(
            'client_id',
            `The client_id form field is ${show(facts.bodyClientId)} but the assertion sub is ${show(claims.sub)}.`,
            `Send the same client_id in the form as in the assertion ("${clientId}"), or leave the form field out.`,
          ),
    );
  }

  const aud = claims.aud;
  const audiences = acceptedAssertionAudiences(
    issuer,
    tokenEndpoint,
    facts.backchannelUrl === undefined ? undefined : `${facts.backchannelUrl}/token`,
  );
  const audOk =
    (typeof aud === 'string' && audiences.includes(aud)) ||
    (Array.isArray(aud) &&
      aud.length > 0 &&
      aud.every((a) => typeof a === 'string' && audiences.includes(a)));
  checks.push(
    audOk
      ? pass('aud', `aud is ${show(aud)}, an accepted audience.`)
      : fail(
          'aud',
          `aud is ${show(aud)}; expected "${tokenEndpoint}" (the token endpoint) or "${issuer}" (the issuer).`,
          `Set aud to "${tokenEndpoint}". It must match the simulator URL exactly (${config.simulatorUrl}), scheme and port included.`,
        ),
  );

  const exp = checkExp(claims, at, now, {
    required: true,
    fixExpired: (ago) =>
      `The assertion had expired ${ago} s before it reached the simulator. Make a new assertion for each token request, with exp a few minutes ahead (5 minutes is recommended), and check the client's clock.`,
    fixMissing: 'Add an exp claim: seconds since the epoch, about 5 minutes ahead.',
  });
  if (exp) checks.push(exp);
  const nbf = checkNbf(
    claims,
    at,
    now,
    "nbf is after the time of the request: check the client's clock, or leave nbf out.",
  );
  if (nbf) checks.push(nbf);
  const iat = checkIat(claims, at, now, { required: false, notFuture: false });
  if (iat) checks.push(iat);

  const jti = claims.jti;
  const newJti =
    'Put a new random jti (a UUID) in every assertion: each jti is accepted once, until the assertion expires.';
  if (typeof jti !== 'string' || jti === '') {
    checks.push(fail('jti', `jti is ${show(jti)}; a unique jti is required.`, newJti));
  } else if (!facts.findJtiUse) {
    checks.push(pass('jti', `jti ${show(jti)} is present.`));
  } else {
    const earlier = facts.findJtiUse(jti);
    if (earlier && usedUpAssertion(earlier)) {
      const result =
        earlier.outcome.kind === 'success'
          ? 'which succeeded'
          : `which passed client authentication and then failed with ${earlier.outcome.code}`;
      checks.push(
        fail(
          'jti',
          `Reused: jti ${show(jti)} was already accepted in exchange #${earlier.seq} at ${earlier.startedAt}, ${result}.`,
          newJti,
        ),
      );
    } else {
      checks.push(
        pass('jti', `jti ${show(jti)} was not accepted by any earlier exchange in the log.`),
      );
      if (earlier) {
        notes.push(
          `Exchange #${earlier.seq} sent the same jti and failed (${earlier.outcome.kind === 'error' ? earlier.outcome.code : ''}).`,
        );
      }
    }
  }
  return checks;
}

/** A request object (JAR) sent to /authorize in `request`. */
export async function analyzeRequestObject(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  facts: TokenFacts,
): Promise<TokenCheck[]> {
  const { config, at, now } = facts;
  const clientId = config.clientConfiguration.clientId;
  const audience = `${config.simulatorUrl}/authorize`;
  const checks = await checkClientSignature(header, facts, 'request object');
  checks.push(
    claims.iss === clientId
      ? pass('iss', `iss is the client_id "${clientId}".`)
      : fail(
          'iss',
          `iss is ${show(claims.iss)}; it must be the client_id "${clientId}".`,
          `Set iss to "${clientId}".`,
        ),
  );
  checks.push(
    claims.aud === audience
      ? pass('aud', `aud is "${audience}", the authorization endpoint.`)
      : fail(
          'aud',
          `aud is ${show(claims.aud)}; expected "${audience}" (the authorization endpoint).`,
          `Set aud to "${audience}".`,
        ),
  );
  checks.push(
    claims.client_id === clientId
      ? pass('client_id', `client_id is "${clientId}".`)
      : fail(
          'client_id',
          `client_id is ${show(claims.client_id)}; the configured client is "${clientId}".`,
          `Set client_id to "${clientId}" in the request object and the query.`,
        ),
  );
  if (facts.query) {
    const query = facts.query;
    const differing = (['response_type', 'scope', 'client_id'] as const).filter(
      (name) => query[name] !== claims[name],
    );
    checks.push(
      differing.length === 0
        ? pass(
            'query',
            'response_type, scope and client_id are the same in the query and the object.',
          )
        : fail(
            'query',
            `${differing.map((n) => `${n} (query ${show(query[n])}, object ${show(claims[n])})`).join('; ')} differ between the query and the object.`,
            'Send the same response_type, scope and client_id in the query as in the request object.',
          ),
    );
  }
  for (const c of [
    checkExp(claims, at, now, {
      required: false,
      fixExpired: () => 'Make a new request object for each sign-in, with exp a few minutes ahead.',
    }),
    checkNbf(claims, at, now, "nbf is after the time of the request: check the client's clock."),
    checkIat(claims, at, now, { required: false, notFuture: false }),
  ]) {
    if (c) checks.push(c);
  }
  return checks;
}

/** The jti of a client assertion, or undefined. */
export function assertionJti(compact: string): string | undefined {
  const decoded = decodeToken(compact);
  if (!decoded.ok) return undefined;
  return typeof decoded.claims.jti === 'string' ? decoded.claims.jti : undefined;
}
