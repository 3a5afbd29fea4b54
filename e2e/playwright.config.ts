import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The store is started once by global-setup on a free port with a fresh data folder;
// its address reaches the workers through E2E_BASE_URL.
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
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
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: /console-routine\.spec\.ts/,
    },
    // The console routine imports thousands of numbers: it runs once the storefront specs, which
    // compare listings with the API, are done.
    {
      name: 'stock import',
      use: { browserName: 'chromium' },
      testMatch: /console-routine\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
});
