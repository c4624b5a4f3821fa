/** Ids of personas and scenarios: a slug of the name, lowercase letters, digits and hyphens. */

export const MAX_ID_LENGTH = 64;
export const ID_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
const ID_RE = new RegExp(ID_PATTERN);

/**
 * Names Windows reserves for devices, whatever the case and extension: `con.json` cannot be a
 * file there (the desktop app runs on Windows), so none of them is an id.
 */
const WINDOWS_DEVICE_RE = /^(?:con|prn|aux|nul|com[1-9]|lpt[1-9])(?:\..*)?$/i;

/** Whether a name is one Windows reserves for a device (con, nul, com1, lpt1.txt ...). */
export function isWindowsDeviceName(name: string): boolean {
  return WINDOWS_DEVICE_RE.test(name);
}

/** The rule ids follow, as error messages state it. */
export const ID_RULE = `must be lowercase letters, digits and single hyphens, at most ${MAX_ID_LENGTH} characters, and not a name Windows reserves for devices (con, prn, aux, nul, com1-com9, lpt1-lpt9)`;

/** Whether a value is a well-formed id (so it is safe as a file name too, on every system). */
export function isPresetId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= MAX_ID_LENGTH &&
    ID_RE.test(value) &&
    !isWindowsDeviceName(value)
  );
}

/** The slug of a name: "Verified (passport) – Ünal" → "verified-passport-unal". */
export function slugify(name: string, fallback = 'preset'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_ID_LENGTH)
    .replace(/-+$/, '');
  if (slug && isWindowsDeviceName(slug)) return `${slug}-${fallback}`;
  return slug || fallback;
}

/** The slug of the name, with -2, -3 … appended until it is not taken. */
export function uniqueId(
  name: string,
  taken: (id: string) => boolean,
  fallback = 'preset',
): string {
  const base = slugify(name, fallback);
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, MAX_ID_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}
