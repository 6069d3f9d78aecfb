import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { verifyCreator } from './database.ts';
import { openWithSocket } from './pages.ts';
import { proofOfWork } from './proof-of-work.ts';

/**
 * Live notifications as two people see them: a like on a post of the seeded demo creator (B), who logs in
 * with the demo password, from a newly signed-up user (A) whom B follows; then a video A uploads, which
 * reaches B as a new post once the pipeline has published it. The seed gives the demo account
 * notifications of every kind and age, so the expected tabs come from the API. The tests run one after another and
 * only in the desktop project: they share the demo account, and sign-ups per address are limited (SIGNUP_RATE_LIMIT).
 */
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ browserName }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop' || browserName !== 'chromium', 'shares the demo account; desktop project only');
});

const DEMO = { username: 'demo', password: 'velvet-demo-2026' };
const PASSWORD = 'violet-harbour-1984';
const stamp = Date.now().toString(36);
/** The user signed up by the first test, who uploads in the second (one sign-up fewer against the limit). */
let liker: { id: number; username: string } | undefined;

async function signUp(request: APIRequestContext, name: string): Promise<{ id: number; username: string }> {
  const username = `${name}_${stamp}`;
  const recaptchaToken = await proofOfWork(request);
  const answer = await (
    await request.post('/api/signup', {
      data: { username, email: `${username}@example.com`, password: PASSWORD, recaptchaToken },
    })
  ).json();
  expect(answer.statusCode, JSON.stringify(answer)).toBeGreaterThan(0);
  return { id: answer.userId, username };
}

async function logIn(request: APIRequestContext, credentials = DEMO): Promise<number> {
  const answer = await (await request.post('/api/login', { data: credentials })).json();
  expect(answer.statusCode, JSON.stringify(answer)).toBeGreaterThan(0);
  return answer.userId;
}

async function demoPosts(request: APIRequestContext, demoId: number): Promise<number[]> {
  const answer = await (await request.get(`/api/post/?userId=${demoId}&latest=1&limit=10`)).json();
  return answer.posts.map((post: { id: number }) => post.id);
}

/** Unread notifications on the lists' first pages, as the API tells. */
async function unreadLeft(request: APIRequestContext): Promise<number> {
  let count = 0;
  for (const path of ['follow', 'post-like', 'post-created', 'scraper-job']) {
    const list = await (await request.get(`/api/notification/${path}`)).json();
    count += list.notifications.filter((item: { isNew: boolean }) => item.isNew).length;
  }
  return count;
}

async function personas(browser: Browser) {
  const a = await browser.newContext();
  const b = await browser.newContext();
  return { a, b, close: () => Promise.all([a.close(), b.close()]) };
}

test('B follows A, A likes B’s post: B gets a toast and the badge, the list, and mark-all-read clears it', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { a, b, close } = await personas(browser);
  try {
    const author = await signUp(a.request, 'liker');
    // A verified creator may upload; the verification flow has its own tests (server/src/compliance/verification/).
    await verifyCreator(author.id);
    liker = author;
    const demoId = await logIn(b.request);
    const page = await b.newPage();
    // The seeded account has notifications of its own: start from all read, through the page itself.
    await openWithSocket(page, '/notifications?skip-entermodal');
    const markAll = page.getByRole('button', { name: /^(Mark all as read|All caught up)$/ });
    if (await markAll.isEnabled()) await markAll.click();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect.poll(() => unreadLeft(b.request)).toBe(0);

    await openWithSocket(page, '/');
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    expect((await (await b.request.post('/api/user/follow', { data: { userId: author.id } })).json()).statusCode).toBe(1);
    const [postId] = await demoPosts(b.request, demoId);
    expect((await (await a.request.post(`/api/post/like/${postId}`)).json()).likeByUser).toBe(true);

    const toast = page.getByTestId('notification-toast');
    await expect(toast).toContainText(`${author.username} liked your post`);
    await expect(page.getByTestId('notification-badge')).toHaveText('1');
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    const expectedTabs = ['All activity'];
    for (const [path, label] of [
      ['post-like', 'Likes'],
      ['follow', 'Following'],
      ['post-created', 'New posts'],
    ]) {
      const list = await (await b.request.get(`/api/notification/${path}`)).json();
      if (list.notifications.length > 0) expectedTabs.push(label as string);
    }
    await expect(page.getByRole('tab')).toHaveText(expectedTabs);
    await expect(page.getByRole('tab', { name: 'All activity' })).toHaveAttribute('aria-selected', 'true');
    const headings = await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).allTextContents();
    const order = ['Today', 'This week', 'This month', 'Earlier'];
    expect(headings[0]).toBe('Today');
    expect([...headings].sort((x, y) => order.indexOf(x) - order.indexOf(y))).toEqual(headings);
    expect(new Set(headings).size).toBe(headings.length);
    const today = page.getByRole('region', { name: 'Today' });
    await expect(today.getByRole('link').first()).toContainText(`${author.username} liked your post`);
    const { violations } = await new AxeBuilder({ page })
      .include('#content')
      .include('[aria-label="New notifications"]')
      .analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
    await page.getByRole('tab', { name: 'Likes' }).click();
    await expect(page.getByRole('tab', { name: 'Likes' })).toHaveAttribute('aria-selected', 'true');
    await expect(today.getByRole('link').first()).toContainText(`${author.username} liked your post`);

    // Seeing the list marks what it shows as read: the bell clears and there is nothing left to mark.
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'All caught up' })).toBeDisabled();
    await expect.poll(() => unreadLeft(b.request)).toBe(0);
    await openWithSocket(page, '/notifications');
    await expect(page.getByRole('button', { name: 'All caught up' })).toBeDisabled();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  } finally {
    await close();
  }
});

