import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { KeyVerification } from './admin-api-types.js';
import type { AppDeps } from '../http/app-deps.js';
import { limitJsonDepth } from '../http/limit-json-depth.js';
import { decodeToken } from '../analysis/decode-token.js';
import { verifySignature } from '../analysis/verify-signature.js';
import { MAX_KEY_TEXT, parseVerificationKeyText } from '../keys/parse-key-text.js';
import { adminErrorHandler } from './admin-error-handler.js';
import { listeningAddress } from '../http/listening-address.js';
import { adminAccessOf } from '../http/admin-access.js';
import { MAX_INSPECT_TOKEN } from './admin-router.js';
import { ASSERTION_MODES, resendExchange, type AssertionMode } from './resend-exchange.js';
import { fetchKeySet } from './fetch-key-set.js';
import { parseResendOverrides } from './parse-resend-overrides.js';
import { RESIGN_KEYS, resignToken, type ResignKey } from './resign-token.js';

const badRequest = (res: Response, description: string): void => {
  res.status(400).json({ error: 'invalid_request', error_description: description });
};

type Body = Record<string, unknown>;

/** The body as an object with only the allowed fields, or why not (one line). */
function objectBody(body: unknown, fields: readonly string[], shape: string): Body | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return `Send a JSON object: ${shape}`;
  const unknown = Object.keys(body).find((k) => !fields.includes(k));
  if (unknown !== undefined)
    return `Unknown field ${JSON.stringify(unknown)}; the fields are ${fields.join(', ')}`;
  return body as Body;
}

function tokenOf(body: Body): string | undefined {
  const { token } = body;
  return typeof token === 'string' && token.trim() !== '' && token.length <= MAX_INSPECT_TOKEN
    ? token.trim()
    : undefined;
}
const TOKEN_RULE = `token must be a non-empty string (a compact JWT) of at most ${MAX_INSPECT_TOKEN} characters`;

/**
 * The tester's tools under /_simulator/api:
 *   POST /exchanges/:id/resend  {assertion?, query?, headers?, body?} → ResendResult
 *   POST /tokens/verify         {token, key} | {token, url} → KeyVerification
 *   POST /tokens/resign         {token, claims?, key: "simulator" | "wrong"} → ResignedToken
 */
