import { defineConfig } from '@playwright/test';

/** Fixed ports of the end-to-end server, away from the defaults a developer's own instance uses. */
const PORT = 3555;
const EMBEDDED_PG_PORT = 54455;
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/.results/artifacts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 15_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'e2e/.results/report.json' }]],
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: `npx playwright install` cannot download browsers here (ARCHITECTURE.md).
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } } },
    {
      name: 'mobile',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    // The built app, as `npm start` runs it, on a data folder wiped first so every run starts from the seed.
    command: 'rm -rf e2e/.results/data && exec node server/src/main.ts app-with-worker',
    url: `${baseURL}/readyz`,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      BASE_URL: baseURL,
      DATA_DIR: 'e2e/.results/data',
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(EMBEDDED_PG_PORT),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    reuseExistingServer: false,
    // The first start seeds demo content with generated media, which takes minutes on a busy 2-core box.
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the app stop its embedded PostgreSQL; a killed one would hold the port for the next run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
