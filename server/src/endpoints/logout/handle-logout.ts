import type { Request, Response } from 'express';
import { compactVerify, decodeJwt, decodeProtectedHeader } from 'jose';
import { readCookie } from '../../http/cookies.js';
import { notesOf } from '../../http/exchange-notes.js';
import { publishedIdTokenKeys } from '../../keys/key-store.js';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import { sessionCookie } from '../authorize/complete-authorization.js';

/** Where the user goes when the relying party names no (valid) post-logout redirect URI. */
export const DEFAULT_LOGOUT_TARGET = 'https://gov.uk';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function withParams(base: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.append(k, v);
  const query = search.toString();
  if (base === DEFAULT_LOGOUT_TARGET) return query ? `${base}?${query}` : base;
  const url = new URL(base);
  for (const [k, v] of search) url.searchParams.append(k, v);
  return url.toString();
}

/** /logout (GET or POST): ends the simulated session and sends the user back. */
export async function handleLogout(
  ctx: SimulatorContext,
  req: Request,
  res: Response,
): Promise<void> {
  const notes = notesOf(res);
  const input: Record<string, unknown> =
    req.method === 'POST' && req.body && typeof req.body === 'object' ? req.body : req.query;
  const state = str(input.state);
  const hint = str(input.id_token_hint);
  const postLogoutUri = str(input.post_logout_redirect_uri);
  const config = ctx.config.get();

  const cookie = sessionCookie(ctx);
  const sessionId = readCookie(req, cookie.name);
  if (sessionId) {
    const session = ctx.sessions.get(sessionId);
    if (session?.lastJourneyId) notes.journeyId = session.lastJourneyId;
    ctx.sessions.delete(sessionId);
    res.clearCookie(cookie.name, { path: cookie.path });
  }

  const go = (target: string, error?: { code: string; description: string }) => {
    notes.outcome = error ? { kind: 'error', ...error } : { kind: 'success' };
    res.redirect(
      302,
      withParams(target, { error_code: error?.code, error_description: error?.description, state }),
    );
  };

  if (Object.keys(input).length === 0) {
    notes.outcome = { kind: 'success' };
    res.redirect(302, DEFAULT_LOGOUT_TARGET);
    return;
  }
  if (!hint) return go(DEFAULT_LOGOUT_TARGET);
  notes.tokens.push({ role: 'id_token_hint', compact: hint });

  let claims: Record<string, unknown>;
  try {
    const { kid } = decodeProtectedHeader(hint);
    const keys = publishedIdTokenKeys(await ctx.keys(), config);
    const key = keys.find((k) => k.kid === kid);
    if (!key) throw new Error('unknown kid');
    // Expired hints are fine: only the signature is checked.
    await compactVerify(hint, key.publicKey, { algorithms: [key.alg] });
    claims = decodeJwt(hint);
  } catch {
    return go(DEFAULT_LOGOUT_TARGET, {
      code: 'invalid_request',
      description: 'unable to validate id_token_hint',
    });
  }
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (!aud || !claims.sub) return go(DEFAULT_LOGOUT_TARGET);
  if (aud !== config.clientConfiguration.clientId)
    return go(DEFAULT_LOGOUT_TARGET, {
      code: 'unauthorized_client',
      description: 'client not found',
    });
  if (!postLogoutUri) return go(DEFAULT_LOGOUT_TARGET);
  if (!config.clientConfiguration.postLogoutRedirectUrls.includes(postLogoutUri))
    return go(DEFAULT_LOGOUT_TARGET, {
      code: 'invalid_request',
      description: 'client registry does not contain post_logout_redirect_uri',
    });
  try {
    new URL(postLogoutUri);
  } catch {
    return go(DEFAULT_LOGOUT_TARGET, {
      code: 'invalid_request',
      description: 'invalid post logout redirect URI',
    });
  }
  return go(postLogoutUri);
}
