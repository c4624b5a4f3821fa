import { describe, expect, it } from 'vitest';
import { shouldOpenExternally, type WindowOpenRequest } from './should-open-externally.js';

const UI = 'http://127.0.0.1:3000';
const click: WindowOpenRequest = {
  url: 'https://docs.sign-in.service.gov.uk/',
  disposition: 'foreground-tab',
  openerUrl: 'http://127.0.0.1:3000/_simulator/',
};

describe('shouldOpenExternally', () => {
  it('opens a link the user clicked in the UI', () => {
    expect(shouldOpenExternally(click, UI)).toBe(true);
    expect(shouldOpenExternally({ ...click, disposition: 'background-tab' }, UI)).toBe(true);
  });

  it('refuses window.open with window features (new-window) and other dispositions', () => {
    for (const disposition of ['new-window', 'other', 'default', '']) {
      expect(shouldOpenExternally({ ...click, disposition }, UI)).toBe(false);
    }
  });

  it('refuses requests from any page other than the UI', () => {
    expect(shouldOpenExternally({ ...click, openerUrl: 'https://evil.example/' }, UI)).toBe(false);
    expect(shouldOpenExternally({ ...click, openerUrl: 'data:text/html,x' }, UI)).toBe(false);
    expect(shouldOpenExternally({ ...click, openerUrl: undefined }, UI)).toBe(false);
    expect(shouldOpenExternally(click, undefined)).toBe(false);
  });

  it('refuses unsafe URLs', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/x', 'nonsense']) {
      expect(shouldOpenExternally({ ...click, url }, UI)).toBe(false);
    }
  });

  it('keeps UI pages inside the app instead of opening a browser', () => {
    expect(shouldOpenExternally({ ...click, url: 'http://127.0.0.1:3000/config' }, UI)).toBe(false);
  });
});
