import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 5183);

// Debian's Chromium (never a downloaded browser); a fresh in-memory database with the demo data per run.
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: 'memory://', CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'warn', SEED_DEMO: 'true',
      // Background jobs (machine review every 15 s …) would move orders between queues while a test counts them.
      JOBS_ENABLED: 'false' },
  },
});
