import { describe, expect, it } from 'vitest';
import { sandboxNotice } from './sandbox-notice.js';

describe('sandboxNotice', () => {
  it('says nothing while the sandbox is on', () => {
    expect(sandboxNotice('linux', false)).toBeUndefined();
    expect(sandboxNotice('darwin', false)).toBeUndefined();
  });

  it('names the AppImage limitation and the .deb on Linux', () => {
    const notice = sandboxNotice('linux', true);
    expect(notice).toMatch(/^The window runs without Chromium's sandbox \(--no-sandbox\)/);
    expect(notice).toContain('Ubuntu 24.04');
    expect(notice).toContain('.deb');
    expect(sandboxNotice('win32', true)).not.toContain('Ubuntu');
  });
});
