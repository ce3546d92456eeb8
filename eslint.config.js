import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const API_MODULES = readdirSync(new URL('./apps/api/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The API's zones. A module reads and writes its tables through its own repository only: another
// module calls its services. The layers under the modules (db, lib, plugins, providers) never
// import them; the composition root (app.ts, server.ts, periodic-jobs.ts, webhook-sources.ts)
// wires the modules together and may import anything.
const apiZones = () => [
  {
    // Adapters and infrastructure serve the application; they never depend on it.
    target: ['db', 'lib', 'plugins', 'providers'].map((layer) => `./apps/api/src/${layer}`),
    from: './apps/api/src/modules',
    message:
      'db, lib, plugins and providers never import a module: the module hands them what it needs.',
  },
  ...API_MODULES.map((module) => ({
    target: `./apps/api/src/modules/${module}`,
    from: './apps/api/src/modules/*/**/*.repository.ts',
    // Glob exceptions are matched against the resolved path as written: make it absolute.
    except: [`${import.meta.dirname}/apps/api/src/modules/${module}/**`],
    message: `Another module's tables are its own: call its *.service.ts, not its repository.`,
  })),
];

const restrictedPaths = () => [
  'error',
  {
    // Relative to this file, whatever directory ESLint runs from (the lint-zone test).
    basePath: import.meta.dirname,
    zones: [
      ...apiZones(),
      // Features do not import each other: what two features share lives in lib or components.
      ...WEB_FEATURES.map((feature) => ({
        target: `./apps/web/src/features/${feature}`,
        from: './apps/web/src/features',
        except: [`./${feature}`],
        message:
          'A feature does not import another feature: move what they share to lib or components.',
      })),
    ],
  },
];

// Shared code and the landing pages (home, catalogue, checkout) are in the first load: keep zod
// out of them (decision 005). Every core module that builds schemas is listed but second-factor,
// whose code the sign-in client (lib/auth) reads and only the account and staff pages load.
const zodInFirstLoad = {
  group: [
    'zod',
    ...[
      'account-sessions',
      'address',
      'admin',
      'api',
      'availability',
      'booking',
      'business-dashboard',
      'cancellation',
      'chat',
      'checkout',
      'customer-codes',
      'damage-claims',
      'data-rights',
      'documents',
      'favorites',
      'fleet-blocks',
      'invoicing',
      'ledger',
      'live-events',
      'mail',
      'notifications',
      'operations',
      'profile',
      'refunds',
      'rental-extension',
      'rental-steps',
      'return-disputes',
      'site',
      'social-sign-in',
      'vehicle-photos',
      'vehicle',
    ].map((module) => `@vroum/core/${module}`),
  ],
  allowTypeImports: true,
  message:
    'This module loads zod: import its types only, or its zod-free sibling (e.g. booking-status, chat-text).',
};

// The shell and the home page are hydrated as islands, without the router (decision 005): they
// move between pages through lib/navigation.
const routerOutOfIslands = {
  group: ['react-router'],
  message:
    'Islands run without the router: use Link, NavLink and useNavigation from lib/navigation.',
};

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
      '.lighthouse/**',
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
  // Type-aware rules: a promise nobody awaits loses its failure (an unhandled rejection instead of
  // a French message), and a promise handed where a plain callback is expected is never awaited.
  // Fire-and-forget is written `void promise` so that it is a choice, not an accident.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'vitest.setup.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A switch over a union (a booking's status, a link's check) names every member or says
      // what the others do: a member added later is not silently skipped.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      // The recommended type-aware rules that catch mistakes rather than style.
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/restrict-plus-operands': 'error',
    },
  },
  // In the shipped code, text is never made from a value whose text is "[object Object]" or
  // "undefined": a message, a key or an address built that way is wrong without an error.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
    },
  },
  // Import cycles and the layers' zones, resolved as TypeScript resolves them.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'packages/core/tsconfig.json',
            'apps/api/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
            'scripts/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      // A cycle makes the order of module evaluation decide what is defined: none is allowed.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': restrictedPaths(),
    },
  },
  // Dependencies point one way, so each layer can change without its users: web → core, api → core;
  // core imports neither; the web app never imports the API. Inside the web app: shared code →
  // features → app.
  ...[true, false].map((inIslands) => ({
    files: inIslands
      ? ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/content/**']
      : ['apps/web/src/components/ui/tabs.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared code does not import features or the app shell.',
            },
            zodInFirstLoad,
            {
              group: ['**/apps/api/**', '@vroum/api', '@vroum/api/**'],
              message: 'The web app talks to the API over HTTP only.',
            },
            // Tabs keep their state in the URL: a part of a page the router renders, never an island.
            ...(inIslands ? [routerOutOfIslands] : []),
          ],
        },
      ],
    },
  })),
  // The home page is the first page of most visits, hydrated as islands; the catalogue's pages
  // (fleet, search, vehicle) are the other landing pages, rendered on the server and hydrated whole.
  ...[
    { files: ['apps/web/src/features/**'], firstLoad: false, islands: false },
    { files: ['apps/web/src/features/home/**'], firstLoad: true, islands: true },
    { files: ['apps/web/src/features/catalogue/**'], firstLoad: true, islands: false },
    { files: ['apps/web/src/features/checkout/**'], firstLoad: true, islands: false },
  ].map(({ files, firstLoad, islands }) => ({
    files,
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
            ...(firstLoad ? [zodInFirstLoad] : []),
            ...(islands ? [routerOutOfIslands] : []),
          ],
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message:
                'Links come from lib/navigation: one way to write a link, in the app and on a page of islands.',
            },
          ],
        },
      ],
    },
  })),
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
  // The product's files stay small enough to read at once: past 300 lines of code, a file is
  // split by what it does (a page's parts, a module's routes by audience). The catalogue's seed
  // is data, not code; tests and benchmark scripts read as lists of cases.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/core/src/catalogue.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  // A web function reads at once too: past 150 lines, a component gives its parts (a step, a group
  // of fields) to components of their own and its checks to pure functions beside it.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  prettier,
);
