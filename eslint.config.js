import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      '.e2e-data/**',
      'coverage/**',
      '**/.scratch/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-duplicate-imports': 'error',
    },
  },
  // Dependencies point one way (DESIGN §2): web → core, api → core; core imports neither; the
  // web app never imports the API. Inside the web app: shared code → features → app.
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/content/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared code does not import features or the app shell.',
            },
            {
              // Shared code is in the first load of every page: keep zod out of it (decision 005).
              group: [
                'zod',
                ...[
                  'address',
                  'admin',
                  'api',
                  'availability',
                  'booking',
                  'chat',
                  'checkout',
                  'documents',
                  'favorites',
                  'live-events',
                  'mail',
                  'notifications',
                  'profile',
                  'site',
                  'social-sign-in',
                  'vehicle',
                ].map((module) => `@vroum/core/${module}`),
              ],
              allowTypeImports: true,
              message:
                'This module loads zod: import its types only, or its zod-free sibling (e.g. booking-status, chat-text).',
            },
            {
              group: ['**/apps/api/**', '@vroum/api', '@vroum/api/**'],
              message: 'The web app talks to the API over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**'], message: 'Features do not import the app shell.' },
            {
              group: ['**/apps/api/**', '@vroum/api', '@vroum/api/**'],
              message: 'The web app talks to the API over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@vroum/web', '@vroum/web/**'],
              message: 'The API never imports the web app.',
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
        {
          patterns: [
            { group: ['node:*'], message: 'core runs in the browser too: no node:*.' },
            {
              group: ['**/apps/**', '@vroum/api', '@vroum/web'],
              message: 'core imports neither app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
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
