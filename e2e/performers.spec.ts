import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { e2eDatabaseUrl, verifyCreator } from './database.ts';
import { openHydrated } from './pages.ts';
import { signUp, uniqueClip, uploadClip } from './people.ts';

/**
 * Issue 21's acceptance, as the people involved meet it: a new creator verifies through the manual
 * provider and a moderator approves; the creator uploads a post naming a co-performer, which waits for
 * them; the co-performer confirms from their notifications and the post publishes. Then the hash bank:
 * a post a moderator removed comes back as the same file and is quarantined instead of published.
 * Desktop only: the flows are the same on a phone and each costs minutes of media processing.
 */
test.skip(({ isMobile }) => isMobile, 'one run of the flows is enough');

const FILES = join(import.meta.dirname, '.results', 'performers-media');

/** A picture the identity checks accept (at least 300 px a side), made by ffmpeg. */
function picture(name: string, source: string): string {
  mkdirSync(FILES, { recursive: true });
  const path = join(FILES, `${process.pid}-${name}.png`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `${source}=s=640x420:d=1`, '-frames:v', '1', path]);
  return path;
}

/** A clip file for the composer's file input. */
function clipFile(seed: number): string {
  mkdirSync(FILES, { recursive: true });
  const path = join(FILES, `${process.pid}-clip-${seed}.mp4`);
  writeFileSync(path, uniqueClip(seed));
  return path;
}

/** A browser context signed up as a new account named from `name`, with its page on `path`. */
async function newPerson(browser: Browser, name: string, path: string) {
  const context = await browser.newContext();
  const account = await signUp(context.request, name);
  const page = await context.newPage();
  const [address = '', fragment] = path.split('#');
  await page.goto(`${address}${address.includes('?') ? '&' : '?'}skip-entermodal${fragment ? `#${fragment}` : ''}`);
  return { ...account, context, page };
}

/** The first admin, made by the operator's command; admins hold every moderator right. */
async function newAdmin(browser: Browser) {
  const admin = await newPerson(browser, 'perfadmin', '/admin/identity');
  execFileSync('node', ['server/src/main.ts', 'admin', 'create', admin.username], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
  return admin;
}

const postStatusAs = async (page: Page, postId: number) =>
  (await (await page.request.get(`/api/post/${postId}`)).json()).post?.status as number | undefined;

test('a verified creator tags a co-performer, who confirms from notifications, and the post publishes', async ({ browser }) => {
  test.setTimeout(240_000);
  const creator = await newPerson(browser, 'perfcreator', '/creators#verification');
  const admin = await newAdmin(browser);
  const partner = await newPerson(browser, 'perfpartner', '/notifications');
  await verifyCreator(partner.id);

  // The creator verifies through the manual provider.
  await creator.page.getByRole('button', { name: 'Verify my identity' }).click();
  const form = creator.page.getByTestId('identity-form');
  await form.getByLabel('Legal name').fill(`Creator ${creator.username}`);
  await form.getByLabel('Date of birth').fill('1994-05-17');
  await form.getByLabel('ID document, front').setInputFiles(picture('front', 'testsrc'));
  await form.getByLabel('Selfie').setInputFiles(picture('selfie', 'smptebars'));
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(creator.page.getByText('We received your documents')).toBeVisible();

  // A moderator approves it in the console.
  await admin.page.goto('/admin/identity?skip-entermodal');
  await admin.page
    .getByRole('row')
    .filter({ hasText: `@${creator.username}` })
    .getByRole('link')
    .click();
  await admin.page.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(async () => (await (await creator.page.request.get('/api/identity')).json()).verified).toBe(true);

  // The creator uploads a post naming the co-performer: it waits for them, unseen by anyone else.
  const title = `Duet ${creator.username}`;
  await openHydrated(creator.page, '/new-post');
  await creator.page.getByTestId('upload-input').setInputFiles(clipFile(Date.now()));
  const composer = creator.page.getByRole('form', { name: 'Details' });
  await composer.getByLabel('Title').fill(title);
  await composer.getByRole('button', { name: 'Add an account' }).click();
  await composer.getByLabel('Username of a verified account').fill(partner.username);
  await composer.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(composer.getByRole('list', { name: 'People in this post' }).getByRole('listitem')).toHaveCount(2);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(creator.page.getByRole('heading', { name: 'Waiting for performers' })).toBeVisible({ timeout: 120_000 });
  const mine = await (await creator.page.request.get(`/api/post/?userId=${creator.id}&latest=1&limit=5`)).json();
  const postId = (mine.posts as { id: number; title: string }[]).find((post) => post.title === title)?.id ?? 0;
  expect(await postStatusAs(creator.page, postId)).toBe(13);
  const visitor = await browser.newPage();
  expect((await (await visitor.request.get(`/api/post/${postId}`)).json()).statusCode).toBeLessThan(0);

  // The co-performer confirms under the notification.
  await openHydrated(partner.page, '/notifications');
  const request = partner.page.getByTestId('performer-request');
  await expect(partner.page.getByText('says you appear in their post')).toBeVisible();
  await expect(request.getByRole('checkbox', { name: 'I appear in this post and agree to be shown in it' })).toBeChecked();
  await request.getByRole('button', { name: 'Confirm' }).click();
  await expect(partner.page.getByRole('status').getByText('you confirmed that you appear in this post')).toBeVisible();
  await expect(request.getByText('Confirmed')).toBeVisible();

  // Published: the public sees it.
  await expect.poll(async () => postStatusAs(visitor, postId), { timeout: 30_000 }).toBe(6);
  await visitor.goto(`/${creator.username}/post/${postId}?skip-entermodal`);
  await expect(visitor.getByText(title).first()).toBeVisible();
});

test('a removed post uploaded again is caught by its hash and quarantined, not published', async ({ browser }) => {
  test.setTimeout(240_000);
  const creator = await newPerson(browser, 'perfrepost', '/studio');
  await verifyCreator(creator.id);
  const admin = await newAdmin(browser);
  const clip = uniqueClip(Date.now());

  const first = await uploadClip(creator.context.request, `Original ${creator.username}`, clip);
  await expect.poll(async () => postStatusAs(creator.page, first), { timeout: 120_000 }).toBe(6);
  const removal = await admin.context.request.post(`/api/admin/enforcement/posts/${first}/actions`, {
    data: { kind: 'post-remove', category: 'non_consensual', publicReason: 'Shared without the consent of a person in it.' },
  });
  expect((await removal.json()).statusCode).toBe(1);

  const again = await uploadClip(creator.context.request, `Again ${creator.username}`, clip);
  await expect.poll(async () => postStatusAs(creator.page, again), { timeout: 120_000 }).toBe(10);
  const visitor = await browser.newContext();
  expect((await (await visitor.request.get(`/api/post/${again}`)).json()).statusCode).toBeLessThan(0);
  const banks = await (await admin.context.request.get('/api/admin/hash-banks')).json();
  expect((banks.matches as { postId: number }[]).map((match) => match.postId)).toContain(again);
});
