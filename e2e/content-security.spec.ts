import { expect, type Page, test } from '@playwright/test';
import { openHydrated } from './pages.ts';

const DEMO = { username: 'demo', password: 'velvet-demo-2026' };

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Records every Content-Security-Policy violation of the page, from before its first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return errors;
}

async function open(page: Page, path: string) {
  const response = await openHydrated(page, path);
  expect(response?.status()).toBe(200);
}

test.describe.configure({ timeout: 90_000 });

test('pages hydrate, play and talk to the websocket under the nonce CSP without a single violation', async ({ page }) => {
  const errors = await watchViolations(page);
  await page.request.post('/api/login', { data: DEMO });
  for (const path of ['/', '/demo', '/search?q=dance', '/legal/terms', '/notifications']) {
    await open(page, path);
    expect(await page.evaluate(() => window.cspViolations), path).toEqual([]);
  }
  // A client-side navigation loads route modules and data after hydration.
  await page
    .getByRole('link', { name: /Privacy/ })
    .first()
    .click();
  await expect(page).toHaveURL(/privacy/);
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(errors).toEqual([]);
});
