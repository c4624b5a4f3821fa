import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { isPlainObject } from '../../config/field-rules.js';
import { temporarilyUnavailable } from '../../errors/oauth-error.js';
import { notesOf } from '../../http/exchange-notes.js';
import { TOO_MANY_PENDING_CODES } from '../../state/pending-limits.js';
import { buildRedirect, redirectWithError } from '../../http/respond.js';
import { LIFETIMES } from '../../state/lifetimes.js';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import { checkIdentityOutcome } from '../authorize/check-identity-outcome.js';
import { parsePersonaChoice, personaChoices } from './choose-persona.js';
import { FORM_LANG, INTERACTION_ID } from './form-fields.js';
import { parseFormSubmission } from './parse-form-submission.js';
import { PERSONA_FIELD } from './render-interactive-form.js';
import { sendExpiredPage, sendInteractiveForm } from './send-interactive-form.js';
import { INTERACTIVE_TEXT } from './translations.js';
import { weightOf } from '../../state/store-budget.js';

export const INTERACTION_EXPIRED = INTERACTIVE_TEXT.en.expired.message;

/** Interaction ids are 32 characters; anything far longer is not worth a lookup. */
const MAX_ID_LENGTH = 256;

/** A script (JSON body, or Accept preferring JSON) gets JSON errors; a browser gets pages. */
function wantsJson(req: Request): boolean {
  if (req.is('application/json')) return true;
  return req.accepts(['text/html', 'application/json']) === 'application/json';
}

/**
 * POST /form-submit: the tester's answer to the interactive form. The pending sign-in named by
 * the hidden interactionId is consumed once it completes (refusals leave it open); the redirect target and state come from it, never from
 * the form. Invalid fields bring the form back (or a JSON list of them); valid ones issue the
 * code, exactly as a non-interactive /authorize does. A `persona` (one of the form's persona
 * buttons) replaces every field with that persona's response configuration; the other fields
 * submitted with it are ignored.
 */
export function handleFormSubmit(ctx: SimulatorContext, req: Request, res: Response): void {
  const config = ctx.config.get();
  const notes = notesOf(res);
  const body: Record<string, unknown> = isPlainObject(req.body) ? req.body : {};
  const json = wantsJson(req);

  const rawId = body[INTERACTION_ID];
  const interactionId =
    typeof rawId === 'string' && rawId.length > 0 && rawId.length <= MAX_ID_LENGTH ? rawId : null;
  // Looked up, not consumed: the sign-in is spent only when it completes (a redirect below), so
  // a refused submission of any kind, even an unexpected fault, leaves it open for a retry.
  const pending = interactionId ? ctx.interactions.get(interactionId) : undefined;
  if (!interactionId || !pending) {
    notes.outcome = { kind: 'error', code: 'invalid_request', description: INTERACTION_EXPIRED };
    if (json) {
      res.status(400).json({
        error: 'invalid_request',
        error_description: INTERACTION_EXPIRED,
        invalid_fields: [{ field: INTERACTION_ID, msg: INTERACTION_EXPIRED }],
      });
    } else {
      sendExpiredPage(res, config.simulatorUrl, body[FORM_LANG] === 'cy' ? 'cy' : 'en');
    }
    return;
  }

  const { request } = pending;
  notes.journeyId = pending.journeyId;
  notes.links.sid = pending.sid;

  const parsed = Object.hasOwn(body, PERSONA_FIELD)
    ? parsePersonaChoice(ctx.presets, body[PERSONA_FIELD], config.responseConfiguration)
    : parseFormSubmission(body, config.responseConfiguration);
  if (!parsed.ok) {
    const { issues, submitted } = parsed.error;
    notes.outcome = {
      kind: 'error',
      code: 'invalid_request',
      description: `Invalid form fields: ${issues.map((i) => `${i.field} ${i.msg}`).join('; ')}`,
    };
    // The sign-in stays open under the same id, so the tester (or a script) can correct and
    // resend; the lifetime starts again.
    ctx.interactions.set(
      interactionId,
      pending,
      LIFETIMES.interaction * 1000,
      weightOf(pending.request),
    );
    if (json) {
      res.setHeader('Cache-Control', 'no-store');
      res.status(400).json({
        error: 'invalid_request',
        invalid_fields: issues.map(({ field, msg }) => ({ field, msg })),
      });
    } else {
      sendInteractiveForm(res, {
        simulatorUrl: config.simulatorUrl,
        interactionId,
        request,
        values: config.responseConfiguration,
        submitted,
        issues,
        personas: personaChoices(ctx.presets),
      });
    }
    return;
  }

  const response = parsed.value;
  const identityError = checkIdentityOutcome(request, config, response);
  if (identityError) {
    ctx.interactions.delete(interactionId);
    redirectWithError(res, identityError, {
      redirectUri: request.redirectUri,
      state: request.state,
      responseMode: request.responseMode,
    });
    return;
  }

  const code = randomBytes(32).toString('base64url');
  const added = ctx.codes.add(
    code,
    {
      request,
      response,
      sid: pending.sid,
      authTime: pending.authTime,
      journeyId: pending.journeyId,
    },
    LIFETIMES.authorizationCode * 1000,
    // The submitted form is the code's own copy: it counts against the shared byte budget.
    weightOf(request) + weightOf(response),
  );
  if (!added) {
    redirectWithError(res, temporarilyUnavailable(TOO_MANY_PENDING_CODES), {
      redirectUri: request.redirectUri,
      state: request.state,
      responseMode: request.responseMode,
    });
    return; // the sign-in stays open: the same form can be sent again
  }
  ctx.interactions.delete(interactionId);
  notes.links.code = code;
  notes.outcome = { kind: 'success' };
  res.redirect(
    302,
    buildRedirect(request.redirectUri, { code, state: request.state }, request.responseMode),
  );
}
