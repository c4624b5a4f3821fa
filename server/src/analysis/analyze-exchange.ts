import type { KeyObject } from 'node:crypto';
import type { Exchange } from '../log/exchange-types.js';
import type { SimulatorConfig } from '../config/config-types.js';
import type { TokenAnalysis } from './analysis-types.js';
import type { KeyMaterial } from '../keys/key-store.js';
import type { KeyGetter } from '../tokens/client-auth/client-key-resolver.js';
import type { ExchangeBuffer } from '../log/exchange-buffer.js';
import type { AuthorizeFacts, TokenFacts } from './token-facts.js';
import { tokensOf } from './exchange-tokens.js';
import { decodeToken } from './decode-token.js';
import { analyzeToken } from './analyze-token.js';
import { assertionJti, usedUpAssertion } from './analyze-client-jwt.js';

export interface ExchangeAnalysisEnv {
  keys: KeyMaterial;
  /** The configuration in force when the exchange happened. */
  config: Readonly<SimulatorConfig>;
  backchannelUrl?: string | undefined;
  clientKey: () => KeyObject | KeyGetter;
  log: ExchangeBuffer;
  /** Milliseconds since the epoch, now. */
  now: number;
}

/** The moment an exchange is judged at, in seconds: when its response was sent. */
export function exchangeTime(exchange: Exchange): number {
  return (Date.parse(exchange.startedAt) + exchange.durationMs) / 1000;
}

/** The nonce and vtr of an /authorize exchange, from the query or its request object. */
export function authorizeFactsOf(exchange: Exchange): AuthorizeFacts {
  const query = exchange.request.query;
  const requestObject = tokensOf(exchange).find((t) => t.role === 'request_object');
  const objectClaims = requestObject ? decodeToken(requestObject.compact) : undefined;
  const claims = objectClaims?.ok ? objectClaims.claims : undefined;
  const nonce = claims && typeof claims.nonce === 'string' ? claims.nonce : query.nonce;
  const vtr = claims?.vtr ?? query.vtr;
  const facts: AuthorizeFacts = { seq: exchange.seq };
  if (nonce !== undefined) facts.nonce = nonce;
  if (vtr !== undefined) facts.vtr = vtr;
  return facts;
}

/** The /authorize exchange that started this exchange's sign-in. */
function findAuthorize(exchange: Exchange, log: ExchangeBuffer): Exchange | undefined {
  const journeyId = exchange.journeyId;
  if (!journeyId) return undefined;
  const sameJourney = (e: Exchange) =>
    e.journeyId === journeyId && e.endpoint === 'authorize' && e.seq <= exchange.seq;
  return (
    log.findLast(
      (e) =>
        sameJourney(e) &&
        (e.request.query.nonce !== undefined || e.request.query.request !== undefined),
    ) ?? log.findLast(sameJourney)
  );
}

/** The ID token sub of this exchange's sign-in (from its /token exchange). */
function findIdTokenSub(exchange: Exchange, log: ExchangeBuffer): string | undefined {
  const journeyId = exchange.journeyId;
  if (!journeyId) return undefined;
  const tokenExchange = log.findLast(
    (e) =>
      e.journeyId === journeyId &&
      e.endpoint === 'token' &&
      e.seq <= exchange.seq &&
      tokensOf(e).some((t) => t.role === 'id_token'),
  );
  const idToken = tokenExchange && tokensOf(tokenExchange).find((t) => t.role === 'id_token');
  if (!idToken) return undefined;
  const decoded = decodeToken(idToken.compact);
  return decoded.ok && typeof decoded.claims.sub === 'string' ? decoded.claims.sub : undefined;
}

/**
 * The earlier /token exchange that used a client assertion with this jti: one that got past
 * client authentication if there is one, else the latest that failed it.
 */
