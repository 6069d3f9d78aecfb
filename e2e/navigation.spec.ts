import { expect, test } from '@playwright/test';
import { openHydrated } from './pages.ts';

test.describe('on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the side menu and the back button are for narrow screens');

  test('the side menu holds the navigation and closes on the page it opens', async ({ page }) => {
    await openHydrated(page, '/');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Velvet' });
    await expect(menu.getByRole('link', { name: 'Terms of service' })).toBeVisible();
    await menu.getByRole('link', { name: 'Tags' }).click();
    await expect(page).toHaveURL(/\/tag$/);
    await expect(menu).toHaveCount(0);
  });

  test('Escape closes the side menu and gives the focus back to its button', async ({ page }) => {
    await openHydrated(page, '/');
    const opener = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await opener.click();
    await expect(page.getByRole('dialog', { name: 'Velvet' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Velvet' })).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('back returns to the previous page of the site, or home for a visitor who landed here', async ({ page }) => {
    await openHydrated(page, '/tag');
    const back = page.getByRole('banner').getByRole('button', { name: 'Back' });
    await expect(back).toHaveCount(0);
    await openHydrated(page, '/legal');
    await page.getByRole('link', { name: 'Cookie policy' }).first().click();
    await expect(page).toHaveURL(/\/legal\/cookie-policy$/);
    await back.click();
    await expect(page).toHaveURL(/\/legal\?skip-entermodal$/);

    // Landing straight on an inner page: there is no earlier page of the site, so back goes home.
    await openHydrated(page, '/creators');
    await back.click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('page changes animate with a view transition named after the move', async ({ page, isMobile }) => {
  await openHydrated(page, '/legal');
  const kinds: string[] = [];
  await page.exposeFunction('recordTransition', (kind: string) => kinds.push(kind));
  await page.evaluate(() => {
    new MutationObserver(() => {
      const kind = document.documentElement.dataset.transition;
      if (kind) (window as unknown as { recordTransition: (kind: string) => void }).recordTransition(kind);
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-transition'] });
  });
  await page.getByRole('link', { name: 'Cookie policy' }).first().click();
  await expect(page).toHaveURL(/cookie-policy/);
  await page.goBack();
  await expect(page).toHaveURL(/\/legal/);
  if (!isMobile) {
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Tags' }).click();
    await expect(page).toHaveURL(/\/tag$/);
  }
  await expect.poll(() => kinds).toEqual(isMobile ? ['page-forward', 'page-back'] : ['page-forward', 'page-back', 'page']);
});
