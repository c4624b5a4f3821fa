import { describe, expect, it } from 'vitest';
import { bannerChoice, restartBannerScript } from './restart-banner.js';

describe('bannerChoice', () => {
  it.each([
    ['restart', 'restart'],
    ['keep', 'keep'],
    [undefined, 'keep'],
    [null, 'keep'],
    [1, 'keep'],
    [{ choice: 'restart' }, 'keep'],
    [['restart'], 'keep'],
  ])('reads %j as %s', (value, choice) => {
    expect(bannerChoice(value)).toBe(choice);
  });
});

describe('restartBannerScript', () => {
  it('carries the texts as JSON strings, so no text can end the script', () => {
    const script = restartBannerScript('a"); alert(1); ("', '</script>\u2028');
    expect(script).toContain(JSON.stringify('a"); alert(1); ("'));
    expect(() => new Function(`return ${script}`)).not.toThrow();
  });
});
