/** Ids of personas and scenarios: a slug of the name, lowercase letters, digits and hyphens. */

export const MAX_ID_LENGTH = 64;
export const ID_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
const ID_RE = new RegExp(ID_PATTERN);

/** Whether a value is a well-formed id (so it is safe as a file name too). */
export function isPresetId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_ID_LENGTH && ID_RE.test(value);
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
