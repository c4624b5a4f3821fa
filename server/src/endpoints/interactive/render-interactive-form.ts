import type { ResponseConfiguration } from '../../config/config-types.js';
import type { ResponseField } from '../../config/field-rules.js';
import { escapeHtml } from '../../http/escape-html.js';
import type { AuthorizationRequest } from '../../state/authorization-request.js';
import {
  CHECKBOXES_SHOWN,
  FORM_FIELDS,
  FORM_LANG,
  FORM_SECTIONS,
  INTERACTION_ID,
  formValuesOf,
  type FormField,
  type FormValues,
} from './form-fields.js';
import type { FormIssue } from './parse-form-submission.js';
import { PAGE_STYLE } from './page-style.js';
import { requestedFields, shortClaimName, vectorText } from './requested-fields.js';
import { INTERACTIVE_TEXT, issueMessage, type InteractiveText, type Lang } from './translations.js';

/** A persona offered on the form: one click signs in with its response configuration. */
export interface PersonaChoice {
  id: string;
  name: string;
  description: string;
  /** Shown instead on the Welsh form, when the persona has them. */
  nameCy?: string;
  descriptionCy?: string;
}

/** The submit button's name: its value is the persona id. */
export const PERSONA_FIELD = 'persona';
/** The id of the persona section (the error summary links to it). */
const PERSONAS_ID = 'personas';

export interface InteractiveFormModel {
  lang: Lang;
  /** Where the form posts: `${simulatorUrl}/form-submit`. */
  action: string;
  interactionId: string;
  /** The configured response: the starting value of every field. */
  values: Readonly<ResponseConfiguration>;
  /** Problems with the last submission, shown in a summary and next to each field. */
  errors: FormIssue[];
  /** What was submitted last time (kept as typed when the form comes back with errors). */
  submitted?: Partial<FormValues>;
  /** The /authorize request, summarised so testers see what will be returned. */
  request?: AuthorizationRequest;
  /** Personas offered as one-click choices (none: the section is left out). */
  personas?: readonly PersonaChoice[];
}

const e = escapeHtml;

