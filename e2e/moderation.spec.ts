import { execFileSync } from 'node:child_process';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import type { PostCard } from '../server/src/posts/post-card.ts';
import { e2eDatabaseUrl, withDatabase } from './database.ts';
import { openHydrated, waitForHydration } from './pages.ts';
import { proofOfWork } from './proof-of-work.ts';

/**
 * Trust and safety as the people involved meet it: a visitor reports a post, a moderator finds the case
 * with its media blurred and hides the post, which leaves every public surface; its creator reads the
 * statement of reasons and appeals; a second moderator reverses the decision and the audit log shows it
 * all. The first admin is made by `velvet admin create`, the command an operator runs.
 *
 * The reported post belongs to a seeded creator no other spec uses (marco.lens), one post per project so
 * desktop and mobile never act on the same one; a fixture gives that account the demo password so its
 * owner can sign in to appeal. The post is published again by the end of the test.
 */
const CREATOR = { username: 'marco.lens', password: 'velvet-demo-2026' };
const PASSWORD = 'amber-lighthouse-2031';

async function signUp(request: APIRequestContext, username: string): Promise<void> {
  const recaptchaToken = await proofOfWork(request);
  const answer = await (
    await request.post('/api/signup', {
      data: { username, email: `${username}@example.com`, password: PASSWORD, recaptchaToken },
    })
  ).json();
  expect(answer.statusCode, JSON.stringify(answer)).toBeGreaterThan(0);
}

async function logIn(request: APIRequestContext, credentials: { username: string; password: string }): Promise<void> {
  const answer = await (await request.post('/api/login', { data: credentials })).json();
  expect(answer.statusCode, JSON.stringify(answer)).toBeGreaterThan(0);
}

/** A browser context signed in as `username`, its page opened on `path`. */
async function signedIn(browser: Browser, credentials: { username: string; password: string }, path: string) {
  const context = await browser.newContext();
  await logIn(context.request, credentials);
  const page = await context.newPage();
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}skip-entermodal`);
  return { context, page };
}

/** The row of the case about the post titled `title` in the queue the page shows. */
const caseRow = (page: Page, title: string) => page.getByTestId('case-row').filter({ hasText: title });

test('a report becomes a case, a hide, a statement, an appeal and a restore, all in the audit log', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}${testInfo.project.name.slice(0, 1)}`;
  const first = `mod1_${stamp}`;
  const second = `mod2_${stamp}`;

  // The post, and the fixture that lets its owner sign in.
  const probe = await browser.newContext();
  const creatorId = (await (await probe.request.get(`/api/user/${CREATOR.username}`)).json()).user.id;
  await withDatabase((client) =>
    client.query(
      `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE username = 'demo') WHERE username = $1`,
      [CREATOR.username],
    ),
  );
  await logIn(probe.request, CREATOR);
  const own = await (await probe.request.get(`/api/post/?userId=${creatorId}&latest=1&limit=10`)).json();
  const post = own.posts[testInfo.project.name === 'desktop' ? 0 : 1] as PostCard;
  expect(post, 'the seed gave the creator two posts').toBeDefined();
  const mediaUrl = Object.values(post.media[0]?.variants ?? {})[0] ?? '';
  expect((await probe.request.get(mediaUrl)).status()).toBe(200);

  // Two moderators: the first made admin by the operator's command, who grants the second on the roles page.
  await signUp(probe.request, first);
  await signUp(probe.request, second);
  execFileSync('node', ['server/src/main.ts', 'admin', 'create', first], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });

  // A visitor reports the post from its page.
  const visitor = await browser.newPage();
  await visitor.goto(`/${CREATOR.username}/post/${post.id}?skip-entermodal`);
  await visitor.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Report this post' });
  await dialog.getByLabel('Shared without consent').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toContainText('Thank you');
  await visitor.close();

  // The first moderator grants the second one, then finds the case, its media blurred until clicked.
  const moderator = await signedIn(browser, { username: first, password: PASSWORD }, '/admin/roles');
  await moderator.page.getByRole('textbox', { name: 'Username' }).fill(second);
  await moderator.page.getByRole('combobox', { name: 'Role' }).selectOption('moderator');
  await moderator.page.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(moderator.page.getByRole('cell', { name: `@${second}`, exact: true })).toBeVisible();

  await moderator.page.goto('/admin?queue=open&category=non_consensual&skip-entermodal');
  await waitForHydration(moderator.page);
  await caseRow(moderator.page, post.title).getByRole('link').click();
  const media = moderator.page.getByTestId('case-media');
  await expect(media).toHaveCSS('filter', /blur/);
  await moderator.page.getByRole('button', { name: 'Show media' }).click();
  await expect(media).toHaveCSS('filter', 'none');

  await moderator.page.getByRole('button', { name: 'Hide', exact: true }).click();
  const hide = moderator.page.getByRole('dialog', { name: 'Hide' });
  await hide.getByLabel('Rule').selectOption('consent');
  await hide.getByLabel('Public reason').fill('Reported as shared without consent; hidden while we check.');
  await hide.getByLabel('Private note').fill(`e2e ${stamp}`);
  await hide.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(moderator.page.getByTestId('case-events')).toContainText('enforcement.post-hide');

  // Gone from its page, the feeds, search and /media/.
  const outsider = await browser.newContext();
  expect((await (await outsider.request.get(`/api/post/${post.id}`)).json()).statusCode).toBeLessThan(0);
  expect((await outsider.request.get(`/${CREATOR.username}/post/${post.id}?skip-entermodal`)).status()).toBe(404);
  const feed = await (await outsider.request.get(`/api/post/?userId=${creatorId}&latest=1&limit=30`)).json();
  expect(feed.posts.map((item: { id: number }) => item.id)).not.toContain(post.id);
  const search = await (await outsider.request.get(`/api/search/post-tag?q=${encodeURIComponent(post.title)}`)).json();
  expect((search.posts ?? []).map((item: { id: number }) => item.id)).not.toContain(post.id);
  expect((await outsider.request.get(mediaUrl)).status()).not.toBe(200);

  // The creator finds the statement of reasons in their list, reads it and appeals.
  const creator = await signedIn(browser, CREATOR, '/statements');
  await creator.page
    .getByTestId('statement-link')
    .filter({ hasText: new RegExp(`Post #${post.id}\\b`) })
    .first()
    .click();
  await expect(creator.page).toHaveURL(/\/statements\/\d+$/);
  await expect(creator.page.getByTestId('statement-kind')).toHaveText('Your post was hidden pending review');
  await creator.page
    .getByLabel('Why should we change this decision?')
    .fill('This is my own studio shoot; everyone in it consented.');
  await creator.page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(creator.page.getByTestId('appeal-status')).toHaveText('Your appeal is being reviewed.');

  // A second moderator takes the appeal and reverses the decision: the post is back.
  const reviewer = await signedIn(browser, { username: second, password: PASSWORD }, '/admin?queue=appeals');
  await caseRow(reviewer.page, post.title).getByRole('link').click();
  await reviewer.page.getByLabel('Reason for the appellant').fill('The creator showed the performers consented.');
  const decided = reviewer.page.waitForResponse((response) =>
    /\/api\/admin\/enforcement\/appeals\/\d+\/decide$/.test(response.url()),
  );
  await reviewer.page.getByRole('button', { name: 'Reverse the decision' }).click();
  expect((await (await decided).json()).appeal.status).toBe('reversed');
  // The restore is written before the decision answers; the wide window is for a run's busiest moments.
  await expect
    .poll(async () => (await (await outsider.request.get(`/api/post/${post.id}`)).json()).statusCode, { timeout: 15_000 })
    .toBeGreaterThan(0);

  // The audit log tells the story.
  await moderator.page.goto(`/admin/audit?subjectType=post&subjectId=${post.id}`);
  const audit = moderator.page.getByTestId('audit-table');
  await expect(audit).toContainText('enforcement.post-hide');
  await expect(audit).toContainText(`@${first}`);
  await moderator.page.goto('/admin/audit?action=role.grant');
  await expect(moderator.page.getByTestId('audit-table')).toContainText('role.grant');

  for (const context of [probe, moderator.context, outsider, creator.context, reviewer.context]) await context.close();
});