/** A short clip none of the seed's or the other tests' videos looks like (a game of life in blue). */
function uniqueClip(): Buffer {
  const folder = join(import.meta.dirname, '.results', 'notification-media');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `life-${stamp}.mp4`);
  execFileSync('ffmpeg', [
    ...[
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'life=s=480x720:r=25:mold=5:life_color=#30a0e0',
      '-f',
      'lavfi',
      '-i',
      'sine=f=440:d=3',
    ],
    ...['-t', '3', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  return readFileSync(file);
}

test('B follows A, A uploads a video: once it is published B gets a new-post toast, the badge and the list', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  expect(liker, 'the first test signed up the uploader').toBeDefined();
  const uploader = liker as { id: number; username: string };
  const { a, b, close } = await personas(browser);
  try {
    await logIn(a.request, { username: uploader.username, password: PASSWORD });
    await logIn(b.request);
    const page = await b.newPage();
    await openWithSocket(page, '/notifications?skip-entermodal');
    // The first test left everything read ("All caught up"); anything since is marked read here.
    const markAll = page.getByRole('button', { name: /^(Mark all as read|All caught up)$/ });
    if (await markAll.isEnabled()) await markAll.click();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await openWithSocket(page, '/');
    // B already follows A (first test); following again is a no-op that still answers success.
    expect((await (await b.request.post('/api/user/follow', { data: { userId: uploader.id } })).json()).statusCode).toBe(1);

    const { upToken } = await (await a.request.get('/api/media/uptoken')).json();
    const title = `Blue life ${stamp}`;
    const uploaded = await (
      await a.request.post('/media-api/upload-preprocess', {
        multipart: {
          purpose: 'post',
          upToken,
          title,
          file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: uniqueClip() },
        },
      })
    ).json();
    expect(uploaded.statusCode, JSON.stringify(uploaded)).toBe(1);

    const toast = page.getByTestId('notification-toast');
    await expect(toast).toContainText(`${uploader.username} shared a new post`, { timeout: 180_000 });
    await expect(page.getByTestId('notification-badge')).toHaveText('1');
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await page.getByRole('tab', { name: 'New posts' }).click();
    await expect(page.getByRole('tab', { name: 'New posts' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Today' }).getByRole('link').first()).toContainText(
      `${uploader.username} shared a new post`,
    );
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'All caught up' })).toBeDisabled();
  } finally {
    await close();
  }
});

test('the notification centre at phone and desktop sizes, light, dark and Arabic', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const { a, b, close } = await personas(browser);
  try {
    await signUp(a.request, 'mila');
    await signUp(b.request, 'noor');
    const demoId = (await (await a.request.get('/api/user/demo')).json()).user.id;
    const posts = await demoPosts(a.request, demoId);
    for (const [index, fan] of [a, b].entries()) {
      for (const postId of posts.slice(0, 3 - index)) await fan.request.post(`/api/post/like/${postId}`);
      await fan.request.post('/api/user/follow', { data: { userId: demoId } });
    }
    const viewer = await browser.newContext();
    await logIn(viewer.request);
    const shots: [string, { width: number; height: number }, 'light' | 'dark', string][] = [
      ['desktop-light', { width: 1440, height: 900 }, 'light', ''],
      ['desktop-dark', { width: 1440, height: 900 }, 'dark', ''],
      ['mobile-light', { width: 390, height: 844 }, 'light', ''],
      ['mobile-dark', { width: 390, height: 844 }, 'dark', ''],
      // ?lang sticks as a cookie, so the Arabic pages come last.
      ['desktop-ar', { width: 1440, height: 900 }, 'light', '&lang=ar'],
      ['mobile-ar', { width: 390, height: 844 }, 'dark', '&lang=ar'],
    ];
    for (const [name, viewport, scheme, query] of shots) {
      const page = await viewer.newPage();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/notifications?skip-entermodal${query}`);
      await expect(page.getByRole('tab').first()).toBeVisible();
      // The open centre has cleared the bell, while the rows still show what is new.
      await expect(page.getByTestId('notification-badge')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: testInfo.outputPath(`notifications-${name}.png`) });
      await page.close();
    }
    await expect
      .poll(async () => (await (await viewer.request.get('/api/notification/post-like')).json()).notifications.length)
      .toBeGreaterThan(0);
    await viewer.close();
  } finally {
    await close();
  }
});
