import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { parseSettings } from '../server/src/config.ts';
import { openHydrated } from './pages.ts';

/** Every legal document at /legal/<name> and at its top-level alias, with the English heading. */
/** The neutral wordings visitors see for operator details still at their defaults. */
const common = JSON.parse(readFileSync(new URL('../web/app/content/en/common.json', import.meta.url), 'utf8')) as {
  unsetDetails: { custodianName: string; custodianAddress: string; custodianEmail: string };
};

const legalDocuments: ReadonlyArray<{ name: string; heading: string }> = [
  { name: 'terms', heading: 'Terms of service' },
  { name: 'privacy-policy', heading: 'Privacy policy' },
  { name: 'cookie-policy', heading: 'Cookie policy' },
  { name: 'takedown', heading: 'Content removal' },
  { name: 'terms2257', heading: '2257 statement' },
];

const staticPages: ReadonlyArray<{ path: string; heading: string }> = [
  { path: '/creators', heading: 'For creators' },
  { path: '/partners', heading: 'Partners' },
  { path: '/rewards-content', heading: 'Creator rewards' },
  { path: '/unsupported', heading: 'This device is not supported' },
];

const article = (page: Page) => page.locator('article');

/** Opens a page past the age gate and checks it answers 200 with its heading and a real text. */
async function expectDocument(page: Page, path: string, heading: string, minimumCharacters: number) {
  const response = await page.goto(`${path}?skip-entermodal`);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  const text = ((await article(page).textContent()) ?? '').trim();
  expect(text.length, `${path} has a substantial body`).toBeGreaterThan(minimumCharacters);
}

for (const { name, heading } of legalDocuments) {
  test(`/legal/${name} and /${name} show the ${heading} with a table of contents`, async ({ page }) => {
    for (const path of [`/legal/${name}`, `/${name}`]) {
      await expectDocument(page, path, heading, 1500);
      const contents = page.getByRole('navigation', { name: 'On this page' });
      const entries = contents.getByRole('link');
      expect(await entries.count()).toBeGreaterThanOrEqual(5);
      // Each entry leads to the section it names.
      const first = entries.first();
      const target = (await first.getAttribute('href')) ?? '';
      await expect(page.locator(`section${target}`).getByRole('heading', { level: 2 })).toContainText(
        ((await first.textContent()) ?? '').trim(),
      );
    }
  });
}

for (const { path, heading } of staticPages) {
  test(`${path} shows its page with real text`, async ({ page }) => {
    await expectDocument(page, path, heading, path === '/unsupported' ? 300 : 900);
  });
}

test('/legal lists every document with a summary, and each entry opens it', async ({ page }) => {
  const response = await page.goto('/legal?skip-entermodal');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal');
  const list = page.getByTestId('legal-documents');
  for (const { name, heading } of legalDocuments) {
    const card = list.locator(`a[href="/legal/${name}"]`);
    await expect(card).toBeVisible();
    expect(((await card.textContent()) ?? '').length).toBeGreaterThan(heading.length + 60);
  }
  await list.locator('a[href="/legal/takedown"]').click();
  await expect(page).toHaveURL(/\/legal\/takedown$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Content removal');
});

test('the 2257 statement shows visitors a neutral custodian wording until the operator sets one', async ({ page }) => {
  // The e2e server runs without these settings: visitors never see the note to the operator.
  const { RECORDS_CUSTODIAN_NAME: operatorNote } = parseSettings({});
  await page.goto('/legal/terms2257?skip-entermodal');
  const section = page.locator('section#custodian');
  await expect(section.locator('[data-placeholder="custodianName"]')).toHaveText(common.unsetDetails.custodianName);
  await expect(section.locator('[data-placeholder="custodianAddress"]')).toHaveText(common.unsetDetails.custodianAddress);
  await expect(section.locator('[data-placeholder="custodianEmail"]')).toHaveText(common.unsetDetails.custodianEmail);
  await expect(section).not.toContainText(operatorNote);
});

test('the cookie policy lists every cookie with its lifetime, have18 for 730 days', async ({ page }) => {
  await page.goto('/cookie-policy?skip-entermodal');
  const have18 = page.locator('tr[data-cookie="have18"]');
  await expect(have18).toBeVisible();
  await expect(have18).toContainText('730 days');
  await expect(page.getByTestId('cookies-necessary')).toContainText('have18');
  await expect(page.locator('tr[data-cookie="lgbtPreference"]')).toContainText('365 days');
  await expect(page.locator('tr[data-cookie="sawTutorial"]')).toContainText('730 days');
  await expect(page.locator('tr[data-cookie="uotmPopup"]')).toHaveCount(0);
  await expect(page.getByTestId('cookies-preferences').locator('tr[data-cookie]')).toHaveCount(12);
});

test('a section link scrolls to its anchor and the creators page leads to sign-up', async ({ page }) => {
  await openHydrated(page, '/legal/privacy-policy');
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Your rights' }).click();
  await expect(page).toHaveURL(/#your-rights$/);
  await expect(page.locator('#your-rights-heading')).toBeInViewport();

  await openHydrated(page, '/creators');
  await expect(article(page)).toContainText('480 × 718');
  await page.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('/unsupported offers to continue on this device', async ({ page }) => {
  await page.goto('/unsupported?skip-entermodal');
  await expect(page.getByRole('link', { name: 'Continue anyway' })).toHaveAttribute('href', '/?go=1');
});

test('in Arabic the documents read right to left, in Arabic', async ({ page }) => {
  await page.goto('/legal/terms?lang=ar&skip-entermodal');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(article(page)).toHaveAttribute('dir', 'rtl');
  await expect(article(page)).toHaveAttribute('lang', /^ar\b/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\p{Script=Arabic}/u);
  await expect(article(page).locator('section').first()).toHaveCSS('direction', 'rtl');
});

test('the documents have no serious or critical accessibility violations, light and dark', async ({ page }) => {
  // Ten pages through axe-core is slow on a shared 2-core machine.
  test.setTimeout(120_000);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const path of ['/legal', '/legal/cookie-policy', '/creators', '/unsupported', '/terms?lang=ar']) {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}skip-entermodal`);
      const { violations } = await new AxeBuilder({ page }).include('main').analyze();
      const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(
        serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
        `${path} (${colorScheme})`,
      ).toEqual([]);
    }
  }
});
