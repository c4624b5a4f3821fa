/** Ids of personas and scenarios: lowercase letters, digits and single hyphens, at most 64. */
export const MAX_PRESET_ID = 64;

/**
 * The id the simulator derives from a name ("No phone (copy)" → "no-phone-copy"), the same slug
 * rule as the server's, so an editor can show the id a new name gives before saving.
 */
export function slugOf(name: string, fallback = 'persona'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_PRESET_ID)
    .replace(/-+$/, '');
  return slug || fallback;
}