export function jtiFinder(
  log: ExchangeBuffer,
  beforeSeq: number,
): (jti: string) => Exchange | undefined {
  return (jti) => {
    let failed: Exchange | undefined;
    const used = log.findLast((e) => {
      if (e.seq >= beforeSeq || e.endpoint !== 'token') return false;
      const assertion = tokensOf(e).find((t) => t.role === 'client_assertion');
      if (!assertion || assertionJti(assertion.compact) !== jti) return false;
      if (usedUpAssertion(e)) return true;
      failed ??= e;
      return false;
    });
    return used ?? failed;
  };
}

/** The scenarios applied where an ID token was issued (for an id_token_hint sent back later). */
function issuingScenarios(compact: string, log: ExchangeBuffer): readonly string[] {
  const issued = log.findLast(
    (e) =>
      e.endpoint === 'token' &&
      tokensOf(e).some((t) => t.role === 'id_token' && t.compact === compact),
  );
  return issued?.scenarios ?? [];
}

/**
 * Analyses every token of one exchange, gathering what each check needs from the exchange and
 * the rest of the log (the sign-in's /authorize request, its ID token, earlier assertions).
 */
export async function analyzeExchange(
  exchange: Exchange,
  env: ExchangeAnalysisEnv,
): Promise<TokenAnalysis[]> {
  const tokens = tokensOf(exchange);
  if (tokens.length === 0) return [];
  const at = exchangeTime(exchange);
  const now = env.now / 1000;
  const accessToken = tokens.find((t) => t.role === 'access_token')?.compact;
  let authorize: AuthorizeFacts | undefined;
  let authorizeLooked = false;
  const results: TokenAnalysis[] = [];

  for (const token of tokens) {
    const facts: TokenFacts = {
      role: token.role,
      compact: token.compact,
      origin: 'exchange',
      config: env.config,
      backchannelUrl: env.backchannelUrl,
      keys: env.keys,
      clientKey: env.clientKey,
      at,
      now,
      scenarios: exchange.scenarios,
      seq: exchange.seq,
    };
    switch (token.role) {
      case 'id_token': {
        if (!authorizeLooked) {
          authorizeLooked = true;
          const found = findAuthorize(exchange, env.log);
          if (found) authorize = authorizeFactsOf(found);
        }
        if (authorize) facts.authorize = authorize;
        if (accessToken !== undefined) facts.accessToken = accessToken;
        break;
      }
      case 'core_identity': {
        const sub = findIdTokenSub(exchange, env.log);
        if (sub !== undefined) facts.idTokenSub = sub;
        break;
      }
      case 'client_assertion': {
        const body = exchange.request.body as Record<string, unknown> | undefined;
        const clientId = body?.client_id;
        if (typeof clientId === 'string') facts.bodyClientId = clientId;
        facts.findJtiUse = jtiFinder(env.log, exchange.seq);
        break;
      }
      case 'request_object':
        facts.query = exchange.request.query;
        break;
      case 'id_token_hint':
        facts.scenarios = [...exchange.scenarios, ...issuingScenarios(token.compact, env.log)];
        break;
      case 'access_token':
        break;
    }
    results.push(await analyzeToken(facts));
  }
  addRefusalNote(exchange, results);
  return results;
}

/**
 * When the provider refused a client assertion or request object but every check here passes
 * (say the earlier use of its jti has left the log), the analysis says so rather than look clean.
 */
function addRefusalNote(exchange: Exchange, results: TokenAnalysis[]): void {
  if (exchange.outcome.kind !== 'error') return;
  const { code, description } = exchange.outcome;
  for (const analysis of results) {
    if (analysis.role !== 'client_assertion' && analysis.role !== 'request_object') continue;
    if (analysis.checks.some((c) => !c.ok)) continue;
    if (code !== 'invalid_client' && !/private_key_jwt|assertion|request object/i.test(description))
      continue;
    (analysis.notes ??= []).push(
      `The simulator refused this exchange (${code}: ${description}) although every check here passes; the reason may lie outside the log (an earlier use of the same jti that has left the log, say).`,
    );
  }
}
