import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * The API's shape (docs/architecture.md, docs/decisions/0006-api-capability-shape.md). Each
 * capability folder of apps/api/src, with the prefix of its files. A capability reaches another
 * only through that one's <prefix>-service.ts, <prefix>-schemas.ts or <prefix>-types.ts.
 */
const apiCapabilities = {
  auth: 'auth',
  users: 'user',
  catalog: 'catalog',
  cart: 'cart',
  orders: 'order',
  payments: 'payment',
  enquiries: 'enquiry',
  support: 'support',
  health: 'health',
  dev: 'dev',
};
const capabilityFolders = Object.keys(apiCapabilities).map(
  (folder) => `apps/api/src/${folder}/**/*.ts`,
);
const otherCapabilityInternals = {
  regex: `^\\.\\./(?:${Object.entries(apiCapabilities)
    .map(([folder, prefix]) => `${folder}/(?!${prefix}-(?:service|schemas|types)$)`)
    .join('|')})`,
  message:
    'Another capability is reached only through its <x>-service, <x>-schemas or <x>-types file.',
};
const databaseAccess = {
  regex: '^drizzle-orm(?:/|$)|(?:^|/)db/schema(?:/|$)',
  message: 'A route file does HTTP only: its queries belong in the <x>-store.ts behind a service.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/build-*/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/drizzle/**',
    ],
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
    },
  },
  {
    files: capabilityFolders,
    rules: { 'no-restricted-imports': ['error', { patterns: [otherCapabilityInternals] }] },
  },
  {
    files: ['apps/api/src/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherCapabilityInternals, databaseAccess] }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@store/(?:api|web)(?:/|$)|(?:^|/)apps/',
              message: 'packages/domain is framework-free and shared: it imports neither app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
