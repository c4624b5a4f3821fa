import type { Request, Response } from 'express';
import { invalidRequestRedirect } from '../../errors/oauth-error.js';
import { notesOf } from '../../http/exchange-notes.js';
import { redirectWithError, sendAuthorizeErrorPage } from '../../http/respond.js';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import {
  INVALID_REQUEST_PAGE,
  MISSING_PARAMETERS_PAGE,
  pageFailure,
  pickLocale,
  type AuthorizeFailure,
} from './authorize-failure.js';
import { checkQueryRequest, parseResponseMode } from './check-query-request.js';
import { completeAuthorization } from './complete-authorization.js';
import { parseAuthorizeQuery } from './parse-authorize-query.js';
import { processRequestObject } from './process-request-object.js';

function sendFailure(res: Response, failure: AuthorizeFailure, lang: 'en' | 'cy'): void {
  if (failure.target) redirectWithError(res, failure.error, failure.target);
  else sendAuthorizeErrorPage(res, failure.error, lang);
}

/** GET /authorize (any sub-path). Other methods: 405. */
export async function handleAuthorize(
  ctx: SimulatorContext,
  req: Request,
  res: Response,
): Promise<void> {
  if (req.method !== 'GET') {
    notesOf(res).outcome = {
      kind: 'error',
      code: 'method_not_allowed',
      description: `${req.method} is not allowed at /authorize`,
    };
    res.setHeader('Allow', 'GET');
    res.status(405).type('text/html').send(`Method "${req.method}" not allowed`);
    return;
  }
  const params = req.query as Record<string, string>;
  const lang = pickLocale(params.ui_locales);
  const config = ctx.config.get();
  const client = config.clientConfiguration;

  const parsed = parseAuthorizeQuery(params);
  if (!parsed.ok) {
    const { kind, detail } = parsed.error;
    if (kind === 'missing') {
      sendFailure(res, pageFailure(detail, MISSING_PARAMETERS_PAGE), lang);
      return;
    }
    const redirectUri = params.redirect_uri;
    const trusted =
      kind === 'parse' &&
      params.client_id === client.clientId &&
      redirectUri !== undefined &&
      client.redirectUrls.includes(redirectUri);
    if (trusted) {
      const responseMode = parseResponseMode(params.response_mode) ?? 'query';
      const error = invalidRequestRedirect(INVALID_REQUEST_PAGE, { cause: detail });
      redirectWithError(res, error, { redirectUri, responseMode, state: params.state });
    } else sendFailure(res, pageFailure(detail), lang);
    return;
  }
  if (parsed.value.clientId !== client.clientId) {
    sendFailure(res, pageFailure(`client_id ${parsed.value.clientId} is not registered.`), lang);
    return;
  }

  const requestObject = parsed.value.requestObject;
  if (requestObject !== undefined)
    notesOf(res).tokens.push({ role: 'request_object', compact: requestObject });
  const checked =
    requestObject === undefined
      ? checkQueryRequest(params, client)
      : await processRequestObject(params, requestObject, config, ctx.clientKeys, ctx.clock);
  if (!checked.ok) {
    sendFailure(res, checked.error, lang);
    return;
  }
  completeAuthorization(ctx, req, res, checked.value);
}
