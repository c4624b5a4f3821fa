import { randomBytes } from 'node:crypto';
import { newId } from '../../state/new-id.js';
import type { Request, Response } from 'express';
import { epochSeconds } from '../../state/clock.js';
import type { SimulatorConfig } from '../../config/config-types.js';
import {
  loginRequired,
  temporarilyUnavailable,
  unmetAuthenticationRequirements,
} from '../../errors/oauth-error.js';
import { readCookie } from '../../http/cookies.js';
import { simulatorPath } from '../../config/simulator-name.js';
import { TOO_MANY_PENDING_CODES, TOO_MANY_PENDING_SIGN_INS } from '../../state/pending-limits.js';
import { notesOf } from '../../http/exchange-notes.js';
import { buildRedirect, redirectWithError, sendServerError } from '../../http/respond.js';
import { LIFETIMES } from '../../state/lifetimes.js';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import type { AuthorizationRequest } from '../../state/authorization-request.js';
import type { UserSession } from '../../state/user-session.js';
import { sendInteractiveForm } from '../interactive/send-interactive-form.js';
import { personaChoices } from '../interactive/choose-persona.js';
import {
  ACCESS_DENIED,
  checkIdentityOutcome,
  returnCodesRequested,
} from './check-identity-outcome.js';
import { authorizeScenario } from '../../scenarios/authorize-scenario.js';
import { isIdentityVector } from '../../rules/check-vtr.js';
import { weightOf } from '../../state/store-budget.js';

export const SESSION_COOKIE = 'simulator_session';

/**
 * The session cookie of a simulator: the root's is simulator_session on /, a named simulator's
 * simulator_session_<name> on /sim/<name>/, so one browser keeps a session with each.
 */
export function sessionCookie(ctx: SimulatorContext): { name: string; path: string } {
  const named = ctx.simulatorName;
  return named === undefined
    ? { name: SESSION_COOKIE, path: '/' }
    : { name: `${SESSION_COOKIE}_${named}`, path: `${simulatorPath(named)}/` };
}
export { ACCESS_DENIED };

/** The facts the configured /authorize scenarios depend on. */
function authorizeFacts(
  ctx: SimulatorContext,
  req: Request,
  request: AuthorizationRequest,
  config: Readonly<SimulatorConfig>,
) {
  const sessionId = readCookie(req, sessionCookie(ctx).name);
  return {
    identity: isIdentityVector(request.vtr),
    returnCodes: returnCodesRequested(request, config),
    reauthentication:
      request.prompt.includes('login') ||
      request.maxAge !== undefined ||
      (sessionId !== undefined && ctx.sessions.has(sessionId)),
  };
}

/** Finds or starts the simulated user's session, re-authenticating when max_age or prompt ask. */
function resolveSession(
  ctx: SimulatorContext,
  req: Request,
  request: AuthorizationRequest,
): { session: UserSession; isNew: boolean } | null {
  const now = epochSeconds(ctx.clock);
  const existingId = readCookie(req, sessionCookie(ctx).name);
  const existing = existingId ? ctx.sessions.get(existingId) : undefined;
  if (!existing && request.prompt.includes('none')) return null;
  if (existing) {
    const client = ctx.config.get().clientConfiguration;
    const tooOld =
      client.maxAgeEnabled &&
      request.maxAge !== undefined &&
      now - existing.authTime > request.maxAge;
    if (tooOld || request.prompt.includes('login')) existing.authTime = now;
    return { session: existing, isNew: false };
  }
  const session: UserSession = {
    id: newId(),
    sid: randomBytes(16).toString('hex'),
    authTime: now,
  };
  return { session, isNew: true };
}

/** After validation: scenarios, identity outcome, session, then the code (or the form). */
export function completeAuthorization(
  ctx: SimulatorContext,
  req: Request,
  res: Response,
  request: AuthorizationRequest,
): void {
  const config = ctx.config.get();
  const notes = notesOf(res);
  const journeyId = newId();
  notes.journeyId = journeyId;
  const target = {
    redirectUri: request.redirectUri,
    state: request.state,
    responseMode: request.responseMode,
  };

  if (request.prompt.includes('select_account')) {
    redirectWithError(
      res,
      unmetAuthenticationRequirements('Unmet authentication requirements'),
      target,
    );
    return;
  }
  const names = config.errorConfiguration.authoriseErrors;
  const scenario = names.length
    ? authorizeScenario(names, authorizeFacts(ctx, req, request, config))
    : null;
  if (scenario) {
    notes.scenarios.push(`authorize:${scenario.name}`);
    // server_error is an HTTP 500, as the provider document's table says; the rest redirect.
    if (scenario.error.redirectable) redirectWithError(res, scenario.error, target);
    else sendServerError(res, scenario.error);
    return;
  }
  const identityError = checkIdentityOutcome(request, config);
  if (identityError) {
    redirectWithError(res, identityError, target);
    return;
  }
  const resolved = resolveSession(ctx, req, request);
  if (!resolved) {
    redirectWithError(res, loginRequired('Login required'), target);
    return;
  }
  const { session } = resolved;
  session.lastJourneyId = journeyId;
  ctx.sessions.set(session.id, session, LIFETIMES.session * 1000, weightOf(session));
  const cookie = sessionCookie(ctx);
  res.cookie(cookie.name, session.id, { httpOnly: true, sameSite: 'lax', path: cookie.path });
  notes.links.sid = session.sid;

  if (config.interactiveMode) {
    const interactionId = randomBytes(24).toString('base64url');
    const added = ctx.interactions.add(
      interactionId,
      { request, sessionId: session.id, sid: session.sid, authTime: session.authTime, journeyId },
      LIFETIMES.interaction * 1000,
      weightOf(request),
    );
    if (!added) {
      redirectWithError(res, temporarilyUnavailable(TOO_MANY_PENDING_SIGN_INS), target);
      return;
    }
    sendInteractiveForm(res, {
      personas: personaChoices(ctx.presets),
      simulatorUrl: config.simulatorUrl,
      interactionId,
      request,
      values: config.responseConfiguration,
    });
    notes.outcome = { kind: 'success' };
    return;
  }

  const code = randomBytes(32).toString('base64url');
  const added = ctx.codes.add(
    code,
    {
      request,
      // The configuration is replaced, never changed in place, so a reference is a snapshot.
      response: config.responseConfiguration,
      sid: session.sid,
      authTime: session.authTime,
      journeyId,
    },
    LIFETIMES.authorizationCode * 1000,
    // The response is the configuration's own object, shared: only the request is the code's.
    weightOf(request),
  );
  if (!added) {
    redirectWithError(res, temporarilyUnavailable(TOO_MANY_PENDING_CODES), target);
    return;
  }
  notes.links.code = code;
  notes.outcome = { kind: 'success' };
  res.redirect(
    302,
    buildRedirect(request.redirectUri, { code, state: request.state }, request.responseMode),
  );
}
