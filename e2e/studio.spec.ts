import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUp } from './people.ts';

/**
 * The creator studio's drafts and schedules as a creator uses them (server/src/studio/README.md): an upload
 * saved as a draft, found in the studio, scheduled, the schedule cancelled, then published now, while
 * another visitor cannot see it until then. The job that publishes at the time has integration tests
 * (studio/scheduling.test.ts): a browser cannot wait for a clock.
 */
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

test('a draft upload is scheduled, cancelled and published from the studio, and only then seen by others', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await signUp(page.request, 'studio');
  await page.goto('/new-post?skip-entermodal');
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

  // The time field starts an hour ahead in the viewer's time zone.
  await expect(page.getByLabel('Publish on')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Your post is scheduled.')).toBeVisible();
  await expect(details.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  await page.goto('/studio?state=scheduled');
  await expect(page.getByRole('link', { name: /Rehearsal take two/ })).toBeVisible();
  expect(await hidden()).toBe('not_found');

  await page.getByRole('link', { name: /Rehearsal take two/ }).click();
  await page.getByRole('button', { name: 'Cancel the schedule' }).click();
  await expect(page.getByText('The schedule is cancelled; your post is a draft again.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Your post is published.')).toBeVisible();
  await expect(details.getByText('Published', { exact: true })).toBeVisible();
  expect((await (await visitor.request.get(`/api/post/${postId}`)).json()).post.id).toBe(postId);
  await visitor.close();
});