test('a complaint from the public form reaches the queue with its 48-hour deadline', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now().toString(36)}${testInfo.project.name.slice(0, 1)}`;
  // The footer's link, on a page that shows the footer below the content at every width.
  await openHydrated(page, '/contact-us');
  await page.getByRole('link', { name: 'Report content', exact: true }).last().click();
  await expect(page).toHaveURL(/\/report-content$/);
  await page.getByLabel('I am shown without my consent').check();
  await page.getByLabel('Addresses of the content').fill('/velvet.studio/post/1');
  await page.getByLabel('How to recognise you in it').fill(`The person on the left, complaint ${stamp}`);
  await page.getByLabel('Full name').fill('Jordan Example');
  await page.getByLabel('E-mail').fill(`jordan_${stamp}@example.com`);
  await page.getByLabel('Postal address').fill('1 Example Street, Springfield');
  await page.getByLabel('I am the person shown, or I am authorised to act for them.').check();
  await page.getByLabel('I have a good faith belief that this depiction was published without consent.').check();
  await page.getByLabel('Signature').fill('Jordan Example');
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/complaint'));
  await page.getByRole('button', { name: 'Send complaint' }).click();
  const answer = await (await sent).json();
  await expect(page.getByText(`Your case reference: #${answer.caseId}`)).toBeVisible();
  const hours = (Date.parse(answer.deadlineAt) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(47);
  expect(hours).toBeLessThanOrEqual(48);

  // The confirmation's follow-up link opens the case without login; the complainant answers there.
  await page.getByTestId('follow-up-link').click();
  await expect(page.getByTestId('follow-up-reference')).toHaveText(`#${answer.caseId}`);
  await page.getByLabel('Your answer').fill(`Any news? ${stamp}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(`Any news? ${stamp}`)).toBeVisible();

  // An admin sees it in the open queue, flagged by its category.
  const admin = `mod3_${stamp}`;
  const context = await browser.newContext();
  await signUp(context.request, admin);
  execFileSync('node', ['server/src/main.ts', 'admin', 'create', admin], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
  await logIn(context.request, { username: admin, password: PASSWORD });
  const consolePage = await context.newPage();
  await consolePage.goto(`/admin/case/${answer.caseId}`);
  await expect(consolePage.getByTestId('case-status')).toHaveText('Open');
  await expect(consolePage.getByText('Take-down request')).toBeVisible();
  await context.close();
});
