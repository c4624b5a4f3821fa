import { existsSync } from 'node:fs';

/** Where a worker thread's code is, and the Node options it needs. */
export interface WorkerEntry {
  url: URL;
  execArgv: string[];
}

/**
 * The same file outside an Electron package: `…/app.asar/x` becomes `…/app.asar.unpacked/x`, the
 * folder electron-builder's asarUnpack fills. Worker threads read their code with the plain file
 * system, which cannot look inside app.asar. Any other path is returned as it is.
 */
export function outsideAsar(file: URL): URL {
  return new URL(file.href.replace(/\/app\.asar\//, '/app.asar.unpacked/'));
}

/**
 * The Argon2id worker's file, for a module at `here`, the first that exists of:
 * - argon2id-worker.mjs beside it, the self-contained bundle `npm run build` writes (outside
 *   app.asar in the installed desktop app, where it is unpacked);
 * - argon2id-worker.js beside it: the compiled worker, or the self-contained copy beside the
 *   headless single-file bundle;
 * - the TypeScript source (the tests), with Node stripping its types.
 */
export function argon2idWorkerEntry(
  here: URL,
  exists: (file: URL) => boolean = existsSync,
): WorkerEntry {
  const bundle = outsideAsar(new URL('./argon2id-worker.mjs', here));
  if (exists(bundle)) return { url: bundle, execArgv: [] };
  const compiled = new URL('./argon2id-worker.js', here);
  if (exists(compiled)) return { url: compiled, execArgv: [] };
  return {
    url: new URL('./argon2id-worker.ts', here),
    execArgv: ['--experimental-strip-types', '--disable-warning=ExperimentalWarning'],
  };
}
