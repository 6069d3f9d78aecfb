import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { verifyCreator, withDatabase } from './database.ts';
import { openHydrated, waitForHydration } from './pages.ts';
import { signUp } from './people.ts';

/**
 * The creator studio as a creator uses it (issue 22): an upload saved as a draft, captions added (a wrongly
 * encoded file refused first), a schedule set, cancelled and set again, the post published by the worker's
 * job at its time, watched by a visitor with captions on, and its views and completion read in the
 * studio's chart once the daily figures are rolled up. Two clocks are moved instead of waited for, each
 * through the database exactly where the product's own timer would act: the scheduled time (the
 * publication job is re-queued for now, as studio/scheduling.test.ts does) and the 5-minute rollup (its
 * job is queued now). Everything else is the real worker, server and browser.
 */
const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<i>Hello</i> from the harbour\n';
const UTF16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VTT, 'utf16le')]);
const MEDIA = 'e2e/.results/studio-media';

function clip(project: string): string {
  mkdirSync(MEDIA, { recursive: true });
  const path = `${MEDIA}/studio-${project}.mp4`;
  if (existsSync(path)) return path;
  const partial = `${MEDIA}/.${process.pid}-studio-${project}.mp4`;
  const hue = project === 'mobile' ? 200 : 40;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=480x720:r=25:d=2', '-f', 'lavfi', '-i', 'sine=f=611:d=2'],
    ...[
      '-vf',
      `hue=h=${hue}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      partial,
    ],
  ]);
  renameSync(partial, path);
  return path;
}

test('a creator drafts, captions and schedules a clip, it publishes, a visitor watches it and the studio counts the view', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const creator = await signUp(page.request, 'studio');
  // A verified creator may upload; the verification flow has its own tests (server/src/compliance/verification/).
  await verifyCreator(creator.id);
  await openHydrated(page, '/new-post');
  await page.getByTestId('upload-input').setInputFiles(clip(testInfo.project.name));
  const composer = page.getByRole('form', { name: 'Details' });
  await composer.getByLabel('Title').fill('Rehearsal take two');
  await composer.getByRole('radio', { name: /Save as draft/ }).check();
  await composer.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: 'Saved as a draft' })).toBeVisible({ timeout: 180_000 });
  await page.getByRole('link', { name: 'Open in the studio' }).click();

  await expect(page).toHaveURL(/\/studio\/post\/\d+$/);
  const postId = Number(new URL(page.url()).pathname.split('/').pop());
  const details = page.locator('#content');
  await expect(details.getByRole('heading', { name: 'Rehearsal take two' })).toBeVisible();
  await expect(details.getByText('Draft', { exact: true })).toBeVisible();
  const visitor = await browser.newContext();
  const hidden = async () => (await (await visitor.request.get(`/api/post/${postId}`)).json()).error;
  expect(await hidden()).toBe('not_found');

  // Captions, in the editor's captions tab.
  await page.goto(`/studio/post/${postId}/captions`);
  await expect(page.getByText('This video has no captions yet.')).toBeVisible();
  const file = page.getByLabel('Caption file (.vtt or .srt)');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('en');
  await file.setInputFiles({ name: 'captions.vtt', mimeType: 'text/vtt', buffer: UTF16 });
  await page.getByRole('button', { name: 'Upload captions' }).click();
  await expect(page.getByRole('alert')).toContainText('The file is not UTF-8 text.');
  await file.setInputFiles({ name: 'captions.txt', mimeType: 'text/plain', buffer: Buffer.from(VTT) });
  await page.getByRole('button', { name: 'Upload captions' }).click();
  await expect(page.getByTestId('caption-en')).toContainText('Hello from the harbour');

  // Scheduled (the time field starts an hour ahead in the viewer's time zone), cancelled, scheduled again.
  await page.goto(`/studio/post/${postId}`);
  await waitForHydration(page);
  await expect(page.getByLabel('Publish on')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Your post is scheduled.')).toBeVisible();
  await page.goto('/studio?state=scheduled');
  await waitForHydration(page);
  await page.getByRole('link', { name: /Rehearsal take two/ }).click();
  await page.getByRole('button', { name: 'Cancel the schedule' }).click();
  await expect(page.getByText('The schedule is cancelled; your post is a draft again.')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Your post is scheduled.')).toBeVisible();
  await expect(details.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  expect(await hidden()).toBe('not_found');

  // Its time comes: the worker's job publishes it, and the studio says so.
  await withDatabase(async (client) => {
    await client.query(`UPDATE posts SET scheduled_at = now() WHERE id = $1`, [postId]);
    await client.query(
      `SELECT graphile_worker.add_job('studio:publish-scheduled', json_build_object('postId', $1::bigint),
         job_key => 'studio-publish:' || $1, run_at => now())`,
      [postId],
    );
  });
  await expect
    .poll(async () => (await (await visitor.request.get(`/api/post/${postId}`)).json()).post?.id, { timeout: 60_000 })
    .toBe(postId);
  await page.reload();
  await expect(details.getByText('Published', { exact: true })).toBeVisible();

  // A visitor watches it with captions on, to the end.
  const viewer = await visitor.newPage();
  await viewer.goto(`/video?id=${postId}&skip-entermodal`);
  const card = viewer.locator(`article[data-post-id="${postId}"]`);
  const captions = card.getByRole('button', { name: 'Captions' });
  await captions.click();
  await expect(captions).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('video-captions')).toHaveText('Hello from the harbour', { timeout: 15_000 });
  // The 2 s clip loops; each lap reports its watch time and the first end completes the view.
  await viewer.waitForTimeout(5_000);
  await viewer.close();

  // The rollup that runs every 5 minutes runs now; the studio's chart shows the view and its completion.
  // Queued again on each look, as the schedule would, in case the visitor's last report came after a run.
  const rollUp = () =>
    withDatabase((client) =>
      client.query(`SELECT graphile_worker.add_job('analytics:rollup', '{}'::json, job_key => 'e2e-rollup')`),
    );
  const figures = async () =>
    (await (await page.request.get(`/api/studio/analytics/post/${postId}?days=7`)).json()).totals as
      | { views: number; completionRate: number }
      | undefined;
  await expect
    .poll(
      async () => {
        await rollUp();
        return (await figures())?.completionRate ?? 0;
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  const { views, completionRate } = (await figures()) ?? { views: 0, completionRate: 0 };
  expect(views).toBeGreaterThanOrEqual(1);
  await page.goto(`/studio/post/${postId}/analytics`);
  await waitForHydration(page);
  const totals = page.getByRole('list', { name: 'Totals for the period' });
  await expect(totals.getByRole('button', { name: new RegExp(`^Views ${views}\\b`) })).toBeVisible();
  await totals.getByRole('button', { name: /^Completion rate/ }).click();
  const chart = page.getByRole('figure', { name: /^Completion rate · / });
  await chart.getByRole('button', { name: 'Show as table' }).click();
  const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(completionRate);
  await expect(chart.getByRole('table')).toContainText(percent);
  await visitor.close();
});
