import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * The API's shape (docs/architecture.md, docs/decisions/0006-api-capability-shape.md). Each
 * capability folder of apps/api/src, with the prefix of its files. A capability reaches another
 * only through that one's <prefix>-service.ts, <prefix>-schemas.ts or <prefix>-types.ts.
 */
const apiCapabilities = {
  auth: 'auth',
  alerts: 'alert',
  users: 'user',
  catalog: 'catalog',
  cart: 'cart',
  orders: 'order',
  payments: 'payment',
  invoices: 'invoice',
  enquiries: 'enquiry',
  admin: 'admin',
  audit: 'audit',
  imports: 'import',
  messages: 'message',
  staff: 'staff',
  health: 'health',
  dev: 'dev',
  retention: 'retention',
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
// apps/web: a feature (src/features/<name>/) is reached from outside only through its index.ts;
// components/ and lib/ know no feature. Tests may reach into another feature to test the two
// together; everything else follows the rule.
const webFeatureEntry = {
  from: { type: ['web-feature', 'web-app'] },
  disallow: { to: { type: 'web-feature', internalPath: '!index.ts' } },
  message:
    "Import another feature through its index.ts (add what you need to that feature's index.ts).",
};
const webSharedKnowsNoFeature = {
  from: { type: ['web-lib', 'web-components'] },
  disallow: { to: { type: ['web-feature', 'web-app'] } },
  message:
    'components/ and lib/ hold generic code: move what needs a feature into that feature, or pass it in.',
};
const webBoundaries = (rules) => ['error', { default: 'allow', rules }];

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
    // The Razorpay stand-in's checkout.js runs in the buyer's browser (decision 0076).
    files: ['apps/api/stand-ins/fake-razorpay-checkout.js'],
    languageOptions: { globals: { ...globals.browser } },
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
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
        { type: 'web-components', pattern: 'apps/web/src/components' },
        { type: 'web-app', pattern: 'apps/web/src/*.{ts,tsx}', mode: 'file' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/dependencies': webBoundaries([webFeatureEntry, webSharedKnowsNoFeature]),
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message:
                "Take z from src/lib/zod.ts: it turns off Zod's eval probe, a violation of the Content-Security-Policy.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.test.{ts,tsx}'],
    rules: { 'boundaries/dependencies': webBoundaries([webSharedKnowsNoFeature]) },
  },
);
