import { expect, test } from '@playwright/test';
import { openHydrated } from './pages.ts';

// The other specs start with the tips seen (playwright.config.ts); this one is a first visit.
test.use({ storageState: { cookies: [], origins: [] } });

test('a first visit shows the feed tip once: swiping on phones, the keyboard on desktops', async ({ page, isMobile }) => {
  // The tip appears after hydration and loads its view then: on a busy machine that is seconds away.
  await openHydrated(page, '/');
  const tip = isMobile
    ? page.getByRole('dialog', { name: 'Swipe up for more' })
    : page.getByRole('complementary', { name: 'Keyboard shortcuts' });
  await expect(tip).toBeVisible({ timeout: 15_000 });
  await tip.getByRole('button', { name: 'Got it' }).click();
  await expect(tip).toHaveCount(0);

  // Seen: the next page of the visit does not show it again, once hydrated, when it would have.
  await page.goto('/popular?skip-entermodal');
  await openHydrated(page, '/');
  await expect(page.locator('article[data-current]')).toBeVisible();
  await expect(tip).toHaveCount(0);
});
