import { expect, type Page, test } from '@playwright/test';
import { openGridOverlay } from './grid-overlay.ts';
import { openHydrated, waitForHydration } from './pages.ts';

const DEMO = { username: 'demo', password: 'velvet-demo-2026' };

async function logIn(page: Page) {
  const response = await page.request.post('/api/login', { data: DEMO });
  expect((await response.json()).statusCode).toBe(2);
}

const grid = (page: Page) => page.getByRole('region', { name: /^Posts by @/ });
/** The page's own status messages (the shell has a live region of its own). */
// The page's status line (spec §8 messages), not the share button's own toast region beside it.
const statusOf = (page: Page) => page.locator('#content').getByRole('status').filter({ hasText: /\S/ });

// Each test walks several server-rendered pages; on a busy shared machine that outlasts the default 15 s.
test.describe.configure({ timeout: 60_000 });

test('a creator profile shows the header, pins first, and plays from the grid', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/lena.moves?skip-entermodal');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lena Moves');
  await expect(page.getByText('@lena.moves', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Followers?$/ })).toBeVisible();

  const tiles = grid(page).getByRole('listitem');
  await expect(tiles.first()).toContainText('Pinned');
  const pinnedCount = await tiles.filter({ hasText: 'Pinned' }).count();
  expect(pinnedCount).toBeGreaterThan(0);
  // Pins come before every unpinned tile.
  const labels = await tiles.evaluateAll((items) => items.map((item) => item.textContent?.includes('Pinned') ?? false));
  expect(labels.slice(0, pinnedCount).every(Boolean)).toBe(true);
  expect(labels.slice(pinnedCount).some(Boolean)).toBe(false);

  const firstLink = grid(page).getByRole('link').first();
  const href = await firstLink.getAttribute('href');
  expect(href).toMatch(/^\/user\/lena\.moves\/\d+$/);
  await firstLink.click();
  await expect(page).toHaveURL(new RegExp(`${href?.replace(/[.]/g, '\\$&')}$`));
  await expect(page.getByRole('dialog', { name: 'Lena Moves' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a tile of a profile opens the feed overlay over the profile; back and Escape close it where the grid was', async ({
  page,
}) => {
  // A short window, so that the grid's few tiles leave the page something to scroll.
  await page.setViewportSize({ width: page.viewportSize()?.width ?? 390, height: 560 });
  await openHydrated(page, '/demo');
  const tiles = grid(page).getByRole('link');
  await expect(tiles.nth(2)).toBeAttached();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // The tiles clicked below are in view, so clicking them scrolls nothing.
  await tiles.nth(1).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  const ids = await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href')?.split('/').pop()));
  // A mark on the grid's element: a page mounted again would lose it.
  await grid(page).evaluate((element) => element.setAttribute('data-kept', ''));

  const overlay = await openGridOverlay(page, grid(page), {
    index: 1,
    ids,
    address: (id) => new RegExp(`/user/demo/${id}$`),
    dialog: 'Velvet Demo',
  });

  await page.goBack();
  await expect(page).toHaveURL(/\/demo\?skip-entermodal$/);
  await expect(overlay).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(grid(page)).toHaveAttribute('data-kept', '');
  await expect(tiles.nth(1)).toBeFocused();

  await tiles.nth(0).click();
  await expect(overlay.locator('article[data-current]')).toHaveAttribute('data-post-id', String(ids[0]));
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect(page).toHaveURL(/\/demo\?skip-entermodal$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // Followed from outside, the address opens the profile with the post over it; closing leaves the profile.
  await openHydrated(page, `/user/demo/${ids[2]}`);
  // The overlay opens after hydration and loads its code then: seconds on a busy machine.
  await expect(overlay.locator('article[data-current]')).toHaveAttribute('data-post-id', String(ids[2]), { timeout: 15_000 });
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(overlay).toHaveCount(0);
  await expect(page).toHaveURL(/\/demo$/);
  await expect(grid(page).getByRole('link')).toHaveCount(ids.length);
});

test("an address naming another creator than the post's opens it under its creator; a missing post leaves the profile", async ({
  page,
}) => {
  const lena = (await (await page.request.get('/api/user/lena.moves')).json()).user;
  const [post] = (await (await page.request.get(`/api/post/?userId=${lena.id}&limit=1`)).json()).posts;
  await openHydrated(page, `/user/demo/${post.id}`);
  await expect(page).toHaveURL(new RegExp(`/user/lena\\.moves/${post.id}\\?skip-entermodal$`));
  const overlay = page.getByRole('dialog', { name: 'Lena Moves' });
  // The overlay's feed marks its current post once hydrated: seconds on a busy machine.
  await expect(overlay.locator('article[data-current]')).toHaveAttribute('data-post-id', String(post.id), {
    timeout: 15_000,
  });

  await page.goto('/user/demo/999999999?skip-entermodal');
  await expect(page).toHaveURL(/\/demo\?skip-entermodal$/);
  await expect(grid(page).getByRole('link').first()).toBeVisible();
});

test('following asks visitors to log in, then follows and unfollows with the count', async ({ page }, testInfo) => {
  const target = testInfo.project.name === 'mobile' ? 'ines.couture' : 'hana.asmr';
  await openHydrated(page, `/${target}`);
  await page.getByRole('button', { name: `Follow @${target}` }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/${target}?skip-entermodal`)}`);

  await logIn(page);
  await page.goto(`/${target}`);
  const followers = page.getByRole('link', { name: /Followers?$/ });
  const countOf = async () => Number((await followers.locator('strong').textContent())?.replace(/\D/g, ''));
  const before = await countOf();
  const button = page.getByRole('button', { name: new RegExp(`^(Follow|Unfollow) @${target.replace('.', '\\.')}$`) });
  const wasFollowing = (await button.getAttribute('aria-pressed')) === 'true';

  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', String(!wasFollowing));
  await expect.poll(countOf).toBe(before + (wasFollowing ? -1 : 1));
  await page.reload();
  await expect(button).toHaveAttribute('aria-pressed', String(!wasFollowing));

  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', String(wasFollowing));
  await expect.poll(countOf).toBe(before);
});

test('the followers list opens as a dialog and as its own page', async ({ page }) => {
  await openHydrated(page, '/velvet.studio');
  await page.getByRole('link', { name: /Followers?$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Followers of @velvet.studio' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem').first()).toBeVisible();
  const someone = await dialog.getByRole('listitem').first().getByRole('link').getAttribute('href');
  expect(someone).toMatch(/^\/[\w.]+$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto('/velvet.studio/followers');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Followers of @velvet.studio');
  await expect(page.getByRole('listitem').filter({ has: page.locator(`a[href="${someone}"]`) })).toBeVisible();
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Following' }).click();
  await expect(page).toHaveURL('/velvet.studio/following');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Followed by @velvet.studio');
});

test('the owner sees the likes tab and pins or unpins with the spec messages', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'one project changes the demo account pins, so the runs do not race');
  await logIn(page);
  await openHydrated(page, '/demo');
  await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Liked' })).toBeVisible();

  const pinButtons = page.getByRole('button', { name: /^(Pin to profile|Unpin from profile)$/ });
  const last = pinButtons.last();
  const wasPinned = (await last.getAttribute('aria-pressed')) === 'true';
  await last.click();
  await expect(statusOf(page)).toHaveText(wasPinned ? 'Unpinned from your profile.' : 'Pinned to your profile.');
  const moved = wasPinned ? pinButtons.last() : pinButtons.first();
  await expect(moved).toHaveAttribute('aria-pressed', String(!wasPinned));
  await moved.click();
  await expect(statusOf(page)).toHaveText(wasPinned ? 'Pinned to your profile.' : 'Unpinned from your profile.');

  await page.getByRole('link', { name: 'Liked' }).click();
  await expect(page).toHaveURL('/demo?tab=likes');
  const liked = page.getByRole('region', { name: 'Posts you liked' }).getByRole('link').first();
  await expect(liked).toHaveAttribute('href', /\?id=\d+.*&type=myLikes$/);
});

test('a profile with saved social links renders them as links built from the platform list', async ({ page }) => {
  await logIn(page);
  const save = (socialLinks: Record<string, string>) =>
    page.request.put('/api/user/me', { data: { socialLinks } }).then((response) => response.json());
  expect((await save({ ig: 'demo.moves', of: 'https://onlyfans.com/demo_of' })).statusCode).toBe(2);
  try {
    const response = await page.goto('/demo?skip-entermodal');
    expect(response?.status()).toBe(200);
    const links = page.getByRole('list', { name: 'Elsewhere' }).getByRole('link');
    await expect(links).toHaveCount(2);
    await expect(links.first()).toHaveAttribute('href', 'https://www.instagram.com/demo.moves');
    await expect(links.first()).toContainText('demo.moves');
    await expect(links.nth(1)).toHaveAttribute('href', 'https://onlyfans.com/demo_of');
  } finally {
    await save({ ig: '', of: '' });
  }
});
