import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dist/**',
      'server/build/**',
      'test-results/**',
      'server/src/db/migrations/**',
      'web/public/**',
      'bench/reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Mantine's modals manager is mounted on demand (app/modals-host.tsx): its own `modals` API would open nothing.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/modals.ts', 'web/src/app/modals-manager.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@mantine/modals', message: 'Open dialogs with openModal/openConfirmModal from lib/modals.ts.' }] },
      ],
    },
  },
);
