import type { Request, Response } from 'express';
import {
  invalidGrant,
  invalidRequest,
  unsupportedGrantType,
  type OAuthError,
} from '../../errors/oauth-error.js';
import { notesOf } from '../../http/exchange-notes.js';
import { sendServerError, sendTokenError } from '../../http/respond.js';
import { tokenScenario, type TokenStage } from '../../scenarios/token-scenario.js';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import { authenticateClientSecretPost } from '../../tokens/client-auth/client-secret-post.js';
import { authenticatePrivateKeyJwt } from '../../tokens/client-auth/private-key-jwt.js';
import { issueTokens } from '../../tokens/issue-tokens.js';
import { checkPkceVerifier } from './check-pkce-verifier.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** POST /token: authorization_code grant, checks in the provider's order. */
export async function handleToken(
  ctx: SimulatorContext,
  req: Request,
  res: Response,
): Promise<void> {
  const notes = notesOf(res);
  const fail = (error: OAuthError) => sendTokenError(res, error);
  const body: Record<string, unknown> = isObject(req.body) ? req.body : {};

  const repeated = Object.keys(body).filter((k) => Array.isArray(body[k]));
  if (repeated.length)
    return fail(invalidRequest(`Request contains repeated parameter: ${repeated.join(', ')}`));
  const nonString = Object.keys(body).filter((k) => typeof body[k] !== 'string');
  if (nonString.length)
    return fail(invalidRequest(`Parameters must be strings: ${nonString.join(', ')}`));

  const grantType = str(body.grant_type);
  if (!grantType) return fail(invalidRequest('Request is missing grant_type parameter'));
  if (grantType !== 'authorization_code')
    return fail(unsupportedGrantType('Unsupported grant type'));
  const redirectUri = str(body.redirect_uri);
  if (!redirectUri) return fail(invalidRequest('Request is missing redirect_uri parameter'));
  const code = str(body.code);
  if (!code) return fail(invalidRequest('Request is missing code parameter'));
  notes.links.code = code;

  const assertionType = str(body.client_assertion_type);
  const assertion = str(body.client_assertion);
  const secret = str(body.client_secret);
  const clientId = str(body.client_id);
  const config = ctx.config.get();
  /** A configured /token scenario answers instead, if one applies at this stage. */
  const scenarioAnswers = (stage: TokenStage): boolean => {
    const scenario = tokenScenario(config.errorConfiguration.tokenErrors, stage);
    if (!scenario) return false;
    notes.scenarios.push(`token:${scenario.name}`);
    // The answer belongs to the sign-in whose code was sent (looked at, not used up), so the
    // log and the relying-party check see the error as part of that journey.
    const journeyId = ctx.codes.get(code)?.journeyId;
    if (journeyId !== undefined) notes.journeyId = journeyId;
    if (scenario.error.status >= 500) sendServerError(res, scenario.error);
    else sendTokenError(res, scenario.error);
    return true;
  };
  const usesAssertion = assertionType !== undefined && assertion !== undefined;
  // Recorded before any scenario answers, so the log shows the assertion of every request.
  if (usesAssertion) notes.tokens.push({ role: 'client_assertion', compact: assertion });
  if (scenarioAnswers('before-client-auth')) return;

  let auth;
  if (usesAssertion) {
    auth = await authenticatePrivateKeyJwt(
      { clientAssertionType: assertionType, clientAssertion: assertion, clientId },
      {
        config,
        clock: ctx.clock,
        clientKeys: ctx.clientKeys,
        usedAssertionIds: ctx.usedAssertionIds,
        backchannelUrl: ctx.backchannelUrl,
      },
    );
  } else if (secret !== undefined && clientId !== undefined) {
    auth = await authenticateClientSecretPost(
      clientId,
      secret,
      config.clientConfiguration,
      ctx.secretVerifier,
    );
  } else {
    return fail(invalidRequest('Invalid token authentication method used'));
  }
  if (!auth.ok) return fail(auth.error);
  if (scenarioAnswers('after-client-auth')) return;

  // A redirect_uri that differs from the one sent to /authorize is refused without using the
  // code up, so a corrected request still succeeds (as the public simulator does).
  const pending = ctx.codes.get(code);
  if (pending && pending.request.redirectUri !== redirectUri)
    return fail(
      invalidGrant('Invalid grant', {
        cause: 'redirect_uri differs from the one sent to /authorize',
      }),
    );
  // Single use: the code is taken from the store before anything else can reach it.
  const grant = ctx.codes.take(code);
  if (!grant)
    return fail(invalidGrant('Invalid grant', { cause: 'unknown, expired or already used code' }));
  notes.journeyId = grant.journeyId;
  notes.links.sid = grant.sid;
  if (grant.request.clientId !== auth.value.clientId)
    return fail(invalidGrant('Invalid grant', { cause: 'code was issued to another client' }));
  const pkceError = checkPkceVerifier(grant.request.codeChallenge, body.code_verifier);
  if (pkceError) return fail(pkceError);

  const issued = await issueTokens(ctx, grant);
  notes.tokens.push(
    { role: 'id_token', compact: issued.idToken },
    { role: 'access_token', compact: issued.accessToken },
  );
  notes.scenarios.push(...issued.scenarios);
  notes.links.accessToken = issued.accessToken;
  notes.outcome = { kind: 'success' };
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.json({
    access_token: issued.accessToken,
    token_type: 'Bearer',
    expires_in: issued.expiresIn,
    id_token: issued.idToken,
  });
}
