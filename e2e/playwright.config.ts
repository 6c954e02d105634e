import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// A second server as an operator without PayPal may run it: Nexi XPay as the card gateway (its in-app
// stand-in) and PAYPAL_ENABLED=false; used only by card-gateway.spec.ts and my-tickets-paypal-off.spec.ts.
const nexiPort = Number(process.env.E2E_NEXI_PORT ?? port + 100);
process.env.E2E_NEXI_URL = `http://127.0.0.1:${nexiPort}`;
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Browser tests in Debian's Chromium against the real built app (npm run build first). */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/ },
  ],
  webServer: [
    {
      command: 'node server.mjs',
      url: `http://127.0.0.1:${port}/api/docs/json`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      command: 'node server.mjs',
      env: { E2E_PORT: String(nexiPort), PAYMENTS_GATEWAY: 'nexi', PAYPAL_ENABLED: 'false' },
      url: `http://127.0.0.1:${nexiPort}/api/docs/json`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
});
