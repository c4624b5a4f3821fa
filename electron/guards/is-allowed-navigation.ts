/** The origin of a URL, or undefined when it does not parse or has no origin (data:, file:). */
export function originOf(url: string | undefined | null): string | undefined {
  if (typeof url !== 'string' || url === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  return parsed.origin;
}

/**
 * Whether the window may navigate to `target`: only within the UI's own origin (scheme, host and
 * port compared by a URL parser, never by string prefix). Everything else is refused.
 */
export function isAllowedNavigation(target: string, uiOrigin: string | undefined): boolean {
  const expected = originOf(uiOrigin);
  if (expected === undefined) return false;
  return originOf(target) === expected;
}
