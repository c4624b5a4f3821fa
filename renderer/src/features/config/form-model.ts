import type { SimulatorConfig } from '../../../../server/src/contract.js';
import { deepEqual } from '../../store/deep-equal.js';

export type Path = readonly (string | number)[];

export function getIn(value: unknown, path: Path): unknown {
  let v: unknown = value;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}

/** A copy of `value` with `path` set; only the objects along the path are copied. */
export function setIn<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const container: unknown = value;
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[key as number] = setIn(copy[key as number], rest, next);
    return copy as T;
  }
  const obj = (container !== null && typeof container === 'object' ? container : {}) as Record<
    string,
    unknown
  >;
  const child = obj[key as string] ?? (typeof rest[0] === 'number' ? [] : {});
  return { ...obj, [key]: setIn(child, rest, next) } as T;
}

/** Dotted form of a path, as the validate endpoint names fields: `responseConfiguration.email`. */
export const pathKey = (path: Path): string => path.join('.');

/** Whether the field at `path` differs from the default configuration. */
export function isChangedFromDefault(
  draft: SimulatorConfig | null,
  defaults: SimulatorConfig | null,
  path: Path,
): boolean {
  if (!draft || !defaults) return false;
  return !deepEqual(normaliseEmpty(getIn(draft, path)), normaliseEmpty(getIn(defaults, path)));
}

/** An empty string, an empty list and null/absent all mean "not set" for comparisons. */
function normaliseEmpty(v: unknown): unknown {
  if (v === '' || v === undefined) return null;
  return v;
}

/** The fields of the form, in display order; used for counts and the list of pending edits. */
export const FORM_FIELDS: readonly { path: Path; label: string }[] = [
  { path: ['clientConfiguration', 'clientId'], label: 'Client ID' },
  { path: ['clientConfiguration', 'redirectUrls'], label: 'Redirect URLs' },
  { path: ['clientConfiguration', 'postLogoutRedirectUrls'], label: 'Post-logout redirect URLs' },
  { path: ['clientConfiguration', 'scopes'], label: 'Scopes' },
  { path: ['clientConfiguration', 'claims'], label: 'Claims' },
  { path: ['clientConfiguration', 'clientLoCs'], label: 'Levels of confidence' },
  {
    path: ['clientConfiguration', 'identityVerificationSupported'],
    label: 'Identity verification',
  },
  { path: ['clientConfiguration', 'idTokenSigningAlgorithm'], label: 'ID token algorithm' },
  { path: ['clientConfiguration', 'token_auth_method'], label: 'Token auth method' },
  { path: ['clientConfiguration', 'client_secret_hash'], label: 'Client secret hash' },
  { path: ['clientConfiguration', 'publicKeySource'], label: 'Public key source' },
  { path: ['clientConfiguration', 'jwksUrl'], label: 'JWKS URL' },
  { path: ['clientConfiguration', 'publicKey'], label: 'Public key' },
  { path: ['clientConfiguration', 'pkceEnforced'], label: 'PKCE enforced' },
  { path: ['clientConfiguration', 'maxAgeEnabled'], label: 'max_age allowed' },
  { path: ['responseConfiguration', 'sub'], label: 'sub' },
  { path: ['responseConfiguration', 'email'], label: 'Email' },
  { path: ['responseConfiguration', 'emailVerified'], label: 'Email verified' },
  { path: ['responseConfiguration', 'phoneNumber'], label: 'Phone number' },
  { path: ['responseConfiguration', 'phoneNumberVerified'], label: 'Phone verified' },
  { path: ['responseConfiguration', 'maxLoCAchieved'], label: 'Max level achieved' },
  { path: ['responseConfiguration', 'coreIdentityVerifiableCredentials'], label: 'Core identity' },
  { path: ['responseConfiguration', 'postalAddressDetails'], label: 'Addresses' },
  { path: ['responseConfiguration', 'passportDetails'], label: 'Passports' },
  { path: ['responseConfiguration', 'drivingPermitDetails'], label: 'Driving permits' },
  { path: ['responseConfiguration', 'returnCodes'], label: 'Return codes' },
  { path: ['simulatorUrl'], label: 'Simulator URL' },
  { path: ['interactiveMode'], label: 'Interactive mode' },
  { path: ['publishNewIdTokenKeysEnabled'], label: 'Publish new ID token keys' },
  { path: ['usingNewIdTokenSigningKeys'], label: 'Use new ID token keys' },
  { path: ['publishNewCoreIdentityKeysEnabled'], label: 'Publish new core identity keys' },
  { path: ['usingNewCoreIdentitySigningKeys'], label: 'Use new core identity keys' },
  { path: ['oldIdTokenKeysRetired'], label: 'Retire old ID token keys' },
  { path: ['oldCoreIdentityKeysRetired'], label: 'Retire old core identity key' },
];

