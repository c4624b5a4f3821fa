import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));

// The renderer is built from renderer/ into dist/renderer and served by the simulator at
// /_simulator/. `npm run dev:renderer` proxies the API to a headless simulator on port 3000.
export default defineConfig({
  root: `${here}renderer`,
  base: './',
  plugins: [
    react(),
    {
      // Dev server only: hot reload needs an inline script and a websocket, which the UI's
      // Content-Security-Policy forbids. The built UI keeps the policy untouched.
      name: 'identity-simulator:dev-csp',
      apply: 'serve',
      transformIndexHtml: (html) =>
        html.replace(/<meta\s+http-equiv="Content-Security-Policy"[\s\S]*?\/>\s*/, ''),
    },
  ],
  build: {
    outDir: `${here}dist/renderer`,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React and the other libraries in chunks of their own: no chunk passes Vite's 500 kB
        // warning, and the libraries stay cached across versions of the window's own code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/config': 'http://127.0.0.1:3000',
      '/_simulator/api': 'http://127.0.0.1:3000',
    },
  },
  test: {
    root: here,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'electron/**/*.test.ts',
            'renderer/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The conformance-style suite once more, against a named simulator (/sim/ci/).
        extends: true,
        test: {
          name: 'compat-named',
          include: ['server/test/compat/*.test.ts'],
          environment: 'node',
          env: { HARNESS_SIMULATOR_PATH: '/sim/ci' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['**/*.e2e.ts'],
          exclude: ['node_modules/**', 'dist/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