export function createToolsRouter(deps: AppDeps): Router {
  const { context: ctx, events, log } = deps;
  const router = Router();
  const json = [express.json({ limit: '200kb', type: () => true }), limitJsonDepth];
  const handle =
    (fn: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction) => {
      fn(req, res).catch(next);
    };

  router.post(
    '/exchanges/:id/resend',
    json,
    handle(async (req, res) => {
      // An empty body (no Content-Type) means the defaults.
      const body = objectBody(
        req.body ?? {},
        ['assertion', 'query', 'headers', 'body'],
        '{"assertion"?: "resign" | "as-is", "query"?: {…}, "headers"?: {…}, "body"?: "…"}',
      );
      if (typeof body === 'string') return badRequest(res, body);
      const mode = body.assertion ?? 'resign';
      if (typeof mode !== 'string' || !(ASSERTION_MODES as readonly string[]).includes(mode))
        return badRequest(res, `assertion must be one of: ${ASSERTION_MODES.join(', ')}`);
      const overrides = parseResendOverrides(body, adminAccessOf(req).adminToken);
      if (typeof overrides === 'string') return badRequest(res, overrides);
      const id = req.params.id;
      const exchange = typeof id === 'string' ? log.get(id) : undefined;
      if (!exchange) {
        res.status(404).json({
          error: 'not_found',
          error_description: `No exchange with id ${JSON.stringify(id)} in the log`,
        });
        return;
      }
      const listening = listeningAddress(req);
      if (!listening) {
        res.status(503).json({
          error: 'temporarily_unavailable',
          error_description: 'The simulator is not listening on a socket it can send to',
        });
        return;
      }
      const result = await resendExchange(exchange, {
        baseUrl: listening.url,
        events,
        now: Math.floor(ctx.clock() / 1000),
        assertion: mode as AssertionMode,
        overrides,
      });
      if (!result.ok) {
        res.status(result.error.status).json({
          error: 'cannot_resend',
          error_description: result.error.description,
        });
        return;
      }
      res.json(result.value);
    }),
  );

  router.post(
    '/tokens/verify',
    json,
    handle(async (req, res) => {
      const body = objectBody(
        req.body,
        ['token', 'key', 'url'],
        '{"token": "<JWT>", "key": "<PEM, JWK or JWKS>"} or {"token": "<JWT>", "url": "<JWKS or DID URL>"}',
      );
      if (typeof body === 'string') return badRequest(res, body);
      const token = tokenOf(body);
      if (token === undefined) return badRequest(res, TOKEN_RULE);
      const { key, url } = body;
      if ((key === undefined) === (url === undefined))
        return badRequest(res, 'Send exactly one of key (PEM, JWK or JWKS text) and url');
      if (key !== undefined && (typeof key !== 'string' || key.length > MAX_KEY_TEXT))
        return badRequest(
          res,
          `key must be a string (PEM, JWK or JWKS) of at most ${MAX_KEY_TEXT} characters`,
        );
      if (url !== undefined && (typeof url !== 'string' || url.length > 2048))
        return badRequest(
          res,
          'url must be a string (an http or https URL) of at most 2048 characters',
        );
      const config = ctx.config.get();
      const resolved =
        typeof key === 'string'
          ? parseVerificationKeyText(key)
          : await fetchKeySet(url as string, {
              // The address given at start-up (the root's, shared by every named simulator): a
              // simulatorUrl changed later through POST /config never widens what may be fetched.
              simulatorUrl: adminAccessOf(req).startupUrl(),
              ...(config.clientConfiguration.jwksUrl
                ? { jwksUrl: config.clientConfiguration.jwksUrl }
                : {}),
            });
      if (!resolved.ok)
        return badRequest(res, `${typeof key === 'string' ? 'key' : 'url'}: ${resolved.error}`);
      const decoded = decodeToken(token);
      const signature = await verifySignature(token, resolved.value.key);
      const answer: KeyVerification = {
        ok: signature.ok,
        keyDescription: resolved.value.description,
        detail: signature.ok
          ? `The signature verifies with ${resolved.value.description}.`
          : `The signature does not verify with ${resolved.value.description}: ${signature.reason}.`,
        header: decoded.header,
        claims: decoded.ok ? decoded.claims : null,
      };
      res.json(answer);
    }),
  );

  router.post(
    '/tokens/resign',
    json,
    handle(async (req, res) => {
      const body = objectBody(
        req.body,
        ['token', 'claims', 'key'],
        '{"token": "<JWT>", "claims"?: {…}, "key": "simulator" | "wrong"}',
      );
      if (typeof body === 'string') return badRequest(res, body);
      const token = tokenOf(body);
      if (token === undefined) return badRequest(res, TOKEN_RULE);
      const { claims, key } = body;
      if (
        claims !== undefined &&
        (typeof claims !== 'object' || claims === null || Array.isArray(claims))
      )
        return badRequest(res, 'claims must be a JSON object (the token payload)');
      if (typeof key !== 'string' || !(RESIGN_KEYS as readonly string[]).includes(key))
        return badRequest(res, `key must be one of: ${RESIGN_KEYS.join(', ')}`);
      const input: { token: string; key: ResignKey; claims?: Record<string, unknown> } = {
        token,
        key: key as ResignKey,
      };
      if (claims !== undefined) input.claims = claims as Record<string, unknown>;
      let result;
      try {
        result = await resignToken(input, { keys: await ctx.keys(), config: ctx.config.get() });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        return badRequest(
          res,
          `The token could not be signed${typeof code === 'string' ? ` (${code})` : ''}: check its header and claims`,
        );
      }
      if (!result.ok) return badRequest(res, result.error);
      res.json(result.value);
    }),
  );

  const allowPost = (req: Request, res: Response) => {
    res.setHeader('Allow', 'POST');
    res.status(405).json({
      error: 'method_not_allowed',
      error_description: `${req.method} is not allowed on ${req.baseUrl}${req.path}; use POST`,
    });
  };
  router.all('/exchanges/:id/resend', allowPost);
  router.all('/tokens/verify', allowPost);
  router.all('/tokens/resign', allowPost);
  router.use(adminErrorHandler);
  return router;
}
