import { expect, test } from '@playwright/test';

/**
 * Every route of spec §2 with sample parameters, its aliases and its -gay/-trans forms: each answers 200
 * with a server-rendered page inside its layout. Routes that need a signed-in user redirect instead and
 * are checked for that below.
 */
const suffixed = (path: string) => [path, ...['-gay', '-trans'].map((suffix) => path.replace(/^\/([\w-]+)/, `/$1${suffix}`))];

const publicRoutes = [
  '/',
  '/gay',
  '/trans',
  '/choose-country',
  '/choose-language',
  '/contact-us',
  '/contact',
  '/creators',
  '/login',
  '/login?next=%2Fsettings',
  '/partners',
  '/rewards-content',
  '/unsupported',
  '/legal',
  ...['cookie-policy', 'privacy-policy', 'takedown', 'terms', 'terms2257'].flatMap((page) => [`/legal/${page}`, `/${page}`]),
  ...suffixed('/playlist'),
  ...suffixed('/playlist/1-favourites'),
  ...suffixed('/popular'),
  ...suffixed('/popular/demo/1'),
  ...suffixed('/search?q=dance'),
  ...suffixed('/search-trends'),
  ...suffixed('/tag'),
  ...suffixed('/tag/dance'),
  ...suffixed('/video?id=1'),
  ...suffixed('/video2?id=1'),
  ...suffixed('/play/1-favourites'),
  ...suffixed('/play/1-favourites/1'),
  '/action',
  '/embed/1',
  '/reset-password',
  '/user/demo',
  '/user/demo/1',
  '/demo',
  '/demo/followers',
  '/demo/following',
  '/demo/post/1',
];

const signedInRoutes = [
  '/new-post',
  '/notifications',
  '/notifications/1',
  '/settings',
  '/edit-profile',
  '/following',
  '/following/1',
  '/studio',
  '/studio?state=draft',
  '/studio/post/1',
];

test.describe('every route of the spec', () => {
  test.skip(({ isMobile }) => isMobile, 'server answers do not depend on the viewport');

  for (const path of publicRoutes) {
    test(`${path} answers 200 with a page in its layout`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      const markup = await response.text();
      expect(markup).toMatch(/<html[^>]+lang="en-US"[^>]+dir="ltr"/);
      expect(markup).toContain('id="content"');
      expect(markup).toMatch(/<title>[^<]+<\/title>/);
    });
  }

  for (const path of signedInRoutes) {
    test(`${path} sends an anonymous visitor to the login page and back`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      if (response.status() === 200) {
        // A page that shows its own sign-in prompt in place must still be a real page.
        expect(await response.text()).toContain('id="content"');
        return;
      }
      expect([302, 303, 307]).toContain(response.status());
      expect(response.headers().location).toBe(`/login?next=${encodeURIComponent(path)}`);
    });
  }

  for (const path of suffixed('/tag/dance/1')) {
    test(`${path} opens the post in the player with its tag as the feed`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location).toMatch(
        /^\/video(-gay|-trans)?\?.*id=1.*tag=dance|^\/video(-gay|-trans)?\?.*tag=dance.*id=1/,
      );
    });
  }

  test('an unknown path answers 404 with the error page', async ({ request }) => {
    const response = await request.get('/this/page/does/not/exist');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('This page could not be found');
  });
});
