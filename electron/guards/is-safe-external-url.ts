/** Longest URL handed to the operating system. */
export const MAX_EXTERNAL_URL_LENGTH = 2048;

/**
 * Whether a URL may be handed to the system browser: http or https only, a host, no embedded
 * credentials, and a sane length. Anything else (file:, javascript:, custom schemes that launch
 * other programs, unparseable text) is refused.
 */
export function isSafeExternalUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_EXTERNAL_URL_LENGTH) {
    return false;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.hostname === '') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  return true;
}
