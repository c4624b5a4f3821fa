import { decodeJwt } from 'jose';
import type { TestClientUser } from './test-client-types.js';

/** The verified name and birth date a core identity JWT carries (its first of each). */
export function verifiedIdentityOf(jwt: string): { name?: string; birthDate?: string } {
  try {
    const subject = (decodeJwt(jwt).vc as { credentialSubject?: Record<string, unknown> })
      ?.credentialSubject;
    const names = subject?.name as { nameParts?: { value?: unknown }[] }[] | undefined;
    const parts = names?.[0]?.nameParts
      ?.map((p) => p.value)
      .filter((v): v is string => typeof v === 'string');
    const birth = (subject?.birthDate as { value?: unknown }[] | undefined)?.[0]?.value;
    return {
      ...(parts && parts.length > 0 ? { name: parts.join(' ') } : {}),
      ...(typeof birth === 'string' ? { birthDate: birth } : {}),
    };
  } catch {
    return {};
  }
}

/** Who signed in, as the service would show them: from /userinfo and the core identity. */
export function userOf(
  claims: Record<string, unknown> | undefined,
  identity: { name?: string; birthDate?: string },
): TestClientUser | undefined {
  if (!claims || typeof claims.sub !== 'string') return undefined;
  const user: TestClientUser = { sub: claims.sub, ...identity };
  if (typeof claims.email === 'string') user.email = claims.email;
  if (typeof claims.phone_number === 'string') user.phoneNumber = claims.phone_number;
  return user;
}
