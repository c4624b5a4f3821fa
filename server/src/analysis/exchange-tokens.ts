import { VOCAB_URL } from '../config/config-types.js';
import type { Exchange, ExchangeToken, TokenRole } from '../log/exchange-types.js';

const CORE_IDENTITY_CLAIM = `${VOCAB_URL}/v1/coreIdentityJWT`;

function stringField(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The tokens of an exchange: those its handler noted, plus any it carries in the usual places
 * (a handler that answered early may not have noted them). In the order of the exchange.
 */
export function tokensOf(exchange: Exchange): ExchangeToken[] {
  const out: ExchangeToken[] = [...exchange.tokens];
  const add = (role: TokenRole, compact: string | undefined): void => {
    if (compact === undefined) return;
    if (!out.some((t) => t.role === role && t.compact === compact)) out.push({ role, compact });
  };
  const { request, response } = exchange;
  switch (exchange.endpoint) {
    case 'authorize':
      add('request_object', request.query.request);
      break;
    case 'token':
      add('client_assertion', stringField(request.body, 'client_assertion'));
      add('id_token', stringField(response.body, 'id_token'));
      add('access_token', stringField(response.body, 'access_token'));
      break;
    case 'userinfo': {
      const authorization = request.headers.authorization;
      if (authorization && /^bearer\s+/i.test(authorization)) {
        add('access_token', authorization.replace(/^bearer\s+/i, '').trim());
      }
      add('core_identity', stringField(response.body, CORE_IDENTITY_CLAIM));
      break;
    }
    case 'logout':
      add(
        'id_token_hint',
        request.query.id_token_hint ?? stringField(request.body, 'id_token_hint'),
      );
      break;
    default:
      break;
  }
  return out;
}
