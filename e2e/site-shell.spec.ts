import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { waitForHydration } from './pages.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** The preference cookies of spec §3, plus our themeColor. */
const PREFERENCE_COOKIES = [
  'setLang',
  'autoplay',
  'prefersDarkScheme',
  'themeColor',
  'lgbtPreference',
  'preference',
  'videoNotPlayablePopup',
  'uotmPopup',
  'sawTutorial',
  'likeBanner',
  'keyboardTutorial',
  'firstAskAddHomeScreen',
  'secondAskAddHomeScreen',
];

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((entry) => entry.name === name);
}

/** Chromium caps every cookie at 400 days (RFC 6265bis), whatever Max-Age the site sends. */
const BROWSER_MAX_DAYS = 400;

/** Asserts a cookie expires the given number of days from now (as far as the browser allows), give or take minutes. */
async function expectLifetime(context: BrowserContext, name: string, days: number) {
  const found = await cookie(context, name);
  expect(found, name).toBeDefined();
  const expected = Date.now() / 1000 + Math.min(days, BROWSER_MAX_DAYS) * DAY_SECONDS;
  expect(Math.abs((found?.expires ?? 0) - expected), name).toBeLessThan(300);
}

const ageGate = (page: Page) => page.getByRole('dialog', { name: 'Adults only' });
const consentBanner = (page: Page) => page.getByRole('region', { name: 'Cookies on Velvet' });
/** The control that opens the site settings: in the top bar on wide screens, in the side menu on phones. */
const siteSettingsOpener = (page: Page, isMobile: boolean) =>
  page.getByRole('banner').getByRole('button', { name: isMobile ? 'Menu' : 'Site settings' });

async function openSiteSettings(page: Page, isMobile: boolean) {
  // A click that lands before React has hydrated the header does nothing, so wait for it. One click then:
  // the dialog's code loads on that click, which took more than 6 s on a busy machine, and a second click
  // would land on the page the opening dialog has just made inert.
  await waitForHydration(page);
  const opened = page.getByRole('dialog', { name: isMobile ? 'Velvet' : 'Site settings' });
  await siteSettingsOpener(page, isMobile).click();
  await expect(opened).toBeVisible({ timeout: 20_000 });
  if (isMobile) await opened.getByRole('button', { name: 'Site settings' }).click();
}

// Each test loads a page, waits for hydration and lazy dialogs: a busy two-core machine outlasts 30 s.
test.describe.configure({ timeout: 60_000 });

test('a first visit shows the age gate over the page, then the cookie banner', async ({ page, context }) => {
  await page.goto('/');
  await expect(ageGate(page)).toBeVisible();
  // The page is in the document behind the gate, for crawlers, but out of reach.
  await expect(page.getByRole('heading', { level: 1, includeHidden: true })).toHaveText('For you');
  await expect(page.locator('[inert]')).toHaveCount(1);
  await expect(consentBanner(page)).toHaveCount(0);

  await ageGate(page).getByRole('button', { name: 'I am 18 or older – Enter' }).click();
  await expect(ageGate(page)).toHaveCount(0);
  await expectLifetime(context, 'have18', 730);
  await expect(consentBanner(page)).toBeVisible();

  await consentBanner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(consentBanner(page)).toHaveCount(0);
  expect((await cookie(context, 'consent'))?.value).toBe('necessary.preferences.statistics.marketing');
  await expectLifetime(context, 'consent', 365);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(ageGate(page)).toHaveCount(0);
  await expect(consentBanner(page)).toHaveCount(0);
});

test('crawlers get the server-rendered page with its metadata under the gate', async ({ request }) => {
  const markup = await (await request.get('/popular', { headers: { 'user-agent': 'Googlebot/2.1' } })).text();
  expect(markup).toContain('<title>Popular · Velvet</title>');
  expect(markup).toMatch(/<meta name="description" content="[^"]+"/);
  expect(markup).toMatch(/<h1[^>]*>Popular<\/h1>/);
  expect(markup).toContain('aria-modal="true"');
});

test('the server sends the spec lifetimes: have18 730 days, consent 365 days', async ({ request }) => {
  const setCookies = (await request.get('/?skip-entermodal'))
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie');
  const values = setCookies.map((header) => header.value);
  expect(values).toContain(`have18=1; Path=/; Max-Age=${730 * DAY_SECONDS}; SameSite=Lax`);
  expect(values).toContain(
    `consent=necessary.preferences.statistics.marketing; Path=/; Max-Age=${365 * DAY_SECONDS}; SameSite=Lax`,
  );
});

