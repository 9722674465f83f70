import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { TEST_APP_SECRET } from './tests/support/test-secret.ts';

// One fresh database and port per run; workers inherit them through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'rozum-e2e-'));
process.env.E2E_PORT ??= String(20000 + (process.pid % 20000));
process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_MAIL_DIR ??= join(process.env.E2E_DATA_DIR, 'inbox');
process.env.E2E_FAKE_PORT ??= String(Number(process.env.E2E_PORT) + 2);
const fakeUrl = `http://127.0.0.1:${process.env.E2E_FAKE_PORT}`;
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/** DESIGN.md §2: the system Chromium where there is one (CHROME_PATH), else Playwright's own browser. */
const executablePath = process.env.CHROME_PATH || undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  // Ten seconds for a page to show what a test waits for: on a machine about 1.7× slower per core than the last, with
  // two workers and the server on two cores, a results page's island now and then took over the default five.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.test-reports/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // Our stand-in for a mail provider's SMTP server: mail the site sends lands in E2E_MAIL_DIR (tests read it).
      command: `node tests/support/mail-sink-server.ts ${process.env.E2E_SMTP_PORT} ${process.env.E2E_MAIL_DIR}`,
      port: Number(process.env.E2E_SMTP_PORT),
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Our stand-ins for the providers (tests/support/fake-providers.ts); the server signs in with Google through it.
      command: `node tests/support/fake-providers-server.ts ${process.env.E2E_FAKE_PORT}`,
      url: `${fakeUrl}/__control/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node src/runtime/main.ts --no-build',
      url: `${baseURL}/api/health`,
      // One machine plays every visitor from one address: limits raised (never in production; src/lib/server/rate-limit.ts).
      // Payments through the test provider, which runs only when asked for (src/lib/server/production.ts).
      env: {
        PORT: process.env.E2E_PORT,
        DATA_DIR: process.env.E2E_DATA_DIR,
        RATE_LIMIT_MULTIPLIER: '100',
        PAYMENT_PROVIDER: 'test',
        SMTP_URL: `smtp://rozum:sink-password@127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: 'Rozum <hello@rozum.example>',
        // Google's redirect comes back to SITE_URL: the same host the browser uses, so its cookies come along.
        SITE_URL: baseURL,
        GOOGLE_CLIENT_ID: 'rozum-test.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'rozum-test-secret',
        GOOGLE_AUTH_ENDPOINT: `${fakeUrl}/google/auth`,
        GOOGLE_TOKEN_ENDPOINT: `${fakeUrl}/google/token`,
        // The hryvnia figure beside the price comes from our stand-in for the NBU's open-data API.
        NBU_API_BASE: fakeUrl,
        // Known to the tests, which take IQ sittings as served earlier (tests/e2e/fixtures.ts, servedEarlier).
        APP_SECRET: TEST_APP_SECRET,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
