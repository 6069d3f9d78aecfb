import { readdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openHydrated, waitForHydration } from './pages.ts';

/** Where the e2e server's outbox transport writes e-mails (playwright.config.ts: DATA_DIR per port). */
const OUTBOX = `e2e/.results/data-${process.env.E2E_PORT ?? 3555}/outbox`;
const PASSWORD = 'Velvet end to end 2026';

/** The newest /action/ link e-mailed to `to`, polled while the message is being written. */
async function verificationLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const names = readdirSync(OUTBOX).filter((name) => name.endsWith('.json'));
      const messages = names.map((name) => JSON.parse(readFileSync(`${OUTBOX}/${name}`, 'utf8')) as { to: string; text: string });
      link = messages
        .filter((message) => message.to === to)
        .map((message) => /https?:\/\/\S+\/action\/[\w-]+/.exec(message.text)?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/**
 * GET /api/user/{username} as the public sees it, past the 60-s answer cache of spec §7: a request with an
 * Authorization header is never answered from it, and a token that is no token reads as anonymous.
 */
async function publicProfile(request: APIRequestContext, username: string) {
  return (await request.get(`/api/user/${username}`, { headers: { authorization: 'Bearer none' } })).json();
}

async function logIn(page: Page, username: string) {
  await openHydrated(page, '/login');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** No axe violations in the page's own content (the shell is checked by its own tests). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
}

test('sign up, confirm the e-mail, log out and in, edit the profile, delete and restore the account', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const username = `e2e${info.project.name.slice(0, 1)}${Date.now().toString(36)}`;
  const email = `${username}@example.test`;

  // Sign up in two steps; the proof of work runs in the background.
  await openHydrated(page, '/login');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Username').fill(username);
  await expect(page.getByText('This username is available.')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  const verify = page.getByRole('dialog', { name: 'Confirm your e-mail' });
  await expect(verify).toContainText(email);
  await verify.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();

  // The link from the outbox confirms the address.
  const link = new URL(await verificationLink(email));
  await page.goto(link.pathname);
  await waitForHydration(page);
  await expect(page.getByRole('dialog', { name: 'E-mail confirmed' })).toBeVisible();
  await page.getByRole('button', { name: 'Start watching' }).click();

  // Log out through the menu and its dialog; the message survives the reload.
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are logged out.' })).toBeVisible();

  // Log in again.
  await logIn(page, username);
  await expect(page.getByRole('status').filter({ hasText: 'You are logged in.' })).toBeVisible();

  // Edit the display name and the bio with a tag.
  await page.goto('/settings');
  await waitForHydration(page);
  await page.getByLabel('Display name').fill('End To End');
  await page.getByLabel('Bio').fill('Stretching every morning #yoga and more');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByRole('link', { name: '#yoga' })).toHaveAttribute('href', '/tag/yoga');
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expectAccessible(page);

  const profile = (await publicProfile(request, username)).user;
  expect(profile.displayName).toBe('End To End');
  expect(profile.bio).toMatch(/<tag id="\d+">yoga<\/tag>/);
  await page.goto(`/${username}`);
  await expect(page.locator('main')).toBeVisible();

  // Delete the account: logged out with the 30-day message; the profile is gone.
  await page.goto('/settings');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account will be deleted in 30 days' })).toBeVisible();
  expect((await publicProfile(request, username)).error).toBe('not_found');

  // Logging in within the grace period restores it.
  await logIn(page, username);
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back! Your account will not be deleted.' })).toBeVisible();
  expect((await publicProfile(request, username)).user.displayName).toBe('End To End');
});

test('settings need a login and come back after it', async ({ page }) => {
  await page.goto('/settings?skip-entermodal');
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings/);
  await expect(page.getByRole('heading', { name: 'Log in to Velvet' })).toBeVisible();
});

test('a dead reset link says so and offers a new one', async ({ page }) => {
  await page.goto(`/reset-password/${'A'.repeat(43)}?skip-entermodal`);
  await expect(page.getByText('This link is not valid or was already used.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});