test('?skip-entermodal skips the gate and accepts every cookie category', async ({ page, context }) => {
  await page.goto('/?skip-entermodal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('For you');
  await expect(ageGate(page)).toHaveCount(0);
  await expect(consentBanner(page)).toHaveCount(0);
  await expectLifetime(context, 'have18', 730);
  expect((await cookie(context, 'consent'))?.value).toBe('necessary.preferences.statistics.marketing');
});

test('rejecting all leaves no preference cookie, even after choosing a theme', async ({ page, context, isMobile }) => {
  await page.goto('/');
  await waitForHydration(page);
  await ageGate(page).getByRole('button', { name: /18/ }).click();
  await consentBanner(page).getByRole('button', { name: 'Choose' }).click();
  await expect(consentBanner(page).getByRole('switch', { name: 'Necessary' })).toBeDisabled();
  await consentBanner(page).getByRole('button', { name: 'Reject all' }).click();
  expect((await cookie(context, 'consent'))?.value).toBe('necessary');
  const names = (await context.cookies()).map((entry) => entry.name);
  expect(names.filter((name) => PREFERENCE_COOKIES.includes(name))).toEqual([]);

  // A theme picked on screen is kept for the browser session only: a cookie without expiry.
  await openSiteSettings(page, isMobile);
  await page.getByRole('dialog', { name: 'Site settings' }).locator('label', { hasText: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect((await cookie(context, 'prefersDarkScheme'))?.expires).toBe(-1);
});

test('theme and colour switch without a reload and persist after one', async ({ page, context, isMobile }) => {
  await page.goto('/?skip-entermodal');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await openSiteSettings(page, isMobile);
  const settings = page.getByRole('dialog', { name: 'Site settings' });
  await settings.locator('label', { hasText: 'Dark' }).click();
  await settings.locator('label', { hasText: 'Gold' }).click();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('data-accent', 'gold');
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await expectLifetime(context, 'prefersDarkScheme', 730);
  expect((await cookie(context, 'prefersDarkScheme'))?.value).toBe('2');
  // The accent is stored through the server (POST /api/user/cookie): wait for it before reloading.
  await expect.poll(async () => (await cookie(context, 'themeColor'))?.value).toBe('gold');

  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);
  await expect(siteSettingsOpener(page, isMobile)).toBeFocused();

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('data-accent', 'gold');
});

/**
 * Picks a language; the page reloads in it 300 ms later (spec §1). Resolves once the reloaded page is there:
 * on a busy machine (a fresh-clone CI run) that reload took more than the 5 s an expectation waits.
 */
async function chooseLanguage(page: Page, isMobile: boolean, name: string, locale: string) {
  await openSiteSettings(page, isMobile);
  await page
    .getByRole('dialog', { name: 'Site settings' })
    .getByRole('button', { name: /Language/ })
    .click();
  await page.getByRole('dialog', { name: 'Choose your language' }).getByRole('link', { name }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 15_000 });
}

test('choosing Arabic in the language dialog mirrors the layout', async ({ page, context, isMobile }, testInfo) => {
  await page.goto('/?skip-entermodal');
  await chooseLanguage(page, isMobile, 'العربية', 'ar-SA');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectLifetime(context, 'setLang', 730);

  if (testInfo.project.name === 'desktop') {
    const viewport = page.viewportSize();
    const panel = await page
      .locator('aside')
      .filter({ has: page.getByRole('navigation') })
      .boundingBox();
    expect(panel && viewport && panel.x > viewport.width / 2).toBe(true);
  }
});

test('choosing Japanese shows the site in Japanese', async ({ page, isMobile }) => {
  await page.goto('/?skip-entermodal');
  await chooseLanguage(page, isMobile, '日本語', 'ja-JP');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u3040-\u30ff\u4e00-\u9fff]/);
});

test('the orientation switch remembers the choice and opens the same page in that variant', async ({
  page,
  context,
  isMobile,
}) => {
  await page.goto('/popular?skip-entermodal');
  await openSiteSettings(page, isMobile);
  await page.getByRole('dialog', { name: 'Site settings' }).getByRole('link', { name: 'Gay' }).click();
  await expect(page).toHaveURL(/\/popular-gay\?skip-entermodal$/);
  await expectLifetime(context, 'lgbtPreference', 365);
  expect((await cookie(context, 'lgbtPreference'))?.value).toBe('2');
});

test('campaign tags are removed from the address, other parameters kept', async ({ page }) => {
  await page.goto('/search?skip-entermodal&q=cats&utm_source=x&utm_medium=share&utm=a,b,c');
  // The address is cleaned once the page has hydrated, which a busy two-core machine can hold back past 5 s.
  await expect(page).toHaveURL(/\/search\?skip-entermodal=&q=cats$/, { timeout: 20_000 });
});

test('the country chooser lists the priority countries first', async ({ page }) => {
  await page.goto('/choose-country?skip-entermodal');
  const suggested = page.getByRole('region', { name: 'Suggested' }).getByRole('link');
  await expect(suggested).toHaveText([
    /Australia/,
    /Canada/,
    /Czechia/,
    /Italy/,
    /Spain/,
    /France/,
    /Germany/,
    /United Kingdom/,
    /United States/,
  ]);
});

test('standalone reloads the home page past every cache', async ({ page }) => {
  await page.goto('/tags?skip-entermodal&standalone=true');
  // The reload waits for hydration, which a busy two-core machine can hold back past 5 s.
  await expect(page).toHaveURL(/\/\?no-cache=\d{13}$/, { timeout: 20_000 });
});

test.describe('on a small iPhone', () => {
  test.use({
    viewport: { width: 320, height: 568 },
    screen: { width: 320, height: 568 },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  });

  test('the site sends the visitor to /unsupported unless go is given', async ({ page }) => {
    await page.goto('/popular?skip-entermodal');
    // The landing-query handling loads after hydration (layout/landing-query.ts): seconds on a busy machine.
    await expect(page).toHaveURL(/\/unsupported$/, { timeout: 15_000 });
    await page.goto('/popular?go');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Popular');
    // The heading is server-rendered: leave only once the browser has taken the page over and remembered
    // `go` for the tab (layout/useLandingQuery.ts), as a visitor reading it would.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('velvet.go')), { timeout: 15_000 }).toBe('1');
    await page.goto('/tags');
    await expect(page).toHaveURL(/\/tags$/);
  });
});
