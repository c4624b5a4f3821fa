/**
 * docs/compatibility.md section 9: browser tests written against the public simulator find the same
 * elements here, exactly one per name and per data-testid, in English and in Welsh, with and
 * without personas.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { defaultConfig, testSimulator } from '../helpers/test-simulator.js';
import { authorizeQuery } from '../helpers/relying-party.js';
import { readReferenceForm } from '../helpers/reference-form.js';

const reference = readReferenceForm();

/** Elements (any tag) carrying the attribute with exactly this value. */
function count(html: string, attribute: 'name' | 'data-testid', value: string): number {
  const tags = html.match(/<[a-z][^>]*>/g) ?? [];
  return tags.filter((tag) => tag.includes(` ${attribute}="${value}"`)).length;
}

describe('compat §9 the interactive form has the reference form’s names and test ids', () => {
  it('reads eleven fields and the Continue button from docs/compatibility.md', () => {
    expect(reference.names).toHaveLength(12);
    expect(reference.names).toContain('coreIdentityVerifiableCredentials');
    expect(reference.names.at(-1)).toBe('continue');
    expect(reference.testIds).toHaveLength(11);
    expect(reference.testIds).toContain('phone-number-verified');
    expect(reference.testIds).toContain('email-verified');
    expect(reference.testIds).toContain('return-codes');
  });

  for (const lang of ['en', 'cy'] as const) {
    it(`${lang}: exactly one element per reference name and data-testid`, async () => {
      const sim = testSimulator({ config: { ...defaultConfig(), interactiveMode: true } });
      // The built-in personas are offered: their buttons must not add a second Continue.
      expect(sim.context.presets.listPersonas().items.length).toBeGreaterThan(0);
      const res = await request(sim.app).get(
        `/authorize?${authorizeQuery(lang === 'cy' ? { ui_locales: 'cy' } : {})}`,
      );
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<html lang="${lang}">`);
      expect(res.text).toContain('data-testid="persona-choices"');
      const counts = (attribute: 'name' | 'data-testid', values: string[]) =>
        Object.fromEntries(values.map((v) => [v, count(res.text, attribute, v)]));
      const ones = (values: string[]) => Object.fromEntries(values.map((v) => [v, 1]));
      expect(counts('name', reference.names)).toEqual(ones(reference.names));
      expect(counts('data-testid', reference.testIds)).toEqual(ones(reference.testIds));
      sim.close();
    });
  }
});
