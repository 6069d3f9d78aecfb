import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openHydrated } from './pages.ts';

/**
 * The creator's path from a chosen file to a playable post, as a person takes it: real media made with
 * ffmpeg, the demo creator (a verified account, so it may post images), the composer on /new-post.
 * The flows that send files need the server's upload endpoint; where the running server has none yet they
 * are marked fixme at run time, so they run by themselves once it is there.
 */
const MEDIA = 'e2e/.results/upload-media';
const DEMO = { username: 'demo', password: 'velvet-demo-2026' };
const stamp = Date.now().toString(36);

/** One ffmpeg run into a temporary name, renamed when complete, so parallel workers never read half a file. */
function generate(name: string, args: string[]): string {
  const path = `${MEDIA}/${name}`;
  if (existsSync(path)) return path;
  const partial = `${MEDIA}/.${process.pid}-${name}`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, partial], { stdio: 'inherit' });
  renameSync(partial, path);
  return path;
}

const media = {
  video: '',
  /** A second, unrelated clip: the first one is a duplicate once the video test has posted it. */
  otherVideo: '',
  smallVideo: '',
  images: [] as string[],
};

test.beforeAll(() => {
  mkdirSync(MEDIA, { recursive: true });
  // testsrc2 with a moving tone looks like none of the seed's generated clips, so the duplicate check lets it through.
  media.video = generate('portrait-720x1280-4s.mp4', [
    ...['-f', 'lavfi', '-i', 'testsrc2=s=720x1280:r=25:d=4', '-f', 'lavfi', '-i', 'sine=f=523:d=4'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart'],
  ]);
  media.otherVideo = generate('life-720x1280-3s.mp4', [
    ...['-f', 'lavfi', '-i', 'life=s=720x1280:r=25:mold=10:life_color=#e0a030', '-f', 'lavfi', '-i', 'sine=f=330:d=3'],
    ...['-t', '3', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
  ]);
  media.smallVideo = generate('small-400x600-3s.mp4', [
    ...['-f', 'lavfi', '-i', 'testsrc2=s=400x600:r=25:d=3'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
  ]);
  media.images = ['rgbtestsrc', 'smptehdbars', 'testsrc'].map((source, index) =>
    generate(`image-${index + 1}-1000x1400.jpg`, [
      '-f',
      'lavfi',
      '-i',
      `${source}=s=1000x1400:d=1`,
      '-frames:v',
      '1',
      '-q:v',
      '3',
    ]),
  );
});

async function logIn(request: APIRequestContext) {
  const answer = await (await request.post('/api/login', { data: DEMO })).json();
  expect(answer.statusCode, JSON.stringify(answer)).toBeGreaterThan(0);
}

/** Sending files needs POST /media-api/upload-preprocess; a server without it answers route_not_found. */
async function uploadEndpointMissing(request: APIRequestContext): Promise<boolean> {
  const answer = await request.post('/media-api/upload-preprocess', { multipart: { purpose: 'post' } });
  const body = await answer.json().catch(() => ({}));
  return body.error === 'route_not_found' || body.code === 'route_not_found';
}

/**
 * Every request that would carry an upload or check its file. The composer asks for an upload token on
 * entry to show the day's quota before anything is chosen, so GET /api/media/uptoken alone sends nothing.
 */
function watchUploadRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/media-api/') || url.pathname === '/simicheck/check-user')
      seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

const composer = (page: Page) => page.getByRole('form', { name: 'Details' });

test('visitors are sent to log in first, with /new-post to come back to', async ({ page }) => {
  await page.goto('/new-post?skip-entermodal');
  await expect(page).toHaveURL(/\/login\?next=%2Fnew-post/);
});

test.describe('as the demo creator', () => {
  test('the Upload control opens the chooser and the composer; a too small video is refused before any upload', async ({
    page,
    isMobile,
  }) => {
    test.setTimeout(60_000);
    await logIn(page.request);
    const uploads = watchUploadRequests(page);
    await openHydrated(page, '/');
    const chooser = page.waitForEvent('filechooser');
    if (isMobile) {
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Upload' }).click();
    } else {
      await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
    }
    await (await chooser).setFiles(media.smallVideo);
    // The address changes once the navigation commits: after the composer's chunk and the route's two
    // API reads. On the 2-core CI machine, shared with transcodes, that has taken longer than 5 s.
    await expect(page).toHaveURL(isMobile ? /\/new-post\?mobile=1$/ : /\/new-post$/, { timeout: 15_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await expect(composer(page).getByText('The video is too small: it needs at least 480 × 718 pixels.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(1);
    await expect(composer(page).getByRole('button', { name: 'Post' })).toBeDisabled();
    expect(uploads).toEqual([]);
    const { violations } = await new AxeBuilder({ page }).include('#content').analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);

    // Taking the video away clears the message; the drop zone is back, reachable by keyboard.
    await page.getByRole('button', { name: /^Remove small-400x600/ }).click();
    await expect(composer(page).getByText(/too small/)).toHaveCount(0);
    const dropZone = page.getByRole('button', { name: /Select a video or images to upload/ });
    await dropZone.focus();
    const keyboardChooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await keyboardChooser).setFiles([media.video, media.images[0] as string]);
    await expect(composer(page).getByText('Choose either a video or images, not both.')).toBeVisible();
    expect(uploads).toEqual([]);
  });

  test.describe('sending', () => {
    test.describe.configure({ mode: 'serial' });
    test.beforeEach(async ({ request }, testInfo) => {
      test.skip(testInfo.project.name !== 'desktop', 'uploads as the shared demo account; desktop project only');
      test.fixme(await uploadEndpointMissing(request), 'the server has no POST /media-api/upload-preprocess yet');
    });

    test('a video: upload and processing progress reach 100, and the post plays in the feed', async ({ page }) => {
      test.setTimeout(300_000);
      await logIn(page.request);
      await openHydrated(page, '/new-post');
      await page.getByTestId('upload-input').setInputFiles(media.video);
      const title = `Test pattern at dusk ${stamp}`;
      await composer(page).getByLabel('Title').fill(title);
      await composer(page).getByLabel('Tags').fill('testpattern ');
      await expect(composer(page).getByText('#testpattern')).toBeVisible();
      await composer(page).getByRole('button', { name: 'Post' }).click();

      await expect(page.getByTestId('upload-progress')).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
      const processing = page.getByTestId('processing-progress');
      await expect(processing).toBeVisible();
      await expect(processing).toHaveAttribute('aria-valuenow', '100', { timeout: 240_000 });
      await expect(page.getByRole('heading', { name: 'Your post is ready.' })).toBeVisible();

      await page.getByRole('link', { name: 'View post' }).click();
      await expect(page).toHaveURL(/\/video\?id=\d+/);
      const card = page.locator('article[data-current]');
      await expect(card).toContainText(title);
      await expect(card.getByTestId('feed-video')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    });

    test('an image set: three images become one post that shows in the feed', async ({ page }) => {
      test.setTimeout(300_000);
      await logIn(page.request);
      await openHydrated(page, '/new-post');
      await page.getByTestId('upload-input').setInputFiles(media.images);
      await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(3);
      await page.getByRole('button', { name: 'Move image-3-1000x1400.jpg earlier' }).click();
      const title = `Three test cards ${stamp}`;
      await composer(page).getByLabel('Title').fill(title);
      await composer(page).getByRole('button', { name: 'Post' }).click();

      await expect(page.getByTestId('upload-progress')).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
      await expect(page.getByTestId('processing-progress')).toHaveAttribute('aria-valuenow', '100', { timeout: 240_000 });
      await page.getByRole('link', { name: 'View post' }).click();
      const card = page.locator('article[data-current]');
      await expect(card).toContainText(title);
      await expect(card.locator('video, img').first()).toBeVisible();
    });

    test('a duplicate check that never answers holds the upload back only briefly; cancelling it says so for 3 s and keeps the files', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await logIn(page.request);
      // The duplicate check's answer never comes, as from a sick server: it is a courtesy, so the upload
      // goes ahead after its time limit (12 s, useUploadSender.ts). The upload request is held open too,
      // so there is time to cancel it, as on a slow line.
      await page.route('**/simicheck/check-user', () => undefined);
      await page.route('**/media-api/upload-preprocess', () => undefined);
      await openHydrated(page, '/new-post');
      await page.getByTestId('upload-input').setInputFiles(media.otherVideo);
      const sending = page.waitForRequest('**/media-api/upload-preprocess', { timeout: 40_000 });
      await composer(page).getByRole('button', { name: 'Post' }).click();
      await sending;
      await expect(page.getByTestId('upload-progress')).toBeVisible();
      await composer(page).getByRole('button', { name: 'Cancel' }).click();

      const message = page.getByRole('status').getByText('Upload canceled.');
      await expect(message).toBeVisible();
      await expect(composer(page).getByRole('button', { name: 'Post' })).toBeEnabled();
      await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(1);
      await expect(message).toBeHidden({ timeout: 4_000 });
    });
  });
});