function page(lang: Lang, title: string, t: InteractiveText, main: string): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${e(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<a href="#main" class="skip-link">${e(t.skipLink)}</a>
<header class="header"><div class="width"><span class="header-title">${e(t.serviceName)}</span><span class="mode-tag">${e(t.modeTag)}</span></div></header>
<main id="main" class="width">
${main}
</main>
<footer class="footer"><div class="width"><p>${e(t.footer)}</p></div></footer>
</body>
</html>
`;
}

function errorSummary(t: InteractiveText, lang: Lang, errors: FormIssue[]): string {
  if (errors.length === 0) return '';
  const known = new Set<string>(FORM_FIELDS.map((f) => f.key));
  const items = errors
    .map((issue) => {
      const text = e(issueMessage(issue, lang));
      if (issue.field === PERSONA_FIELD) return `<li><a href="#${PERSONAS_ID}">${text}</a></li>`;
      return known.has(issue.field)
        ? `<li><a href="#${e(issue.field)}">${text}</a></li>`
        : `<li>${text}</li>`;
    })
    .join('\n');
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus data-testid="error-summary">
<h2 id="error-summary-title">${e(t.errorSummaryTitle)}</h2>
<ul>
${items}
</ul>
</div>`;
}

function requestSummary(t: InteractiveText, request: AuthorizationRequest | undefined): string {
  if (!request) return '';
  const r = t.request;
  const list = (items: string[]) =>
    items.length ? items.map((i) => `<code>${e(i)}</code>`).join(' ') : e(r.none);
  const returned = FORM_FIELDS.filter((f) => requestedFields(request).has(f.key)).map((f) => f.key);
  const row = (label: string, value: string, testId: string) =>
    `<div><dt>${e(label)}</dt><dd data-testid="${testId}">${value}</dd></div>`;
  return `<section class="request" aria-labelledby="request-heading" data-testid="request-summary">
<h2 id="request-heading">${e(r.heading)}</h2>
<dl class="summary-list">
${row(r.client, `<code>${e(request.clientId)}</code>`, 'request-client')}
${row(r.scopes, list(request.scopes), 'request-scopes')}
${row(r.claims, list(request.claims.map(shortClaimName)), 'request-claims')}
${row(r.vtr, `<code>${e(vectorText(request))}</code>`, 'request-vtr')}
${row(r.redirect, `<code>${e(request.redirectUri)}</code>`, 'request-redirect')}
${row(r.returned, list(returned), 'request-returned')}
</dl>
</section>`;
}

/** The hidden fields both forms send: which sign-in, and in which language. */
function hiddenFields(model: InteractiveFormModel, lang: Lang): string {
  return `<input type="hidden" name="${INTERACTION_ID}" value="${e(model.interactionId)}">
<input type="hidden" name="${FORM_LANG}" value="${lang}">`;
}

/**
 * One submit button per persona, in a form of their own: a persona replaces every field, so
 * nothing else needs sending, and Enter in a field of the response form presses that form's only
 * submit button, Continue. It follows the response form in the page, which stays the first form as
 * on the public simulator (for scripts that fill in "the form"), and is shown above it by the style.
 */
function personaForm(
  model: InteractiveFormModel,
  t: InteractiveText,
  lang: Lang,
  personas: readonly PersonaChoice[],
  issue: FormIssue | undefined,
): string {
  if (personas.length === 0) return '';
  const p = t.personas;
  const items = personas
    .map((choice, i) => {
      const persona =
        lang === 'cy'
          ? {
              ...choice,
              name: choice.nameCy ?? choice.name,
              description: choice.descriptionCy ?? choice.description,
            }
          : choice;
      const nameId = `persona-${i}-name`;
      const descriptionId = `persona-${i}-description`;
      const description = persona.description
        ? `<p class="persona-description" id="${descriptionId}">${e(persona.description)}</p>`
        : '';
      return `<li class="persona" data-testid="persona-choice">
<div class="persona-text"><p class="persona-name" id="${nameId}">${e(persona.name)}</p>
${description}</div>
<button type="submit" class="button button--secondary" name="${PERSONA_FIELD}" value="${e(persona.id)}" aria-describedby="${nameId}${description ? ` ${descriptionId}` : ''}" data-testid="use-persona" data-persona-id="${e(persona.id)}">${e(p.button)}<span class="visually-hidden">: ${e(persona.name)}</span></button>
</li>`;
    })
    .join('\n');
  const error = issue
    ? `<p id="${PERSONAS_ID}-error" class="error-message"><span class="visually-hidden">${e(t.errorLabel)}</span> ${e(issueMessage(issue, lang))}</p>`
    : '';
  return `<form method="post" action="${e(model.action)}" accept-charset="utf-8" novalidate class="persona-form" data-testid="persona-form">
${hiddenFields(model, lang)}
<section class="personas${issue ? ' form-group--error' : ''}" id="${PERSONAS_ID}" aria-labelledby="${PERSONAS_ID}-heading" data-testid="persona-choices">
<h2 id="${PERSONAS_ID}-heading">${e(p.heading)}</h2>
<p class="hint">${e(p.intro)}</p>
${error}<ul class="persona-list">
${items}
</ul>
</section>
</form>
`;
}

interface FieldView {
  field: FormField;
  value: string | boolean;
  issue: FormIssue | undefined;
  requested: boolean | undefined;
  askedLevel: string | null;
}

function fieldHtml(t: InteractiveText, lang: Lang, view: FieldView): string {
  const { field, value, issue } = view;
  const text = t.fields[field.key];
  const id = field.key;
  const describedBy: string[] = [];
  let hint = text.hint ?? '';
  if (field.key === 'maxLoCAchieved' && view.askedLevel)
    hint = `${hint} ${t.levelAsked(view.askedLevel)}`.trim();
  const hintHtml = hint ? `<div id="${id}-hint" class="hint">${e(hint)}</div>` : '';
  if (hint) describedBy.push(`${id}-hint`);
  const errorHtml = issue
    ? `<p id="${id}-error" class="error-message"><span class="visually-hidden">${e(t.errorLabel)}</span> ${e(issueMessage(issue, lang))}</p>`
    : '';
  if (issue) describedBy.push(`${id}-error`);
  const aria = [
    describedBy.length ? `aria-describedby="${describedBy.join(' ')}"` : '',
    issue ? 'aria-invalid="true"' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const tag = view.requested === false ? ` <strong class="tag">${e(t.notRequested)}</strong>` : '';
  const label = `<label class="label" for="${id}">${e(text.label)}${tag}</label>`;
  const groupClass = `form-group${issue ? ' form-group--error' : ''}`;

  if (field.kind === 'checkbox') {
    return `<div class="${groupClass}">
${errorHtml}<div class="checkbox">
<input type="hidden" name="${CHECKBOXES_SHOWN}" value="${id}">
<input type="checkbox" id="${id}" name="${id}" value="true"${value === true ? ' checked' : ''} data-testid="${field.testId}" ${aria}>
${label}
</div>
</div>`;
  }
  const stringValue = typeof value === 'string' ? value : '';
  const errorClass = issue ? ' input--error' : '';
  const control =
    field.kind === 'json'
      ? // The newline after the start tag is eaten by the HTML parser, so a value that starts
        // with one keeps it.
        `<textarea class="textarea${errorClass}" id="${id}" name="${id}" rows="${field.rows ?? 4}" spellcheck="false" autocomplete="off" data-testid="${field.testId}" ${aria}>\n${e(stringValue)}</textarea>`
      : `<input class="input${field.key === 'maxLoCAchieved' ? ' input--short' : ''}${errorClass}" id="${id}" name="${id}" type="text" value="${e(stringValue)}" spellcheck="false" autocomplete="off"${field.key === 'sub' ? ' required aria-required="true"' : ''} data-testid="${field.testId}" ${aria}>`;
  return `<div class="${groupClass}">
${label}
${hintHtml}
${errorHtml}
${control}
</div>`;
}

/** The interactive-mode form: every response field, pre-filled, in English or Welsh. */
export function renderInteractiveForm(model: InteractiveFormModel): string {
  const lang: Lang = model.lang === 'cy' ? 'cy' : 'en';
  const t = INTERACTIVE_TEXT[lang];
  const values: FormValues = { ...formValuesOf(model.values), ...model.submitted };
  const requested = model.request ? requestedFields(model.request) : undefined;
  const firstIssue = new Map<ResponseField, FormIssue>();
  for (const issue of model.errors) {
    const field = FORM_FIELDS.find((f) => f.key === issue.field);
    if (field && !firstIssue.has(field.key)) firstIssue.set(field.key, issue);
  }

  const sections = FORM_SECTIONS.map((section) => {
    const fields = FORM_FIELDS.filter((f) => f.section === section)
      .map((field) =>
        fieldHtml(t, lang, {
          field,
          value: values[field.key],
          issue: firstIssue.get(field.key),
          requested: requested?.has(field.key),
          askedLevel: model.request?.vtr.levelOfConfidence ?? null,
        }),
      )
      .join('\n');
    return `<fieldset class="fieldset" data-section="${section}">
<legend><h2>${e(t.sections[section])}</h2></legend>
${fields}
</fieldset>`;
  }).join('\n');

  const personas = model.personas ?? [];
  const personaIssue = model.errors.find((i) => i.field === PERSONA_FIELD);
  const main = `${errorSummary(t, lang, model.errors)}
<h1>${e(t.heading)}</h1>
<p class="lead">${e(t.intro)}</p>
${requestSummary(t, model.request)}
<div class="forms"><form method="post" action="${e(model.action)}" accept-charset="utf-8" novalidate data-testid="interactive-form">
${hiddenFields(model, lang)}
${sections}
<button type="submit" class="button" name="continue" value="continue" data-testid="continue">${e(t.continueButton)}</button>
</form>
${personaForm(model, t, lang, personas, personaIssue)}</div>`;
  const title = `${model.errors.length ? t.errorPrefix : ''}${t.title} – ${t.serviceName}`;
  return page(lang, title, t, main);
}

/** The page for a form posted after its sign-in expired or was already completed. */
export function renderExpiredPage(lang: Lang): string {
  const t = INTERACTIVE_TEXT[lang];
  const main = `<h1>${e(t.expired.heading)}</h1>
<p class="lead">${e(t.expired.body)}</p>`;
  return page(lang, `${t.expired.message} – ${t.serviceName}`, t, main);
}
