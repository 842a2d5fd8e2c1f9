import { defineConfig } from '@playwright/test';

// Browser tests in Debian's Chromium (Playwright cannot download its own browser here).
// scripts/run-tests.mjs installs /usr/bin/chromium when it is missing.
export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  globalSetup: './support/global-setup.ts',
  workers: 1,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../.tmp/playwright.json' }]],
  outputDir: '../test-results',
  use: {
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
