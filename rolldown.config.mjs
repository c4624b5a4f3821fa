// The headless bundle and the Argon2id worker, beside it and beside its source for the desktop
// package (npm run build:headless): one file each, with every
// dependency inside, pure ASCII and without comments (V8 keeps the source smaller). Packages that
// ship an ES module beside a UMD main (jsonc-parser) are taken as ES modules, which bundle whole.
// playwright-core alone stays outside: only --drive-browser loads it (a dynamic import, from
// node_modules), so the bundle and every run without that flag never need it.
import { defineConfig } from 'rolldown';

const common = {
  platform: 'node',
  logLevel: 'warn',
  resolve: { mainFields: ['module', 'main'] },
};
const output = { format: 'esm', charset: 'ascii', comments: false };

export default defineConfig([
  {
    ...common,
    input: 'dist/server/src/cli.js',
    external: ['playwright-core'],
    output: { ...output, file: 'dist/server/src/headless.mjs' },
  },
  {
    ...common,
    input: 'dist/server/src/tokens/client-auth/argon2id-worker.js',
    output: { ...output, file: 'dist/server/src/argon2id-worker.js' },
  },
  {
    ...common,
    input: 'dist/server/src/tokens/client-auth/argon2id-worker.js',
    output: { ...output, file: 'dist/server/src/tokens/client-auth/argon2id-worker.mjs' },
  },
]);
