import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { openGridOverlay } from './grid-overlay.ts';
import { openHydrated } from './pages.ts';

/** Where the e2e server's mailer writes (playwright.config.ts: DATA_DIR is e2e/.results/data-<port>). */
const OUTBOX = join('e2e', '.results', `data-${process.env.E2E_PORT ?? 3555}`, 'outbox');

async function outboxTexts(): Promise<string[]> {
  const files = await readdir(OUTBOX).catch(() => [] as string[]);
  return Promise.all(files.filter((file) => file.endsWith('.json')).map((file) => readFile(join(OUTBOX, file), 'utf8')));
}

// Pages, search and the ALTCHA proof of work run on a shared 2-core machine: allow for its load.
test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test('typing in search suggests tags; picking one opens the tag page', async ({ page }) => {
  await openHydrated(page, '/search');
  const field = page.getByRole('combobox', { name: 'Search Velvet' });
  await field.fill('dan');
  const option = page.getByRole('option', { name: /Dance/ }).first();
  await expect(option).toBeVisible();
  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', /option-0/);
  await option.click();
  await expect(page).toHaveURL(/\/tag\/dance$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('#Dance');
  const tile = page
    .getByRole('list', { name: /Posts tagged/ })
    .getByRole('link')
    .first();
  await expect(tile).toHaveAttribute('href', /^\/tag\/dance\/\d+$/);
});

test('a tile of a tag page opens the feed overlay over the page; back closes it where the page was', async ({ page }) => {
  await openHydrated(page, '/tag/dance');
  const grid = page.getByRole('list', { name: 'Posts tagged #Dance' });
  const tiles = grid.getByRole('link');
  await expect(tiles.nth(3)).toBeVisible();
  await tiles.nth(3).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  const ids = await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href')?.split('/').pop()));

  const overlay = await openGridOverlay(page, grid, {
    index: 2,
    ids,
    address: (id) => new RegExp(`/tag/dance/${id}$`),
    dialog: 'Dance',
  });

  await page.goBack();
  await expect(page).toHaveURL(/\/tag\/dance\?skip-entermodal$/);
  await expect(overlay).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(tiles.nth(2)).toBeFocused();

  // Escape closes it too, and the address is the page's again.
  await tiles.nth(1).click();
  await expect(overlay.locator('article[data-current]')).toHaveAttribute('data-post-id', String(ids[1]));
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect(page).toHaveURL(/\/tag\/dance\?skip-entermodal$/);
});

test('searching shows result tabs; the search is remembered as a recent search', async ({ page }) => {
  await openHydrated(page, '/search');
  const field = page.getByRole('combobox', { name: 'Search Velvet' });
  await field.fill('Yoga');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Yoga$/);
  await expect(page.getByRole('tab', { name: /Videos/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: /Tags/ }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: /#Yoga/ })).toBeVisible();
  await field.fill('');
  await field.focus();
  await expect(page.getByRole('listbox', { name: 'Recent searches' }).getByRole('option', { name: /yoga/ })).toBeVisible();
});

test('result tabs that do not fit fade the edge they hide, and the last one is reached with the keyboard', async ({
  page,
  isMobile,
}) => {
  await openHydrated(page, '/search?q=dance');
  const tabs = page.getByRole('tablist');
  const playlists = page.getByRole('tab', { name: /Playlists/ });
  if (!isMobile) {
    // All four fit on a wide screen: no edge fades.
    await expect(playlists).toBeInViewport();
    await expect(tabs).not.toHaveAttribute('data-more-end');
    return;
  }
  await expect(tabs).toHaveAttribute('data-more-end', '');
  await expect(tabs).not.toHaveAttribute('data-more-start');
  await expect(playlists).not.toBeInViewport({ ratio: 1 });
  await page.getByRole('tab', { name: /Videos/ }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(playlists).toHaveAttribute('aria-selected', 'true');
  await expect(playlists).toBeInViewport({ ratio: 1 });
  await expect(tabs).toHaveAttribute('data-more-start', '');
  await expect(tabs).not.toHaveAttribute('data-more-end');
});

test('a restricted search shows the warning and no results', async ({ page }) => {
  await openHydrated(page, `/search?q=${encodeURIComponent('child porn')}`);
  await expect(page.getByRole('alert')).toContainText('This search is not allowed');
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test('a tag page in Arabic is right to left with the tag header', async ({ page }) => {
  await openHydrated(page, '/tag/dance?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('#');
  await expect(page.getByRole('list', { name: /#/ }).getByRole('link').first()).toBeVisible();
});

test('the tag index lists categories and tags', async ({ page }) => {
  await openHydrated(page, '/tag');
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
  await page.getByRole('list', { name: 'Categories' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/tag\/[a-z]+$/);
});

test('a playlist opens and plays from its first video, and a post can be reported', async ({ page }) => {
  await openHydrated(page, '/playlist');
  await page.getByRole('list', { name: 'Popular playlists' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/playlist\/\d+-/);
  await page.getByRole('link', { name: 'Play all' }).click();
  await expect(page).toHaveURL(/\/play\/\d+-[^/?]+(\/\d+|\?playFeed=\d+)$/);
  await expect(page.locator('video')).toBeVisible();
  const first = page.url();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).not.toHaveURL(first);

  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this post' });
  await dialog.getByLabel('Stolen or copyrighted content').check();
  await dialog.getByLabel('Details (optional)').fill(`e2e report ${test.info().project.name}`);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/safety team will review/, { timeout: 30_000 });
  const mails = await outboxTexts();
  expect(mails.some((mail) => mail.includes(`e2e report ${test.info().project.name}`) && mail.includes('Velvet report'))).toBe(
    true,
  );
});

test('an account can be reported from its profile, a post from the share sheet of the feed', async ({ page }) => {
  await openHydrated(page, '/demo');
  await page.getByRole('button', { name: 'Report' }).click();
  const account = page.getByRole('dialog', { name: 'Report this account' });
  await expect(account.getByLabel('Spam or scam')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(account).toHaveCount(0);

  // Sent for real once per project: /api/abuse allows 5 a minute per address, and the playlist test sends too.
  await openHydrated(page, '/');
  const card = page.locator('article[data-current]');
  const postId = await card.getAttribute('data-post-id');
  await card.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this post' });
  const marker = `e2e feed report ${test.info().project.name}`;
  await dialog.getByLabel('Spam or scam').check();
  await dialog.getByLabel('Details (optional)').fill(marker);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/safety team will review/, { timeout: 30_000 });
  const mails = await outboxTexts();
  expect(mails.some((mail) => mail.includes(marker) && mail.includes(`] post ${postId}`))).toBe(true);
});

test('the contact form sends a message to the operators', async ({ page }) => {
  await openHydrated(page, '/contact-us');
  const marker = `e2e contact ${test.info().project.name} ${Date.now()}`;
  await page.getByLabel('Your e-mail address').fill('visitor@example.com');
  await page.getByLabel('Subject').fill('Hello from e2e');
  await page.getByLabel('Message').fill(marker);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you, your message was sent.')).toBeVisible({ timeout: 30_000 });
  const mails = await outboxTexts();
  expect(mails.some((mail) => mail.includes(marker) && mail.includes('visitor@example.com'))).toBe(true);
});
