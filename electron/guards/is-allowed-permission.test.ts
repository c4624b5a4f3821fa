import { describe, expect, it } from 'vitest';
import { isAllowedPermission } from './is-allowed-permission.js';

const UI = 'http://127.0.0.1:3000';

describe('isAllowedPermission', () => {
  it('lets the UI write to the clipboard', () => {
    expect(isAllowedPermission('clipboard-sanitized-write', `${UI}/_simulator/`, UI)).toBe(true);
  });

  it.each([
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'openExternal',
    'fullscreen',
    '',
  ])('denies %s', (permission) => {
    expect(isAllowedPermission(permission, `${UI}/_simulator/`, UI)).toBe(false);
  });

  it('denies the clipboard to any other page', () => {
    expect(isAllowedPermission('clipboard-sanitized-write', 'https://evil.example/', UI)).toBe(
      false,
    );
    expect(isAllowedPermission('clipboard-sanitized-write', undefined, UI)).toBe(false);
    expect(isAllowedPermission('clipboard-sanitized-write', `${UI}/`, undefined)).toBe(false);
  });
});
