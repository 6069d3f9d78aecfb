import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { unzip } from '../server/src/exports/unzip.ts';
import { verifyCreator } from './database.ts';
import { openWithSocket } from './pages.ts';
import { signUp, uploadClip } from './people.ts';

/**
 * An account finds the data export in its settings, asks for its data, watches the archive being made on /studio/export, is told
 * by a live notification when it is ready, and downloads a zip that holds its post and the original file.
 */
test('an account asks for its data, is told when it is ready, and downloads a zip holding its posts', async ({ browser }) => {
  // The build takes seconds; the ceiling allows for the worker being busy with the clip's processing.
  test.setTimeout(180_000);
  const context = await browser.newContext();
  try {
    const me = await signUp(context.request, 'saver');
    // A verified creator may upload; the verification flow has its own tests (server/src/compliance/verification/).
    await verifyCreator(me.id);
    const postId = await uploadClip(context.request, 'Keep this one');

    const page = await context.newPage();
    await page.goto('/settings?skip-entermodal');
    await expect(page.getByRole('link', { name: 'Go to data export' })).toHaveAttribute('href', '/studio/export');
    // The toast is live: the archive may be ready within a second, so the socket is up before asking.
    await openWithSocket(page, '/studio/export');
    await expect(page.getByRole('heading', { level: 2, name: 'Download your data' })).toBeVisible();

    await page.getByRole('button', { name: 'Request my data' }).click();
    const state = page.getByTestId('export-state');
    await expect(state.getByText(/Waiting to start|Being prepared|Ready to download/)).toBeVisible();
    await expect(page.getByText('Your data export is ready to download').first()).toBeVisible({ timeout: 150_000 });
    await expect(state.getByText('Ready to download')).toBeVisible({ timeout: 10_000 });

    const downloading = page.waitForEvent('download');
    await state.getByRole('link', { name: 'Download archive' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^velvet-data-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const entries = await unzip(await readFile(await download.path()));
    const posts = JSON.parse(entries.get('posts.json')?.toString('utf8') ?? '[]');
    expect(posts).toEqual([expect.objectContaining({ id: postId, title: 'Keep this one', kind: 'video' })]);
    expect(entries.get(`posts/${postId}/1.mp4`)?.length ?? 0).toBeGreaterThan(1000);
    expect(JSON.parse(entries.get('profile.json')?.toString('utf8') ?? '{}')).toMatchObject({ id: me.id, username: me.username });
  } finally {
    await context.close();
  }
});
