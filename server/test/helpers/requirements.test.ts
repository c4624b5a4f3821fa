import { describe, expect, it } from 'vitest';
import { REQUIREMENTS, requirementStatus, underCi, type RequirementName } from './requirements.js';

const absent = (name: RequirementName) => `${name} not found`;
const present = () => undefined;

describe('the test requirement rule', () => {
  it('skips, with the reason, where a requirement cannot exist, even under CI', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      for (const name of ['python3-authlib', 'apache2-mod-auth-openidc', 'podman'] as const) {
        const status = requirementStatus([name], { platform, ci: true, missing: present });
        expect(status.state).toBe('skip');
        expect(status).toMatchObject({
          reason: expect.stringContaining(`cannot exist on ${platform}`),
        });
      }
    }
  });

  it('fails a missing requirement under CI where it can exist', () => {
    expect(
      requirementStatus(['python3-authlib'], { platform: 'linux', ci: true, missing: absent }),
    ).toEqual({
      state: 'fail',
      reason:
        'required under CI on linux: python3-authlib: python3-authlib not found (apt-get install python3-authlib python3-requests)',
    });
    // Chromium exists on every system: a CI job that lacks it fails there too.
    expect(
      requirementStatus(['chromium'], { platform: 'win32', ci: true, missing: absent }).state,
    ).toBe('fail');
  });

  it('skips a missing requirement outside CI, saying how to install it', () => {
    expect(
      requirementStatus(['podman', 'podman-compose'], {
        platform: 'linux',
        ci: false,
        missing: (name) => (name === 'podman-compose' ? 'not installed' : undefined),
      }),
    ).toEqual({ state: 'skip', reason: 'podman-compose: not installed (bash .ci/install-podman)' });
  });

  it('runs the tests when every requirement is here', () => {
    expect(
      requirementStatus(['chromium', 'python3-authlib'], {
        platform: 'linux',
        ci: true,
        missing: present,
      }),
    ).toEqual({ state: 'ready' });
  });

  it('reads CI as CI services set it', () => {
    expect(underCi({ CI: 'true' })).toBe(true);
    expect(underCi({ CI: '1' })).toBe(true);
    expect(underCi({})).toBe(false);
    expect(underCi({ CI: '' })).toBe(false);
    expect(underCi({ CI: 'false' })).toBe(false);
    expect(underCi({ CI: '0' })).toBe(false);
  });

  it('names the Debian packages of every requirement possible on Linux', () => {
    for (const [name, requirement] of Object.entries(REQUIREMENTS)) {
      expect((requirement.platforms as readonly string[]).includes('linux'), name).toBe(true);
      expect(requirement.debianPackages.length, name).toBeGreaterThan(0);
    }
  });
});
