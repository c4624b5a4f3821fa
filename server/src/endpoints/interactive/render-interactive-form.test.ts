import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config/defaults.js';
import type { ResponseConfiguration } from '../../config/config-types.js';
import type { AuthorizationRequest } from '../../state/authorization-request.js';
import { FORM_FIELDS } from './form-fields.js';
import { renderExpiredPage, renderInteractiveForm } from './render-interactive-form.js';
import type { FormIssue } from './parse-form-submission.js';
import { INTERACTIVE_TEXT, issueMessage } from './translations.js';

const VOCAB = 'https://vocab.account.gov.uk/v1';
const HOSTILE = '"><script>alert(1)</script><a x=\'';

const request = (overrides: Partial<AuthorizationRequest> = {}): AuthorizationRequest => ({
  clientId: 'client-1',
  redirectUri: 'http://localhost:8080/callback',
  responseMode: 'query',
  scopes: ['openid', 'email'],
  claims: [`${VOCAB}/address`],
  state: 'state-1',
  nonce: 'nonce-1',
  vtr: { credentialTrust: 'Cl.Cm', levelOfConfidence: 'P2' },
  uiLocale: 'en',
  prompt: [],
  viaRequestObject: false,
  ...overrides,
});

function render(
  options: {
    lang?: 'en' | 'cy';
    values?: ResponseConfiguration;
    errors?: FormIssue[];
    request?: AuthorizationRequest;
    interactionId?: string;
    action?: string;
  } = {},
): string {
  return renderInteractiveForm({
    lang: options.lang ?? 'en',
    action: options.action ?? 'http://localhost:3000/form-submit',
    interactionId: options.interactionId ?? 'interaction-1',
    values: options.values ?? defaultConfig().responseConfiguration,
    errors: options.errors ?? [],
    request: options.request,
  });
}

/** The opening tag of the element carrying this data-testid. */
function tagWithTestId(html: string, testId: string): string {
  const match = new RegExp(`<(input|textarea)[^>]*data-testid="${testId}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no element with data-testid=${testId}`);
  return match[0];
}

