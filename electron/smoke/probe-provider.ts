import { err, ok, type Result } from '../../server/src/shared/result.js';

/**
 * Asks a provider for its discovery document, as a relying party would: it answers when the
 * response is 200 with a JSON object naming an issuer.
 */
export async function probeProvider(
  origin: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Result<string, string>> {
  const url = new URL('/.well-known/openid-configuration', origin).href;
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    if (response.status !== 200) return err(`${url} answered ${response.status}`);
    const body: unknown = await response.json().catch(() => undefined);
    const issuer =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as { issuer?: unknown }).issuer
        : undefined;
    if (typeof issuer !== 'string') return err(`${url} did not name an issuer`);
    return ok(`provider answered at ${url} (issuer ${issuer})`);
  } catch (error) {
    return err(
      `${url} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
