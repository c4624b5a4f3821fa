import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-artifacts/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'react', 'react-dom', 'zustand'],
              message: 'server/ is a plain Node library.',
            },
            {
              group: ['**/renderer/**', '**/electron/**'],
              message: 'server/ must not reach into hosts or the UI.',
            },
          ],
        },
      ],
    },
  },
  {
    // Run by the server and by the renderer alike: no imports but each other, no Node, no DOM.
    files: ['server/src/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./[^/]+\\.js$)',
              message:
                'server/src/shared/ is run by the renderer too: it imports only its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts', 'renderer/**/*.{ts,tsx}', 'electron/**/*.ts'],
    ignores: [
      'server/src/cli.ts',
      'electron/launch.ts',
      '**/*.test.ts',
      '**/*.e2e.ts',
      'renderer/test/**',
      'renderer/scripts/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Only server/src/cli.ts and electron/launch.ts read process.env.',
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/test/**', 'renderer/scripts/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:.*|express|electron)$|/electron/(?!bridge\\.js$)',
              message:
                'The renderer is a plain web app; it knows the desktop only through the bridge types.',
            },
            {
              regex: '/server/src/(?!(contract(\\.js)?|shared/[^/]+\\.js)$)',
              message:
                'The renderer reaches the server over HTTP only (contract.ts types and the pure modules of server/src/shared/ excepted).',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser tests and scripts drive a real server from Node.
    files: ['renderer/test/**/*.{ts,tsx}', 'renderer/scripts/**/*.{js,mjs,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['electron/**/*.ts', 'electron/**/*.cts'],
    ignores: [
      'electron/main.ts',
      'electron/window.ts',
      'electron/menu.ts',
      'electron/dialogs.ts',
      'electron/ipc.ts',
      'electron/preload.cts',
      'electron/window-lifecycle.ts',
      'electron/update-dialog.ts',
      'electron/crash-restart.ts',
      'electron/smoke-run.ts',
      'electron/desktop-shell.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Keep Electron imports to the thin shell files.' }],
        },
      ],
    },
  },
);