describe('renderInteractiveForm: structure', () => {
  it('sets the page language', () => {
    expect(render({ lang: 'en' })).toContain('<html lang="en">');
    expect(render({ lang: 'cy' })).toContain('<html lang="cy">');
  });

  it('posts to the form-submit address with the interaction id and no redirect target', () => {
    const html = render({ request: request() });
    expect(html).toContain('<form method="post" action="http://localhost:3000/form-submit"');
    expect(html).toContain('<input type="hidden" name="interactionId" value="interaction-1">');
    expect(html).not.toMatch(/name="(redirectUri|redirect_uri|authRequestParams|state)"/);
  });

  it.each(FORM_FIELDS.map((f) => [f.key, f.testId] as const))(
    'lists %s with its label, id and data-testid %s',
    (key, testId) => {
      const html = render();
      const tag = tagWithTestId(html, testId);
      expect(tag).toContain(`id="${key}"`);
      expect(tag).toContain(`name="${key}"`);
      expect(html).toContain(`<label class="label" for="${key}">`);
    },
  );

  it('pre-fills every field with the configured values', () => {
    const values: ResponseConfiguration = {
      ...defaultConfig().responseConfiguration,
      sub: 'sub-123',
      email: null,
      emailVerified: false,
      phoneNumberVerified: true,
      maxLoCAchieved: 'P1',
      passportDetails: [{ documentNumber: '123' }],
    };
    const html = render({ values });
    expect(tagWithTestId(html, 'sub')).toContain('value="sub-123"');
    expect(tagWithTestId(html, 'email')).toContain('value=""');
    expect(tagWithTestId(html, 'phone-number')).toContain('value="+447123456789"');
    expect(tagWithTestId(html, 'max-loc-achieved')).toContain('value="P1"');
    expect(tagWithTestId(html, 'email-verified')).not.toContain('checked');
    expect(tagWithTestId(html, 'phone-number-verified')).toContain('checked');
    expect(html).toMatch(
      /data-testid="passport-details"[^>]*>\n\[\n {2}\{\n {4}&quot;documentNumber&quot;: &quot;123&quot;/,
    );
    expect(html).toMatch(/data-testid="driving-permit-details"[^>]*>\n<\/textarea>/);
    expect(html).toContain('&quot;GEOFFREY&quot;');
  });

  it('marks each checkbox as shown, so an unticked box can mean false', () => {
    const html = render();
    expect(html).toContain('<input type="hidden" name="checkboxesShown" value="emailVerified">');
    expect(html).toContain(
      '<input type="hidden" name="checkboxesShown" value="phoneNumberVerified">',
    );
  });

  it('ties hints to their fields and groups fields in fieldsets with legends', () => {
    const html = render();
    expect(html).toContain('<div id="sub-hint" class="hint">');
    expect(tagWithTestId(html, 'sub')).toContain('aria-describedby="sub-hint"');
    expect(tagWithTestId(html, 'sub')).toContain('required');
    expect(html.match(/<fieldset/g)).toHaveLength(2);
    expect(html.match(/<legend>/g)).toHaveLength(2);
    expect(html).toContain('<button type="submit" class="button" name="continue"');
  });

  it('loads nothing from elsewhere and runs no script', () => {
    const html = render({ request: request() });
    expect(html).not.toMatch(/<script|<link|<img|src=|javascript:/i);
  });
});

describe('renderInteractiveForm: the request summary', () => {
  it('shows scopes, claims, vtr and where the user returns', () => {
    const html = render({ request: request() });
    expect(html).toContain('What the service asked for');
    expect(html).toMatch(/data-testid="request-scopes"><code>openid<\/code> <code>email<\/code>/);
    expect(html).toMatch(/data-testid="request-claims"><code>address<\/code>/);
    expect(html).toMatch(/data-testid="request-vtr"><code>P2\.Cl\.Cm<\/code>/);
    expect(html).toContain('http://localhost:8080/callback');
    expect(html).toContain('The service asked for P2.');
  });

  it('lists the fields the service will receive and tags the others', () => {
    const html = render({ request: request() });
    const returned = /data-testid="request-returned">(.*?)<\/dd>/.exec(html)?.[1] ?? '';
    expect(returned).toBe(
      ['sub', 'email', 'emailVerified', 'maxLoCAchieved', 'postalAddressDetails']
        .map((k) => `<code>${k}</code>`)
        .join(' '),
    );
    expect(html).toMatch(/for="phoneNumber">[^<]*<strong class="tag">Not requested<\/strong>/);
    expect(html).not.toMatch(/for="email">[^<]*<strong class="tag">/);
  });

  it('says "None" when no identity claims were asked for', () => {
    const html = render({ request: request({ claims: [] }) });
    expect(html).toMatch(/data-testid="request-claims">None</);
  });

  it('is left out when the request is not known', () => {
    expect(render()).not.toContain('data-testid="request-summary"');
  });
});

describe('renderInteractiveForm: Welsh', () => {
  const html = render({ lang: 'cy', request: request({ uiLocale: 'cy' }) });

  it('translates the page, labels, hints and the button', () => {
    const cy = INTERACTIVE_TEXT.cy;
    expect(html).toContain('<title>Rhowch ffurfweddiad yr ymateb – Identity Simulator</title>');
    expect(html).toContain('<h1>Rhowch ffurfweddiad yr ymateb</h1>');
    expect(html).toContain('>Parhau</button>');
    expect(html).toContain('Beth y gofynnodd y gwasanaeth amdano');
    expect(html).toContain('Ni ofynnwyd amdano');
    expect(html).toContain('Neidio i’r prif gynnwys');
    for (const field of FORM_FIELDS) {
      const text = cy.fields[field.key];
      expect(html).toContain(`for="${field.key}">${text.label}`);
      if (text.hint) expect(html).toContain(text.hint.replace(/"/g, '&quot;'));
    }
  });

  it('leaves no English label, hint or heading behind', () => {
    const en = INTERACTIVE_TEXT.en;
    const english = [
      en.heading,
      en.intro,
      en.continueButton,
      en.request.heading,
      en.notRequested,
      ...Object.values(en.sections),
      ...Object.values(en.fields).flatMap((f) => [f.label, f.hint ?? 'no hint']),
    ];
    for (const text of english) expect(html).not.toContain(text.replace(/"/g, '&quot;'));
  });

  it('keeps field names, ids and JSON untranslated', () => {
    expect(html).toContain('name="coreIdentityVerifiableCredentials"');
    expect(html).toContain('&quot;credentialSubject&quot;');
  });

  it('has a Welsh text for every English one', () => {
    const keys = (o: object): string[] => Object.keys(o).sort();
    const en = INTERACTIVE_TEXT.en;
    const cy = INTERACTIVE_TEXT.cy;
    expect(keys(cy)).toEqual(keys(en));
    expect(keys(cy.fields)).toEqual(keys(en.fields));
    for (const key of keys(en.fields) as (keyof typeof en.fields)[]) {
      expect(cy.fields[key].label).not.toBe(en.fields[key].label);
      expect(Boolean(cy.fields[key].hint)).toBe(Boolean(en.fields[key].hint));
    }
  });
});

describe('renderInteractiveForm: errors', () => {
  const errors: FormIssue[] = [
    { field: 'sub', code: 'required', msg: 'must not be empty' },
    { field: 'maxLoCAchieved', code: 'level', msg: 'must be one of P0, P1, P2, P3' },
    { field: 'passportDetails', code: 'json', msg: 'must be valid JSON', position: 3 },
  ];

  it('shows a focused error summary linking to each field', () => {
    const html = render({ errors });
    expect(html).toContain('<title>Error: Enter response configuration – Identity Simulator');
    expect(html).toMatch(/<div class="error-summary" role="alert"[^>]*tabindex="-1" autofocus/);
    expect(html).toContain('<h2 id="error-summary-title">There is a problem</h2>');
    expect(html).toContain('<li><a href="#sub">Enter a subject identifier (sub)</a></li>');
    expect(html).toContain(
      '<li><a href="#maxLoCAchieved">Enter a level of confidence: P0, P1, P2 or P3</a></li>',
    );
    expect(html).toContain(
      '<li><a href="#passportDetails">Enter passport details as valid JSON (check character 3)</a></li>',
    );
  });

  it('shows each error next to its field, described and flagged as invalid', () => {
    const html = render({ errors });
    expect(html).toContain(
      '<p id="sub-error" class="error-message"><span class="visually-hidden">Error:</span> Enter a subject identifier (sub)</p>',
    );
    const sub = tagWithTestId(html, 'sub');
    expect(sub).toContain('aria-describedby="sub-hint sub-error"');
    expect(sub).toContain('aria-invalid="true"');
    expect(sub).toContain('input--error');
    expect(tagWithTestId(html, 'email')).not.toContain('aria-invalid');
  });

  it('words errors in Welsh', () => {
    const html = render({ lang: 'cy', errors });
    expect(html).toContain('<title>Gwall: Rhowch ffurfweddiad yr ymateb');
    expect(html).toContain('<h2 id="error-summary-title">Mae problem</h2>');
    expect(html).toContain('<a href="#sub">Rhowch ddynodwr pwnc (sub)</a>');
    expect(html).toContain('<a href="#maxLoCAchieved">Rhowch lefel hyder: P0, P1, P2 neu P3</a>');
    expect(html).toContain('Rhowch fanylion pasbort fel JSON dilys (gwiriwch nod 3)');
    expect(html).toContain('<span class="visually-hidden">Gwall:</span>');
  });

  it('has no error summary without errors', () => {
    expect(render()).not.toContain('class="error-summary"');
  });

  it('has an English and a Welsh message for every kind of problem', () => {
    const cases: FormIssue[] = [
      { field: 'sub', code: 'required', msg: '' },
      { field: 'email', code: 'text', msg: '' },
      { field: 'email', code: 'single', msg: '' },
      { field: 'phoneNumber', code: 'tooLong', msg: '' },
      { field: 'maxLoCAchieved', code: 'level', msg: '' },
      { field: 'emailVerified', code: 'boolean', msg: '' },
      { field: 'returnCodes', code: 'json', msg: '' },
      { field: 'coreIdentityVerifiableCredentials', code: 'shape', msg: '' },
      { field: 'drivingPermitDetails', code: 'shape', msg: '' },
      { field: 'returnCodes', code: 'shape', msg: '' },
      { field: 'postalAddressDetails', code: 'tooMany', msg: '' },
      { field: 'passportDetails', code: 'tooDeep', msg: '' },
    ];
    for (const issue of cases) {
      const en = issueMessage(issue, 'en');
      const cy = issueMessage(issue, 'cy');
      expect(en.length).toBeGreaterThan(10);
      expect(cy.length).toBeGreaterThan(10);
      expect(cy).not.toBe(en);
    }
    expect(issueMessage({ field: 'phoneNumber', code: 'tooLong', msg: '' }, 'cy')).toBe(
      'Rhaid i rif ffôn fod yn 10,000 nod neu lai',
    );
    expect(issueMessage({ field: 'postalAddressDetails', code: 'shape', msg: '' }, 'cy')).toBe(
      'Rhowch gyfeiriadau post fel arae JSON o wrthrychau, neu gadewch y blwch yn wag',
    );
  });

  it('falls back to the plain message for a problem it has no words for', () => {
    const html = render({ errors: [{ field: 'interactionId', msg: 'unknown' }] });
    expect(html).toContain('<li>unknown</li>');
  });
});

describe('renderInteractiveForm: escaping', () => {
  const hostileValues: ResponseConfiguration = {
    ...defaultConfig().responseConfiguration,
    sub: HOSTILE,
    email: HOSTILE,
    phoneNumber: HOSTILE,
    maxLoCAchieved: HOSTILE,
    passportDetails: [{ note: '</textarea><script>alert(1)</script>' }],
    returnCodes: [{ code: HOSTILE }],
  };

  it('escapes every value, attribute and text', () => {
    const html = render({
      values: hostileValues,
      interactionId: HOSTILE,
      action: `http://localhost:3000/form-submit?${HOSTILE}`,
      errors: [{ field: HOSTILE, msg: HOSTILE }],
      request: request({
        clientId: HOSTILE,
        redirectUri: `http://localhost:8080/cb?x=${HOSTILE}`,
        scopes: [HOSTILE],
        claims: [HOSTILE],
        vtr: { credentialTrust: HOSTILE, levelOfConfidence: null },
      }),
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain("<a x='");
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;a x=&#39;');
    expect(html.match(/<\/textarea>/g)).toHaveLength(5);
  });

  it('keeps a textarea value that starts with a newline', () => {
    const html = renderInteractiveForm({
      lang: 'en',
      action: '/form-submit',
      interactionId: 'i',
      values: defaultConfig().responseConfiguration,
      errors: [],
      submitted: { returnCodes: '\n[]' },
    });
    expect(html).toMatch(/data-testid="return-codes"[^>]*>\n\n\[\]<\/textarea>/);
  });
});

describe('renderExpiredPage', () => {
  it('explains in English', () => {
    const html = renderExpiredPage('en');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('This sign-in has expired or was already completed');
    expect(html).toContain('Start again from the service.');
  });
  it('explains in Welsh', () => {
    const html = renderExpiredPage('cy');
    expect(html).toContain('<html lang="cy">');
    expect(html).toContain('Mae’r mewngofnodi hwn wedi dod i ben');
    expect(html).not.toContain('This sign-in');
  });
});

describe('renderInteractiveForm: personas', () => {
  const personas = [
    { id: 'default-user', name: 'Default user', description: 'The default responses' },
    { id: 'no-phone', name: 'No phone', description: '' },
  ];
  const withPersonas = (options: { lang?: 'en' | 'cy'; errors?: FormIssue[] } = {}) =>
    renderInteractiveForm({
      lang: options.lang ?? 'en',
      action: '/form-submit',
      interactionId: 'i',
      values: defaultConfig().responseConfiguration,
      errors: options.errors ?? [],
      request: request(),
      personas,
    });

  it('offers each persona as a submit button named persona, with its name and description', () => {
    const html = withPersonas();
    expect(html).toContain('<h2 id="personas-heading">Choose a persona</h2>');
    expect(html.match(/data-testid="persona-choice"/g)).toHaveLength(2);
    expect(html).toContain(
      '<button type="submit" class="button button--secondary" name="persona" value="default-user" aria-describedby="persona-0-name persona-0-description"',
    );
    expect(html).toContain('<p class="persona-name" id="persona-0-name">Default user</p>');
    expect(html).toContain('The default responses</p>');
    // No description: nothing empty is described.
    expect(html).toContain('value="no-phone" aria-describedby="persona-1-name" ');
    expect(html).toContain('Use this persona<span class="visually-hidden">: No phone</span>');
  });

  it('keeps Continue as the button Enter presses: the response form has no other submit button', () => {
    const html = withPersonas();
    const forms = html.match(/<form[\s\S]*?<\/form>/g) ?? [];
    expect(forms).toHaveLength(2);
    const [responseForm, personaForm] = forms as [string, string];
    // The response form comes first (scripts fill in the page's first form); the personas follow
    // in their own form, shown above it by the style, with what a persona submission needs.
    expect(personaForm).toContain('data-testid="persona-form"');
    expect(personaForm).toContain('data-testid="persona-choices"');
    expect(personaForm).toContain('<input type="hidden" name="interactionId" value="i">');
    expect(personaForm).toContain('<input type="hidden" name="lang" value="en">');
    expect(personaForm).not.toContain('name="continue"');
    expect(personaForm).not.toMatch(/<(input|textarea)(?![^>]*type="hidden")/);
    // The response form: the fields, and Continue as its one submit button.
    expect(responseForm).toContain('data-section="account"');
    expect(responseForm.match(/<button/g)).toHaveLength(1);
    expect(responseForm).toContain('name="continue"');
    expect(html.match(/name="continue"/g)).toHaveLength(1);
    expect(html).not.toContain('tabindex="-1" aria-hidden="true"');
  });

  it('leaves the persona form out when there are no personas', () => {
    const html = render({ request: request() });
    expect(html).not.toContain('persona-choices');
    expect(html.match(/<form/g)).toHaveLength(1);
    expect(html.match(/<button/g)).toHaveLength(1);
  });

  it('is in Welsh for a Welsh sign-in', () => {
    const html = withPersonas({ lang: 'cy' });
    expect(html).toContain('Dewis persona');
    expect(html).toContain('Defnyddio’r persona hwn<span class="visually-hidden">: Default user');
    expect(html).not.toContain('Use this persona');
    expect(html).not.toContain(INTERACTIVE_TEXT.en.personas.intro);
  });

  it('shows a refused persona in the summary and in the section, in both languages', () => {
    const errors: FormIssue[] = [{ field: 'persona', code: 'persona', msg: 'no persona' }];
    const en = withPersonas({ errors });
    expect(en).toContain('<li><a href="#personas">Choose one of the personas listed</a></li>');
    expect(en).toContain('<section class="personas form-group--error" id="personas"');
    expect(en).toContain(
      '<p id="personas-error" class="error-message"><span class="visually-hidden">Error:</span> Choose one of the personas listed</p>',
    );
    const cy = withPersonas({ lang: 'cy', errors });
    expect(cy).toContain('<a href="#personas">Dewiswch un o’r personas a restrir</a>');
  });

  it('escapes persona names, descriptions and ids', () => {
    const html = renderInteractiveForm({
      lang: 'en',
      action: '/form-submit',
      interactionId: 'i',
      values: defaultConfig().responseConfiguration,
      errors: [],
      personas: [{ id: HOSTILE, name: HOSTILE, description: `<b>${HOSTILE}</b>` }],
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;');
    expect(html).toContain('data-persona-id="&quot;&gt;&lt;script&gt;');
  });
});
