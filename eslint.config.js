import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.e2e-data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-duplicates': 'error',
      // Dependencies point one way (DESIGN §2): web → core, api → core; core imports neither,
      // and the web app never imports the API. Inside the web app: shared → features → app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/core', from: './apps', message: 'core is pure and shared.' },
            { target: './apps/web', from: './apps/api', message: 'the web app talks HTTP only.' },
            {
              target: './apps/api',
              from: './apps/web',
              message: 'the API never imports the web app.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'features do not import the app shell.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/content'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'shared code does not import features or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'core runs in the browser too: no node:*.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  prettier,
);
