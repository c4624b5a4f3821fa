import type { Response } from 'express';
import type { ResponseConfiguration } from '../../config/config-types.js';
import type { AuthorizationRequest } from '../../state/authorization-request.js';
import { interactiveFormCsp } from './content-security-policy.js';
import type { FormValues } from './form-fields.js';
import type { FormIssue } from './parse-form-submission.js';
import {
  renderExpiredPage,
  renderInteractiveForm,
  type PersonaChoice,
} from './render-interactive-form.js';
import type { Lang } from './translations.js';

export interface InteractiveFormPage {
  simulatorUrl: string;
  interactionId: string;
  request: AuthorizationRequest;
  /** The configured response: the starting value of every field. */
  values: Readonly<ResponseConfiguration>;
  /** A refused submission: what was typed and what is wrong with it (status 400). */
  submitted?: Partial<FormValues>;
  issues?: FormIssue[];
  /** Personas offered as one-click choices (see personaChoices). */
  personas?: readonly PersonaChoice[];
}

function pageHeaders(res: Response, csp: string): void {
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cache-Control', 'no-store');
}

/** Sends the interactive form (200, or 400 when it comes back with errors), locked down by CSP. */
export function sendInteractiveForm(res: Response, form: InteractiveFormPage): void {
  const issues = form.issues ?? [];
  pageHeaders(res, interactiveFormCsp(form.simulatorUrl, form.request.redirectUri));
  res
    .status(issues.length ? 400 : 200)
    .type('text/html')
    .send(
      renderInteractiveForm({
        lang: form.request.uiLocale,
        action: `${form.simulatorUrl}/form-submit`,
        interactionId: form.interactionId,
        values: form.values,
        errors: issues,
        submitted: form.submitted,
        request: form.request,
        personas: form.personas,
      }),
    );
}

/** Sends the 400 page for a form whose sign-in is unknown, expired or already completed. */
export function sendExpiredPage(res: Response, simulatorUrl: string, lang: Lang): void {
  pageHeaders(res, interactiveFormCsp(simulatorUrl));
  res.status(400).type('text/html').send(renderExpiredPage(lang));
}
