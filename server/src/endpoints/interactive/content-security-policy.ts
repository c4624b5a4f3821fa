/** The origin of a URL, or null when it does not parse (or is opaque). */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of the interactive form: no scripts, no external anything, inline
 * styles only, not framable. The form may post to the simulator, and the simulator then redirects
 * to the relying party, which browsers also check against form-action.
 */
export function interactiveFormCsp(simulatorUrl: string, redirectUri?: string): string {
  const targets = new Set(["'self'"]);
  for (const url of [simulatorUrl, redirectUri]) {
    const origin = url === undefined ? null : originOf(url);
    if (origin) targets.add(origin);
  }
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action ${[...targets].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
