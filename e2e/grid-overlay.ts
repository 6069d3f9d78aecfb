import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Clicks tile `index` of a grid whose tiles open their post over the page (tag and profile grids), and
 * checks what every such grid promises: the address names the post, the dialog shows it, ArrowDown goes on
 * with the grid's own list, and the grid stays mounted underneath. Returns the dialog.
 */
export async function openGridOverlay(
  page: Page,
  grid: Locator,
  tile: { index: number; ids: readonly (string | undefined)[]; address: (id: string) => RegExp; dialog: string },
): Promise<Locator> {
  const id = String(tile.ids[tile.index]);
  await grid.getByRole('link').nth(tile.index).click();
  await expect(page).toHaveURL(tile.address(id));
  const overlay = page.getByRole('dialog', { name: tile.dialog });
  const current = overlay.locator('article[data-current]');
  await expect(current).toHaveAttribute('data-post-id', id);
  await page.keyboard.press('ArrowDown');
  await expect(current).toHaveAttribute('data-post-id', String(tile.ids[tile.index + 1]));
  await expect(grid).toBeAttached();
  return overlay;
}