/** Labels of the fields that differ between two configurations. */
export function changedFields(a: SimulatorConfig | null, b: SimulatorConfig | null): string[] {
  if (!a || !b) return [];
  return FORM_FIELDS.filter(
    (f) => !deepEqual(normaliseEmpty(getIn(a, f.path)), normaliseEmpty(getIn(b, f.path))),
  ).map((f) => f.label);
}

/** Adds or removes `item` from a list, keeping the order of `allowed`. */
export function toggleInList(
  list: readonly string[],
  item: string,
  on: boolean,
  allowed: readonly string[],
): string[] {
  const set = new Set(list);
  if (on) set.add(item);
  else set.delete(item);
  const known = allowed.filter((a) => set.has(a));
  const unknown = list.filter((l) => !allowed.includes(l) && set.has(l));
  return [...known, ...unknown];
}

// ---------------------------------------------------------------------------------------------
// Vocabularies from the provider document.

export const VOCAB_PREFIX = 'https://vocab.account.gov.uk/v1/';
export const SCOPES = ['openid', 'email', 'phone'] as const;
export const CLAIM_NAMES = [
  'coreIdentityJWT',
  'address',
  'passport',
  'drivingPermit',
  'returnCode',
] as const;
export const LEVELS = ['P0', 'P1', 'P2', 'P3'] as const;

export interface PropertyInfo {
  key: string;
  label: string;
  hint: string;
  /** Stored as a JSON number when the text is digits only. */
  numeric?: boolean;
  type?: 'date' | 'text';
}

export const ADDRESS_PROPERTIES: readonly PropertyInfo[] = [
  {
    key: 'subBuildingName',
    label: 'Sub-building name',
    hint: 'SUB_BUILDING_NAME; may accompany a building name or number.',
  },
  { key: 'buildingNumber', label: 'Building number', hint: 'BUILDING_NUMBER' },
  { key: 'buildingName', label: 'Building name', hint: 'BUILDING_NAME' },
  { key: 'organisationName', label: 'Organisation name', hint: 'ORGANISATION_NAME' },
  { key: 'departmentName', label: 'Department name', hint: 'DEPARTMENT_NAME' },
  { key: 'dependentStreetName', label: 'Dependent street', hint: 'DEPENDENT_THOROUGHFARE_NAME' },
  { key: 'streetName', label: 'Street name', hint: 'THOROUGHFARE_NAME' },
  {
    key: 'doubleDependentAddressLocality',
    label: 'Double dependent locality',
    hint: 'DOUBLE_DEPENDENT_LOCALITY',
  },
  { key: 'dependentAddressLocality', label: 'Dependent locality', hint: 'DEPENDENT_LOCALITY' },
  { key: 'addressLocality', label: 'Locality (post town)', hint: 'POST_TOWN' },
  { key: 'addressRegion', label: 'Region', hint: 'International addresses only.' },
  { key: 'postalCode', label: 'Postcode', hint: 'POST_CODE' },
  { key: 'addressCountry', label: 'Country', hint: 'ISO 3166-1 alpha-2 code, e.g. GB.' },
  {
    key: 'uprn',
    label: 'UPRN',
    hint: 'Unique Property Reference Number (UK only).',
    numeric: true,
  },
  {
    key: 'validFrom',
    label: 'Valid from',
    hint: 'Date moved in; only the year is collected (YYYY-01-01).',
    type: 'date',
  },
  {
    key: 'validUntil',
    label: 'Valid until',
    hint: 'Date moved out; omitted for the current address.',
    type: 'date',
  },
];

export const PASSPORT_PROPERTIES: readonly PropertyInfo[] = [
  { key: 'documentNumber', label: 'Document number', hint: 'Passport number.' },
  {
    key: 'icaoIssuerCode',
    label: 'ICAO issuer',
    hint: 'Issuing state per ICAO 9303, up to 3 characters.',
  },
  { key: 'expiryDate', label: 'Expiry date', hint: 'ISO 8601 date.', type: 'date' },
];

