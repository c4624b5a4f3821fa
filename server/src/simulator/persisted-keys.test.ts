import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keyFileOf, loadOrCreateKeys } from './persisted-keys.js';

const dirs: string[] = [];
const folder = () => {
  const d = mkdtempSync(join(tmpdir(), 'keys-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const kidsOf = (k: Awaited<ReturnType<typeof loadOrCreateKeys>>) => [
  k.idToken.primary.ES256.kid,
  k.idToken.secondary.RS256.kid,
  k.coreIdentity.primary.kid,
];

describe('signing keys kept in the data folder', () => {
  it('makes them once, writes them private, and reuses them at the next start', async () => {
    const dir = folder();
    const warned: string[] = [];
    const first = await loadOrCreateKeys(dir, undefined, (m) => warned.push(m));
    expect(statSync(keyFileOf(dir)).mode & 0o777).toBe(0o600);
    const again = await loadOrCreateKeys(dir, undefined, (m) => warned.push(m));
    expect(kidsOf(again)).toEqual(kidsOf(first));
    expect(again.idToken.primary.ES256.publicJwk).toEqual(first.idToken.primary.ES256.publicJwk);
    // A named simulator has its own file, and its own keys.
    const named = await loadOrCreateKeys(dir, 'ci', (m) => warned.push(m));
    expect(keyFileOf(dir, 'ci')).toBe(join(dir, 'keys', 'sim-ci.json'));
    expect(kidsOf(named)).not.toEqual(kidsOf(first));
    expect(kidsOf(await loadOrCreateKeys(dir, 'ci', () => undefined))).toEqual(kidsOf(named));
    expect(warned).toEqual([]);
  });

  it('replaces a file it cannot use, with a message, and never crashes', async () => {
    const outside = folder();
    writeFileSync(join(outside, 'secret.json'), '{"version":1}');
    const hostile: [string, (file: string) => void, RegExp][] = [
      ['garbage', (f) => writeFileSync(f, '\u0000\u00ff{{{ not json'), /is not JSON/],
      [
        'wrong shape',
        (f) => writeFileSync(f, '{"version":1,"idToken":[]}'),
        /idToken\.primary\.ES256 must be/,
      ],
      ['too large', (f) => writeFileSync(f, ' '.repeat(2 * 1024 * 1024)), /is larger than/],
      [
        'a link out of the folder',
        (f) => symlinkSync(join(outside, 'secret.json'), f),
        /is a link to outside the data folder/,
      ],
      [
        'a link to nothing',
        (f) => symlinkSync(join(outside, 'missing.json'), f),
        /is a link to nothing/,
      ],
    ];
    for (const [what, make, why] of hostile) {
      const dir = folder();
      mkdirSync(join(dir, 'keys'));
      make(keyFileOf(dir));
      const warned: string[] = [];
      const keys = await loadOrCreateKeys(dir, undefined, (m) => warned.push(m));
      expect(warned, what).toHaveLength(1);
      expect(warned[0], what).toMatch(why);
      expect(warned[0], what).toMatch(/it was replaced by new signing keys/);
      // The new keys are what the file now holds: the next start reuses them.
      expect(kidsOf(await loadOrCreateKeys(dir, undefined, () => undefined)), what).toEqual(
        kidsOf(keys),
      );
    }
    expect(readFileSync(join(outside, 'secret.json'), 'utf8')).toBe('{"version":1}');
  });

  it('keeps new keys in memory when the folder cannot hold the file', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'keys'), 'a file where the folder should be');
    const warned: string[] = [];
    const keys = await loadOrCreateKeys(dir, undefined, (m) => warned.push(m));
    expect(keys.idToken.primary.ES256.kid).toMatch(/./);
    expect(warned[0]).toMatch(
      /could not be written \(\w+\): the signing keys are new at every start/,
    );
    const asFolder = folder();
    mkdirSync(keyFileOf(asFolder), { recursive: true });
    const warnedToo: string[] = [];
    await loadOrCreateKeys(asFolder, undefined, (m) => warnedToo.push(m));
    expect(warnedToo[0]).toMatch(/is a folder, not a file, and it could not be written/);
  });
});
