import { describe, expect, it } from 'vitest';
import { rebaseDraft } from './rebase-draft.js';

interface Shape {
  responseConfiguration: {
    sub: string;
    email: string;
    drivingPermitDetails: { personalNumber: string }[] | null;
  };
  clientConfiguration: { scopes: string[] };
}

describe('rebaseDraft', () => {
  const base: Shape = {
    responseConfiguration: { sub: 'old-sub', email: 'a@example.com', drivingPermitDetails: null },
    clientConfiguration: { scopes: ['openid'] },
  };
  const next: Shape = {
    responseConfiguration: {
      sub: 'persona-sub',
      email: 'persona@example.com',
      drivingPermitDetails: [{ personalNumber: 'X' }],
    },
    clientConfiguration: { scopes: ['openid', 'email'] },
  };

  it('keeps only the values the tester changed and takes the rest from the new configuration', () => {
    const draft: Shape = {
      ...base,
      responseConfiguration: { ...base.responseConfiguration, email: 'mine@example.com' },
    };
    expect(rebaseDraft(base, draft, next)).toEqual({
      responseConfiguration: {
        sub: 'persona-sub',
        email: 'mine@example.com',
        drivingPermitDetails: [{ personalNumber: 'X' }],
      },
      clientConfiguration: { scopes: ['openid', 'email'] },
    });
  });

  it('treats a list as one value: an edited list wins whole, an untouched one follows', () => {
    const draft = { ...base, clientConfiguration: { scopes: ['openid', 'phone'] } };
    const out = rebaseDraft(base, draft, next);
    expect(out.clientConfiguration.scopes).toEqual(['openid', 'phone']);
    expect(out.responseConfiguration.sub).toBe('persona-sub');
  });

  it('returns the new configuration when the draft holds no edits', () => {
    expect(rebaseDraft(base, structuredClone(base), next)).toBe(next);
  });

  it('drops a key the tester removed and keeps one the tester added', () => {
    const b: Record<string, unknown> = { a: 1, b: 2 };
    const d: Record<string, unknown> = { a: 1, c: 3 };
    const n: Record<string, unknown> = { a: 5, b: 6 };
    expect(rebaseDraft(b, d, n)).toEqual({ a: 5, c: 3 });
  });

  it('takes a value the tester set to null over the new one', () => {
    const draft = { ...base, responseConfiguration: { ...base.responseConfiguration, sub: '' } };
    expect(rebaseDraft(base, draft, next).responseConfiguration.sub).toBe('');
  });
});
