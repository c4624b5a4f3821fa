import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConfigFile } from './read-config-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readConfigFile', () => {
  it('reads a configuration', async () => {
    const path = join(dir, 'c.json');
    await writeFile(path, '{"interactiveMode":true}');
    expect(await readConfigFile(path)).toEqual({
      ok: true,
      value: '{\n  "interactiveMode": true\n}\n',
    });
  });

  it('names the file when it is not JSON', async () => {
    const path = join(dir, 'c.json');
    await writeFile(path, 'hello');
    const r = await readConfigFile(path);
    expect(!r.ok && r.error).toMatch(/c\.json: The configuration is not valid JSON/);
  });

  it('refuses a missing file, a folder and a huge file', async () => {
    expect(await readConfigFile(join(dir, 'nope.json'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/ENOENT/),
    });
    expect(await readConfigFile(dir)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a file/),
    });
    const big = join(dir, 'big.json');
    await writeFile(big, `{"a":"${'x'.repeat(1_100_000)}"}`);
    expect(await readConfigFile(big)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/too large/),
    });
  });
});
