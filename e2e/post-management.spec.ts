import { expect, type Page, test } from '@playwright/test';
import { verifyCreator } from './database.ts';
import { openHydrated } from './pages.ts';
import { publishClip, signUp, TEST_PASSWORD } from './people.ts';

/**
 * A creator manages a post of theirs from its page (/{profile}/post/{id}): title and tags, private and
 * public again, who liked it, delete (its media answer 404 from then on). A visitor who likes it in the
 * feed logs in through the sheet over the feed and is still on the same post, liked.
 */
const ownPost = (page: Page, postId: number) => page.locator(`article[data-post-id="${postId}"]`);

test('a creator edits, hides, shows, lists the likers of and deletes a post; a visitor likes it via the login sheet', async ({
  browser,
}) => {
  // About a minute on a busy 2-core box, most of it the clip's processing; the ceiling allows for a retried job.
  test.setTimeout(180_000);
  const creatorContext = await browser.newContext();
  const fanContext = await browser.newContext();
  // The fan again, as a visitor at first: the like through the login sheet is theirs.
  const visitorContext = await browser.newContext();
  try {
    const creator = await signUp(creatorContext.request, 'maker');
    // A verified creator may upload; the verification flow has its own tests (server/src/compliance/verification/).
    await verifyCreator(creator.id);
    const fan = await signUp(fanContext.request, 'fan');
    const postId = await publishClip(creatorContext.request, 'First light');
    const fanSees = async () => (await (await fanContext.request.get(`/api/post/?userId=${creator.id}`)).json()).posts.length;

    const page = await creatorContext.newPage();
    await openHydrated(page, `/${creator.username}/post/${postId}`);
    await expect(ownPost(page, postId).getByRole('button', { name: /^Follow/ })).toHaveCount(0);
    const manage = async () => {
      await page.getByRole('button', { name: 'Manage post' }).first().click();
      return page.getByRole('dialog', { name: 'Your post' });
    };

    // Title and tags, and private: gone for everyone else.
    let sheet = await manage();
    await sheet.getByLabel('Title').fill('Golden hour');
    await sheet.getByLabel('Tags').fill('goldenhour ');
    await sheet.getByRole('radio', { name: /Only me/ }).check();
    await sheet.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your post was updated.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Golden hour' })).toBeVisible();
    // In the player's caption and in the details.
    await expect(page.getByRole('link', { name: '#goldenhour' })).toHaveCount(2);
    expect(await fanSees()).toBe(0);
    expect((await (await fanContext.request.get(`/api/post/${postId}`)).json()).error).toBe('not_found');

    // Public again.
    sheet = await manage();
    await sheet.getByRole('radio', { name: /Everyone/ }).check();
    await sheet.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your post was updated.').first()).toBeVisible();
    await expect.poll(fanSees).toBe(1);

    // The visitor likes it in the feed: the login sheet, then the same post, liked.
    const visitorPage = await visitorContext.newPage();
    await visitorPage.goto(`/video?id=${postId}&skip-entermodal`);
    const card = ownPost(visitorPage, postId);
    await card.getByRole('button', { name: /^Like/ }).click();
    const login = visitorPage.getByRole('dialog', { name: 'Log in to continue' });
    await login.getByLabel('Username or e-mail').fill(fan.username);
    await login.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login).toHaveCount(0, { timeout: 15_000 });
    await expect(visitorPage).toHaveURL(new RegExp(`/video\\?id=${postId}`));
    await expect(card.getByRole('button', { name: /^Remove like/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(visitorPage.locator('article[data-current]')).toHaveAttribute('data-post-id', String(postId));

    // Who liked it, from the likes count on the post page.
    await page.reload();
    await page.getByRole('button', { name: /^1 Like/ }).click();
    const likers = page.getByRole('dialog', { name: 'Liked by' });
    // The sheet's list loads after it opens (its chunk, then the API): on a busy 2-core run that took over
    // 5 s once (the answer itself came in 0.5 s).
    await expect(likers.getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });
    await expect(likers.getByRole('listitem')).toContainText(fan.username);
    await likers.getByRole('button', { name: 'Close' }).click();

    // Delete: back on the profile, the post and its media gone.
    const card2 = (await (await creatorContext.request.get(`/api/post/${postId}`)).json()).post;
    const mediaUrl = Object.entries(card2.media[0].variants as Record<string, string>).find(([name]) =>
      name.startsWith('mp4-'),
    )?.[1];
    expect(mediaUrl).toBeDefined();
    expect((await fanContext.request.get(mediaUrl as string)).status()).toBe(200);
    sheet = await manage();
    await sheet.getByRole('button', { name: 'Delete post' }).click();
    await sheet.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Your post was deleted.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${creator.username}$`));
    expect((await fanContext.request.get(mediaUrl as string)).status()).toBe(404);
    expect((await (await creatorContext.request.get(`/api/post/${postId}`)).json()).error).toBe('not_found');
    expect(await fanSees()).toBe(0);
  } finally {
    await Promise.all([creatorContext.close(), fanContext.close(), visitorContext.close()]);
  }
});
