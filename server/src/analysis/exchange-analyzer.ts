import type { Exchange, TokenRole } from '../log/exchange-types.js';
import type { SimulatorConfig } from '../config/config-types.js';
import type { TokenAnalysis } from './analysis-types.js';
import type { SimulatorContext } from '../simulator/simulator-context.js';
import type { SimulatorEvents } from '../simulator/simulator-events.js';
import type { ExchangeBuffer } from '../log/exchange-buffer.js';
import {
  createClientKeyResolver,
  type ClientKeyResolver,
} from '../tokens/client-auth/client-key-resolver.js';
import { analyzeExchange, jtiFinder } from './analyze-exchange.js';
import { analyzeToken, guessRole } from './analyze-token.js';
import { decodeToken } from './decode-token.js';

/** How many configuration changes are remembered to judge older exchanges by. */
const CONFIG_HISTORY = 64;

export interface ExchangeAnalyzer {
  /** The analysis of every token of an exchange; computed once per exchange, on request. */
  analyze(exchange: Exchange): Promise<TokenAnalysis[]>;
  /** The analysis of a pasted token, against the current keys and configuration. */
  inspect(compact: string, role?: TokenRole): Promise<TokenAnalysis>;
}

/**
 * Token analysis for the admin API. Nothing runs on the request path: configuration changes are
 * remembered (by reference, as events already carry a snapshot) so that an exchange is judged by
 * the configuration in force when it happened, and analyses are made lazily and cached.
 */
/** A role as the reading note names it, article included. */
const ROLE_WORDS: Record<TokenRole, string> = {
  id_token: 'an ID token',
  access_token: 'an access token',
  core_identity: 'a core identity JWT',
  client_assertion: 'a client assertion',
  request_object: 'a request object',
  id_token_hint: 'an ID token hint',
};

export function createExchangeAnalyzer(deps: {
  context: SimulatorContext;
  events: SimulatorEvents;
  log: ExchangeBuffer;
}): ExchangeAnalyzer {
  const { context: ctx, events, log } = deps;
  const history: { afterSeq: number; config: Readonly<SimulatorConfig> }[] = [
    { afterSeq: 0, config: ctx.config.get() },
  ];
  events.on('config', (config) => {
    history.push({ afterSeq: log.lastSeq, config });
    if (history.length > CONFIG_HISTORY) history.shift();
  });
  const cache = new WeakMap<Exchange, Promise<TokenAnalysis[]>>();
  // Keys of a client configuration other than the current one, so that analysing an old exchange
  // never replaces the key the token endpoint has cached.
  const otherClientKeys: ClientKeyResolver = createClientKeyResolver();

  const configAt = (seq: number): Readonly<SimulatorConfig> => {
    for (let i = history.length - 1; i >= 0; i--) {
      const entry = history[i];
      if (entry && entry.afterSeq < seq) return entry.config;
    }
    return (history[0] as { config: Readonly<SimulatorConfig> }).config;
  };

  const clientKeyFor = (config: Readonly<SimulatorConfig>) => () => {
    const current = ctx.config.get().clientConfiguration;
    const client = config.clientConfiguration;
    const same =
      client.publicKeySource === current.publicKeySource &&
      client.publicKey === current.publicKey &&
      client.jwksUrl === current.jwksUrl;
    return (same ? ctx.clientKeys : otherClientKeys).keyFor(client);
  };

  return {
    analyze(exchange) {
      let result = cache.get(exchange);
      if (!result) {
        const config = configAt(exchange.seq);
        result = ctx.keys().then((keys) =>
          analyzeExchange(exchange, {
            keys,
            config,
            backchannelUrl: ctx.backchannelUrl,
            clientKey: clientKeyFor(config),
            log,
            now: ctx.clock(),
          }),
        );
        cache.set(exchange, result);
        // A failure (keys that never came) is not kept: the next request tries again.
        result.catch(() => cache.delete(exchange));
      }
      return result;
    },

    async inspect(compact, role) {
      const keys = await ctx.keys();
      const config = ctx.config.get();
      const now = ctx.clock() / 1000;
      const token = compact.trim();
      const decoded = decodeToken(token);
      const chosen =
        role ??
        (decoded.ok ? guessRole(decoded.header, decoded.claims, config.simulatorUrl) : 'id_token');
      const analysis = await analyzeToken({
        role: chosen,
        compact: token,
        origin: 'pasted',
        config,
        backchannelUrl: ctx.backchannelUrl,
        keys,
        clientKey: clientKeyFor(config),
        at: now,
        now,
        scenarios: [],
        findJtiUse: jtiFinder(log, Number.POSITIVE_INFINITY),
      });
      if (!role && !decoded.ok) {
        (analysis.notes ??= []).unshift(
          'This is not a JWT (header.payload.signature, base64url): it has no role; it was checked as an ID token only to say what is wrong.',
        );
      }
      if (!role && decoded.ok) {
        (analysis.notes ??= []).unshift(
          `Read as ${ROLE_WORDS[chosen]}, guessed from its claims; send "role" to choose another.`,
        );
      }
      return analysis;
    },
  };
}
