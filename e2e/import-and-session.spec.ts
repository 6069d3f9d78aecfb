import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { IMPORT_ORIGIN_PORTS } from '../playwright.config.ts';
import { verifyCreator } from './database.ts';
import { openHydrated } from './pages.ts';
import { proofOfWork } from './proof-of-work.ts';

/**
 * Issue 19: a creator imports a video from a link (a media server started here on an allowed loopback port,
 * SCRAPER_ALLOW_LOOPBACK_PORTS), follows it, cancels one and publishes another; a session that ends while a
 * post is composed loses nothing, and `next` always names a page.
 */
const MEDIA = 'e2e/.results/import-media';
const DEMO = { username: 'demo', password: 'velvet-demo-2026' };
const PASSWORD = 'Import and session 2026!';
const stamp = Date.now().toString(36);

/** A short portrait clip nobody else posts: the Game of Life from a random seed, with a tone. */
function uniqueClip(name: string): string {
  mkdirSync(MEDIA, { recursive: true });
  const path = `${MEDIA}/${name}-${stamp}.mp4`;
  const seed = Math.floor(Math.random() * 2 ** 31);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `life=s=480x720:r=25:seed=${seed}:mold=10:life_color=#40c0e0`],
    ...['-f', 'lavfi', '-i', 'sine=f=440:d=3', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', path],
  ]);
  return path;
}

/** The page and media an import fetches, on this project's allowed loopback port; `/slow.mp4` never finishes. */
async function startOrigin(port: number, clip: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
  const held = new Set<ServerResponse>();
  const origin: Server = createServer((request, response) => {
    if (request.url === '/clip.mp4') return response.writeHead(200, { 'content-type': 'video/mp4' }).end(clip);
    if (request.url === '/page') {
      return response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><head><meta property="og:video" content="/clip.mp4"></head><body>A clip</body></html>');
    }
    if (request.url === '/slow.mp4') {
      held.add(response);
      response.writeHead(200, { 'content-type': 'video/mp4' }).write(clip.subarray(0, 1024));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => origin.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const response of held) response.destroy();
      await new Promise((resolve) => origin.close(resolve));
    },
  };
}

async function signUp(request: APIRequestContext, name: string) {
  const username = `${name}_${stamp}_${Math.random().toString(36).slice(2, 6)}`;
  const recaptchaToken = await proofOfWork(request);
  const answer = await (
    await request.post('/api/signup', {
      data: { username, email: `${username}@example.com`, password: PASSWORD, recaptchaToken },
    })
  ).json();
  expect(answer.statusCode, JSON.stringify(answer)).toBeGreaterThan(0);
  return answer.userId as number;
}

async function startImport(page: Page, address: string) {
  await page.getByLabel('Link to a video, or to a page with one').fill(address);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/new-post\?import=\d+$/);
}

test('a creator imports from a link: follows it live, cancels one, publishes the other', async ({ page }, testInfo) => {
  // Download, probe and checks of a real clip: seconds on an idle machine, a minute on a loaded one.
  test.setTimeout(240_000);
  const port = IMPORT_ORIGIN_PORTS[testInfo.project.name as keyof typeof IMPORT_ORIGIN_PORTS];
  const origin = await startOrigin(port, readFileSync(uniqueClip(`import-${testInfo.project.name}`)));
  try {
    await importAndPublish(page, origin.url);
  } finally {
    await origin.close();
  }
});

async function importAndPublish(page: Page, originUrl: string) {
  const importer = await signUp(page.request, 'importer');
  // A verified creator may upload; the verification flow has its own tests (server/src/compliance/verification/).
  await verifyCreator(importer);
  await openHydrated(page, '/new-post');
  await page.getByRole('link', { name: 'Import from a link' }).click();
  await expect(page.getByRole('heading', { name: 'Import from a link', level: 1 })).toBeVisible({ timeout: 20_000 });

  await startImport(page, `${originUrl}/slow.mp4`);
  await expect(page.getByTestId('import-progress')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel import' }).click();
  await expect(page.getByRole('heading', { name: 'Import canceled' })).toBeVisible();
  await expect(page.getByTestId('import-state')).toHaveText('Nothing was added to your posts.');

  await page.getByRole('button', { name: 'Import another link' }).click();
  await startImport(page, `${originUrl}/page`);
  const importId = Number(new URL(page.url()).searchParams.get('import'));
  // Downloaded and checked like an upload; the socket (or the fallback poll) moves the screen on.
  await expect(page.getByRole('heading', { name: 'Imported' })).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId('import-progress')).toHaveAttribute('aria-valuenow', '100');

  const title = `Imported at dusk ${stamp}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByRole('status').getByText('Your post is published.')).toBeVisible();
  await expect(page.getByTestId('processing-progress').or(page.getByRole('link', { name: 'View post' }))).toBeVisible();

  const { jobs } = await (await page.request.get(`/api/scraper?id=${importId}`)).json();
  expect(jobs[0]).toMatchObject({ state: 'done', sourceUrl: `${originUrl}/page`, mediaUrl: `${originUrl}/clip.mp4` });
  const { post } = await (await page.request.get(`/api/post/${jobs[0].postId}`)).json();
  expect(post.title).toBe(title);
}

test('an ended session on /new-post keeps the chosen file, and next always names a page', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const file = uniqueClip(`session-${testInfo.project.name}`);
  const fileName = file.slice(file.lastIndexOf('/') + 1);
  const logIn = async () => {
    await page.getByLabel('Username or e-mail').fill(DEMO.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  };
  const chosen = page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');

  await page.goto('/login?next=%2Fnew-post&skip-entermodal');
  await logIn();
  await expect(page).toHaveURL(/\/new-post$/);
  await page.getByTestId('upload-input').setInputFiles(file);
  await expect(chosen).toHaveCount(1);
  await page.getByLabel('Title', { exact: true }).fill('Kept across a new login');

  // The session ends (both cookies gone): sending asks to log in again, with the page as next.
  await page.context().clearCookies();
  // From the keyboard: on a phone the tab bar can sit over the button while the page settles.
  await page.getByRole('button', { name: 'Post' }).focus();
  await page.keyboard.press('Enter');
  // The duplicate check reads the clip in the browser first, then the upload token is refused.
  await expect(page).toHaveURL(/\/login\?next=%2Fnew-post$/, { timeout: 30_000 });
  await logIn();
  await expect(page).toHaveURL(/\/new-post$/);
  await expect(chosen).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Remove ${fileName}` })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Kept across a new login');

  // A page opened in the app after the session ended (a data request) sends back to the page itself.
  await page.context().clearCookies();
  await page
    .getByRole('link', { name: /^Notifications/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login\?next=%2Fnotifications$/);
  await logIn();
  await expect(page).toHaveURL(/\/notifications$/);
  // Someone logged in who opens /login goes straight on to next.
  await page.goto('/login?next=%2Fsettings');
  await expect(page).toHaveURL(/\/settings$/);
});