export const DRIVING_PERMIT_PROPERTIES: readonly PropertyInfo[] = [
  { key: 'personalNumber', label: 'Personal number', hint: 'Driver number, unique to the user.' },
  { key: 'issueNumber', label: 'Issue number', hint: 'Last 2 characters of the licence number.' },
  { key: 'issuedBy', label: 'Issued by', hint: 'Issuing organisation, e.g. DVLA.' },
  { key: 'expiryDate', label: 'Expiry date', hint: 'ISO 8601 date.', type: 'date' },
];

export const RETURN_CODE_PROPERTIES: readonly PropertyInfo[] = [
  { key: 'code', label: 'Code', hint: 'A single letter.' },
];

/** Text typed into a property field, as the value stored in the object. */
export function propertyValue(info: PropertyInfo | undefined, text: string): string | number {
  if (info?.numeric && /^\d{1,15}$/.test(text.trim())) return Number(text.trim());
  return text;
}

export const propertyText = (v: unknown): string =>
  v === undefined || v === null
    ? ''
    : typeof v === 'string'
      ? v
      : typeof v === 'number'
        ? String(v)
        : JSON.stringify(v);

/** An empty list of rows as the value the simulator expects for that field. */
export function rowsValue(
  rows: Record<string, unknown>[],
  emptyAs: null | [],
): Record<string, unknown>[] | null {
  return rows.length === 0 ? emptyAs : rows;
}

// ---------------------------------------------------------------------------------------------
// The core identity credential subject: names and birth dates as rows.

export interface NamePartRow {
  type: string;
  value: string;
}
export interface NameRow {
  parts: NamePartRow[];
  validFrom?: string;
  validUntil?: string;
}
export interface IdentityRows {
  names: NameRow[];
  birthDates: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Names and birth dates from coreIdentityVerifiableCredentials (null when there is none). */
export function readIdentity(vc: Record<string, unknown> | null): IdentityRows | null {
  if (vc === null) return null;
  const subject = isRecord(vc.credentialSubject) ? vc.credentialSubject : {};
  const names = Array.isArray(subject.name) ? subject.name : [];
  const birthDates = Array.isArray(subject.birthDate) ? subject.birthDate : [];
  return {
    names: names.filter(isRecord).map((n) => ({
      parts: (Array.isArray(n.nameParts) ? n.nameParts : []).filter(isRecord).map((p) => ({
        type: typeof p.type === 'string' ? p.type : 'GivenName',
        value: typeof p.value === 'string' ? p.value : propertyText(p.value),
      })),
      ...(typeof n.validFrom === 'string' ? { validFrom: n.validFrom } : {}),
      ...(typeof n.validUntil === 'string' ? { validUntil: n.validUntil } : {}),
    })),
    birthDates: birthDates.filter(isRecord).map((b) => propertyText(b.value)),
  };
}

/** Writes the rows back, keeping every other member of the credential as it was. */
export function writeIdentity(
  vc: Record<string, unknown> | null,
  rows: IdentityRows,
): Record<string, unknown> {
  const base = vc ?? { type: ['VerifiableCredential', 'VerifiableIdentityCredential'] };
  const subject = isRecord(base.credentialSubject) ? base.credentialSubject : {};
  return {
    ...base,
    credentialSubject: {
      ...subject,
      name: rows.names.map((n) => ({
        ...(n.validFrom ? { validFrom: n.validFrom } : {}),
        ...(n.validUntil ? { validUntil: n.validUntil } : {}),
        nameParts: n.parts.map((p) => ({ value: p.value, type: p.type })),
      })),
      birthDate: rows.birthDates.map((value) => ({ value })),
    },
  };
}

export const EMPTY_IDENTITY: IdentityRows = {
  names: [
    {
      parts: [
        { type: 'GivenName', value: '' },
        { type: 'FamilyName', value: '' },
      ],
    },
  ],
  birthDates: [''],
};

/** The path of a configuration field as the simulator names it in a validation issue. */
export const FIELD = {
  client: (name: string): Path => ['clientConfiguration', name],
  response: (name: string): Path => ['responseConfiguration', name],
};
