import type { ConfigIssue } from './config-types.js';

/**
 * Values the simulator accepts (the simulator document validates these fields only by type) but
 * the provider never sends, by the provider document's rules. Each finding is a warning, not a
 * refusal: a tester may want to see how a relying party copes with one. The configuration form
 * shows them at their field and the token inspector under an issued core identity JWT.
 */

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const show = (v: unknown): string => {
  const text = typeof v === 'string' ? JSON.stringify(v) : String(JSON.stringify(v));
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** An ISO 8601 calendar date, YYYY-MM-DD, that exists (no 13th month, no 30 February). */
export function isIsoDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/** E.164: "+", a country code that does not start with 0, up to 15 digits, no spaces. */
export const isE164 = (value: unknown): boolean =>
  typeof value === 'string' && /^\+[1-9]\d{1,14}$/.test(value);

/** Digits, letters, space, and ' . , \ / * - only (provider document, address object). */
const ADDRESS_CHARACTERS = /^[0-9A-Za-z '.,\\/*-]*$/;

const NOT_A_DATE = 'is not an ISO 8601 date (YYYY-MM-DD); the provider always sends one';

function dateWarning(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return isIsoDate(value) ? undefined : `${show(value)} ${NOT_A_DATE}`;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Names and birth dates of a verifiable credential (core identity). */
export function checkCoreIdentityPlausibility(vc: unknown, path: string): ConfigIssue[] {
  if (!isRecord(vc) || !isRecord(vc.credentialSubject)) return [];
  const subject = vc.credentialSubject;
  const out: ConfigIssue[] = [];
  listOf(subject.birthDate).forEach((b, i) => {
    const w = isRecord(b) ? dateWarning(b.value) : undefined;
    if (w) out.push({ path, message: `birthDate item ${i}: value ${w}` });
  });
  listOf(subject.name).forEach((n, i) => {
    if (!isRecord(n)) return;
    for (const key of ['validFrom', 'validUntil']) {
      const w = dateWarning(n[key]);
      if (w) out.push({ path, message: `name item ${i}: ${key} ${w}` });
    }
  });
  return out;
}

/** A Unique Property Reference Number: a positive whole number of at most 12 digits. */
export function isUprn(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 && value < 1e12;
  return typeof value === 'string' && /^[1-9][0-9]{0,11}$/.test(value);
}

function checkAddresses(list: unknown, path: string): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  listOf(list).forEach((address, i) => {
    if (!isRecord(address)) return;
    for (const key of ['validFrom', 'validUntil']) {
      const value = address[key];
      if (value === undefined || value === null) continue;
      const w = dateWarning(value);
      if (w) out.push({ path, message: `item ${i} ${key}: ${w}` });
      else if (!(value as string).endsWith('-01-01'))
        out.push({
          path,
          message: `item ${i} ${key}: ${show(value)}: only the year is collected, so month and day are always 01 (${(value as string).slice(0, 4)}-01-01)`,
        });
    }
    for (const [key, value] of Object.entries(address)) {
      if (key === 'validFrom' || key === 'validUntil' || typeof value !== 'string') continue;
      if (!ADDRESS_CHARACTERS.test(value))
        out.push({
          path,
          message: `item ${i} ${key}: ${show(value)} has characters an address never holds (only letters, digits, space and ' . , \\ / * -)`,
        });
    }
    const uprn = address.uprn;
    if (uprn !== undefined && uprn !== null && !isUprn(uprn))
      out.push({
        path,
        message: `item ${i} uprn: ${show(uprn)} is not a UPRN (a whole number of up to 12 digits)`,
      });
    const country = address.addressCountry;
    if (typeof country === 'string' && !/^[A-Z]{2}$/.test(country))
      out.push({
        path,
        message: `item ${i} addressCountry: ${show(country)} is not an ISO 3166-1 alpha-2 code (GB, FR…)`,
      });
  });
  return out;
}

function checkDocuments(list: unknown, path: string, passport: boolean): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  listOf(list).forEach((doc, i) => {
    if (!isRecord(doc)) return;
    for (const key of ['expiryDate', 'issueDate']) {
      const w = dateWarning(doc[key]);
      if (w) out.push({ path, message: `item ${i} ${key}: ${w}` });
    }
    const code = doc.icaoIssuerCode;
    if (passport && typeof code === 'string' && code.length > 3)
      out.push({
        path,
        message: `item ${i} icaoIssuerCode: ${show(code)} is longer than 3 characters (ICAO 9303 codes are up to 3, e.g. GBR)`,
      });
  });
  return out;
}

function checkReturnCodes(list: unknown, path: string): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  listOf(list).forEach((item, i) => {
    const code = isRecord(item) ? item.code : undefined;
    if (typeof code === 'string' && !/^[A-Za-z]$/.test(code))
      out.push({
        path,
        message: `item ${i} code: ${show(code)} is not a single letter (the provider's return codes are one letter each)`,
      });
  });
  return out;
}

/** Every plausibility warning for a responseConfiguration (paths as POST /config names them). */
export function checkResponsePlausibility(response: unknown): ConfigIssue[] {
  if (!isRecord(response)) return [];
  const at = (field: string) => `responseConfiguration.${field}`;
  const out: ConfigIssue[] = [];
  const phone = response.phoneNumber;
  if (typeof phone === 'string' && !isE164(phone))
    out.push({
      path: at('phoneNumber'),
      message: `${show(phone)} is not an E.164 number (+ and up to 15 digits, no spaces: +447700900000)`,
    });
  out.push(
    ...checkCoreIdentityPlausibility(
      response.coreIdentityVerifiableCredentials,
      at('coreIdentityVerifiableCredentials'),
    ),
    ...checkAddresses(response.postalAddressDetails, at('postalAddressDetails')),
    ...checkDocuments(response.passportDetails, at('passportDetails'), true),
    ...checkDocuments(response.drivingPermitDetails, at('drivingPermitDetails'), false),
    ...checkReturnCodes(response.returnCodes, at('returnCodes')),
  );
  return out;
}
