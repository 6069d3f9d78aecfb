import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openHydrated, waitForHydration } from './pages.ts';

// axe walks the whole DOM in the page; on a busy two-core machine that alone can take seconds.
test.slow();

/** The shell pages a visitor meets first, in both themes and a right-to-left language. */
const shellPages = [
  '/',
  '/legal',
  '/legal/terms',
  '/creators',
  '/choose-language',
  '/choose-country',
  '/login',
  '/unsupported',
  '/missing-page',
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });
    for (const path of shellPages) {
      test(`${path} has no serious accessibility violation`, async ({ page }) => {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}skip-entermodal`);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test('the age gate and the consent banner have no serious accessibility violation', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('dialog', { name: 'Adults only' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /I am 18/ }).click();
  await expect(page.getByRole('region', { name: 'Cookies on Velvet' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('Arabic pages have no serious accessibility violation', async ({ page }) => {
  await page.goto('/?lang=ar&skip-entermodal');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await seriousViolations(page)).toEqual([]);
});

test('every control of the shell is reachable with the keyboard and has a name', async ({ page, isMobile }) => {
  await openHydrated(page, '/');
  await page.waitForLoadState('networkidle');
  const seen = new Set<string>();
  for (let step = 0; step < 60; step++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
      return { tag: element.tagName, name, visible: element.getClientRects().length > 0 };
    });
    if (!focused) continue;
    expect(focused.name, `${focused.tag} without a name`).not.toBe('');
    expect(focused.visible, `${focused.name} focused while hidden`).toBe(true);
    seen.add(focused.name);
  }
  // Navigation, search, site settings and the login link are all among the stops; on phones the
  // navigation and site settings live in the side menu.
  const expected = isMobile ? ['Search', 'Menu', 'Log in'] : ['For you', 'Following', 'Popular', 'Site settings', 'Log in'];
  for (const name of expected)
    expect(
      [...seen].some((entry) => entry.includes(name)),
      name,
    ).toBe(true);
});
