import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isMainModule } from './is-main-module.js';

const dir = mkdtempSync(join(tmpdir(), 'is-main-'));
const script = join(dir, 'launch.js');
writeFileSync(script, '');
const link = join(dir, 'link.js');
symlinkSync(script, link);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('isMainModule', () => {
  it('matches the script itself and a symlink to it', () => {
    const url = pathToFileURL(script).href;
    expect(isMainModule(url, script, realpathSync)).toBe(true);
    expect(isMainModule(url, link, realpathSync)).toBe(true);
  });

  it('does not match another script, a missing file or no script', () => {
    const url = pathToFileURL(script).href;
    expect(isMainModule(url, join(dir, 'other.js'), realpathSync)).toBe(false);
    expect(isMainModule(url, undefined, realpathSync)).toBe(false);
    expect(isMainModule(pathToFileURL(join(dir, 'gone.js')).href, script, realpathSync)).toBe(
      false,
    );
  });
});
