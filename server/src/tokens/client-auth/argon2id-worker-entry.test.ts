import { describe, expect, it } from 'vitest';
import { argon2idWorkerEntry, outsideAsar } from './argon2id-worker-entry.js';

describe('outsideAsar', () => {
  it('maps a file inside app.asar to its twin in app.asar.unpacked', () => {
    expect(
      outsideAsar(new URL('file:///opt/Identity%20Simulator/resources/app.asar/dist/w.mjs')).href,
    ).toBe('file:///opt/Identity%20Simulator/resources/app.asar.unpacked/dist/w.mjs');
    expect(outsideAsar(new URL('file:///C:/Program%20Files/x/resources/app.asar/w.mjs')).href).toBe(
      'file:///C:/Program%20Files/x/resources/app.asar.unpacked/w.mjs',
    );
  });

  it('leaves other paths alone (an app.asar.unpacked path, a folder merely named like it)', () => {
    for (const href of [
      'file:///repo/dist/server/src/w.mjs',
      'file:///x/resources/app.asar.unpacked/w.mjs',
      'file:///x/my-app.asarx/w.mjs',
    ])
      expect(outsideAsar(new URL(href)).href).toBe(href);
  });
});

describe('argon2idWorkerEntry', () => {
  const packed = new URL('file:///opt/app/resources/app.asar/dist/server/src/tokens/x/v.js');
  const entry = (present: string[]) =>
    argon2idWorkerEntry(packed, (file) => present.includes(file.href));

  it('prefers the self-contained bundle, outside app.asar, in the installed app', () => {
    const unpacked =
      'file:///opt/app/resources/app.asar.unpacked/dist/server/src/tokens/x/argon2id-worker.mjs';
    expect(
      entry([
        unpacked,
        'file:///opt/app/resources/app.asar/dist/server/src/tokens/x/argon2id-worker.js',
      ]),
    ).toEqual({ url: new URL(unpacked), execArgv: [] });
  });

  it('takes the compiled worker, then the TypeScript source with type stripping', () => {
    const here = new URL('file:///repo/dist/server/src/headless.mjs');
    expect(
      argon2idWorkerEntry(
        here,
        (f) => f.href === 'file:///repo/dist/server/src/argon2id-worker.js',
      ),
    ).toEqual({ url: new URL('file:///repo/dist/server/src/argon2id-worker.js'), execArgv: [] });
    const source = argon2idWorkerEntry(new URL('file:///repo/server/src/v.ts'), () => false);
    expect(source.url.href).toBe('file:///repo/server/src/argon2id-worker.ts');
    expect(source.execArgv).toContain('--experimental-strip-types');
  });
});
