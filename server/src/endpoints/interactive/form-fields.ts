import type { ResponseConfiguration } from '../../config/config-types.js';
import type { ResponseField } from '../../config/field-rules.js';

/** How a response field is edited: a text input, a true/false checkbox or a JSON textarea. */
export type FieldKind = 'text' | 'checkbox' | 'json';

/** The groups of the form, each a fieldset with a legend. */
export type FormSection = 'account' | 'identity';

export interface FormField {
  /** The form field name, the element id and the response configuration key (all the same). */
  key: ResponseField;
  kind: FieldKind;
  /** The public simulator's data-testid, kept so existing browser tests find the field. */
  testId: string;
  section: FormSection;
  /** Textarea height, as the public simulator draws it. */
  rows?: number;
  /** What a JSON field must hold: decides the wording of its error message. */
  shape?: 'object' | 'array' | 'returnCodes';
}

/** Every configurable response field, in the order the form shows them. */
export const FORM_FIELDS: readonly FormField[] = [
  { key: 'sub', kind: 'text', testId: 'sub', section: 'account' },
  { key: 'email', kind: 'text', testId: 'email', section: 'account' },
  { key: 'emailVerified', kind: 'checkbox', testId: 'email-verified', section: 'account' },
  { key: 'phoneNumber', kind: 'text', testId: 'phone-number', section: 'account' },
  {
    key: 'phoneNumberVerified',
    kind: 'checkbox',
    testId: 'phone-number-verified',
    section: 'account',
  },
  { key: 'maxLoCAchieved', kind: 'text', testId: 'max-loc-achieved', section: 'identity' },
  {
    key: 'coreIdentityVerifiableCredentials',
    kind: 'json',
    testId: 'core-identity-vc',
    section: 'identity',
    rows: 16,
    shape: 'object',
  },
  {
    key: 'passportDetails',
    kind: 'json',
    testId: 'passport-details',
    section: 'identity',
    rows: 4,
    shape: 'array',
  },
  {
    key: 'drivingPermitDetails',
    kind: 'json',
    testId: 'driving-permit-details',
    section: 'identity',
    rows: 4,
    shape: 'array',
  },
  {
    key: 'postalAddressDetails',
    kind: 'json',
    testId: 'postal-address-details',
    section: 'identity',
    rows: 8,
    shape: 'array',
  },
  {
    key: 'returnCodes',
    kind: 'json',
    testId: 'return-codes',
    section: 'identity',
    rows: 4,
    shape: 'returnCodes',
  },
];

export const FORM_SECTIONS: readonly FormSection[] = ['account', 'identity'];

/** The hidden field naming the checkboxes a form showed: an unticked one then means false. */
export const CHECKBOXES_SHOWN = 'checkboxesShown';
/** The hidden field carrying the pending sign-in's id. */
export const INTERACTION_ID = 'interactionId';
/** The hidden field carrying the page language (used when the sign-in is no longer known). */
export const FORM_LANG = 'lang';

/** What a form control shows: text for inputs and textareas, a tick state for checkboxes. */
export type FormValues = { [K in ResponseField]: string | boolean };

/** Pretty JSON for a textarea; null (nothing configured) shows as an empty box. */
export function jsonText(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
}

/** The form's starting values: the configured response, as the controls show it. */
export function formValuesOf(response: Readonly<ResponseConfiguration>): FormValues {
  const values = {} as FormValues;
  for (const field of FORM_FIELDS) {
    const value: unknown = response[field.key];
    if (field.kind === 'checkbox') values[field.key] = value === true;
    else if (field.kind === 'json') values[field.key] = jsonText(value);
    else values[field.key] = typeof value === 'string' ? value : '';
  }
  return values;
}
