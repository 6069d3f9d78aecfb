import { defineConfig } from '@playwright/test';

/**
 * Ports of the end-to-end server, away from the defaults a developer's own instance uses. E2E_PORT and
 * E2E_PG_PORT move them so two runs can share a machine; each run keeps its data under its own port.
 */
const PORT = Number(process.env.E2E_PORT ?? 3555);
const EMBEDDED_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54455);
const DATA_DIR = `e2e/.results/data-${PORT}`;
const baseURL = `http://127.0.0.1:${PORT}`;
/** URL imports fetch from a media server the spec starts on loopback, one port per project (import-and-session.spec.ts). */
export const IMPORT_ORIGIN_PORTS = { desktop: PORT + 2000, mobile: PORT + 2001 } as const;

export default defineConfig({
  testDir: 'e2e',
  // The server's data folder lives under e2e/.results while the run walks e2e for specs; the media jobs
  // create and delete scratch folders there meanwhile, and walking into one that vanished fails the run.
  // e2e/.gitignore keeps the walk out of it.
  respectGitIgnore: true,
  outputDir: `e2e/.results/artifacts-${PORT}`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two browsers, the app, its worker and the seed's first media jobs share two cores: a page load with a
  // reload or a service worker registration can take well over 10 s at the busiest moments of a run.
  timeout: 30_000,
  // Passing assertions return as soon as they hold; the margin only keeps a busy moment from failing one.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'e2e/.results/report.json' }]],
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    // Every spec starts past the first-visit tips (components/feed/FeedTips.tsx), which cover the feed
    // on purpose; e2e/feed-tips.spec.ts clears these to see them.
    storageState: {
      cookies: ['sawTutorial', 'keyboardTutorial'].map((name) => ({
        name,
        value: '1',
        domain: '127.0.0.1',
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax' as const,
      })),
      origins: [],
    },
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
    command: `rm -rf ${DATA_DIR} && exec node server/src/main.ts app-with-worker`,
    url: `${baseURL}/readyz`,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      BASE_URL: baseURL,
      DATA_DIR,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(EMBEDDED_PG_PORT),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Every test's browser is a new visitor from 127.0.0.1, like the visitors behind one very large NAT.
      VISITOR_TOKENS_PER_ADDRESS: '100000',
      // Specs sign up several accounts, all from 127.0.0.1 (accounts, notifications, stored XSS; both projects).
      SIGNUP_RATE_LIMIT: '100',
      // The import spec's media servers: the only loopback addresses URL imports may reach.
      SCRAPER_ALLOW_LOOPBACK_PORTS: `${IMPORT_ORIGIN_PORTS.desktop},${IMPORT_ORIGIN_PORTS.mobile}`,
      // Specs sign up creators and expect their uploads published; the review queue has integration tests
      // (enforcement/review-queue.test.ts), and the moderation spec acts on published posts.
      PREPUBLICATION_REVIEW_POSTS: '0',
    },
    reuseExistingServer: false,
    // The first start seeds demo content with generated media, which takes minutes on a busy 2-core box.
    timeout: 600_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the app stop its embedded PostgreSQL; a killed one would hold the port for the next run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
