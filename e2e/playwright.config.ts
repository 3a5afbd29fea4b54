import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Specs that start a store of their own (startStore) and share nothing with the others: they
// run one at a time beside the rest. Most of their time is waiting for a clock (a hold's lapse,
// an access token's life), a web build of their own (analytics) or an import, which would
// otherwise lengthen a run of two workers by minutes.
const ownStore = /(hold-lapse|session-refresh|razorpay|analytics|console-routine)\.spec\.ts/;

// The store is started once by global-setup on a free port with a fresh data folder;
// its address reaches the workers through E2E_BASE_URL.
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // Two workers drive the shared store, a third the specs with a store of their own (ownStore).
  workers: 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    // Listed first, so that its specs start at once.
    {
      name: 'own store',
      use: { browserName: 'chromium' },
      testMatch: ownStore,
      workers: 1,
    },
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: ownStore,
      workers: 2,
    },
  ],
});
