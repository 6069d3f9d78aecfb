import Value from 'typebox/value';
import { afterAll, describe, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';
import { OwnProfileAnswer, PublicProfileAnswer } from './profile-schema.ts';
import { ACCOUNT_TEST_ENV, Browser, GOOD_PASSWORD, proofOfWork, signedUp, uniqueName } from './test-support.ts';

const t = await testApp({ env: ACCOUNT_TEST_ENV });
afterAll(() => t.close());
const { db } = t.container.database;

describe('PUT /api/user/me: social links and bio tags', () => {
  test('keeps handles by platform code (pasted URLs and @ cleaned), answers their links, drops emptied ones', async () => {
    const { browser, userId } = await signedUp(t);
    const links = { ig: '@velvet.star', tt: 'https://www.tiktok.com/@velvet_star?lang=en', of: 'velvetstar', tw: '' };
    const response = await browser.call('PUT', '/api/user/me', { socialLinks: links });
    expect(response.body.user.socialLinks).toEqual([
      { code: 'ig', name: 'Instagram', handle: 'velvet.star', url: 'https://www.instagram.com/velvet.star' },
      { code: 'tt', name: 'TikTok', handle: 'velvet_star', url: 'https://www.tiktok.com/@velvet_star' },
      { code: 'of', name: 'OnlyFans', handle: 'velvetstar', url: 'https://onlyfans.com/velvetstar' },
    ]);
    expect((await new Browser(t).get(`/api/user/${userId}`)).body.user.socialLinks).toHaveLength(3);
  });

  test('the profile answers have the shapes profile-schema.ts declares (the web app reads them by those types)', async () => {
    const { browser, userId } = await signedUp(t);
    const saved = (await browser.call('PUT', '/api/user/me', { socialLinks: { ig: 'velvet.star' } })).body.user;
    const own = (await browser.get('/api/user/me')).body.user;
    const seen = (await new Browser(t).get(`/api/user/${userId}`)).body.user;
    for (const [answer, schema] of [
      [saved, OwnProfileAnswer],
      [own, OwnProfileAnswer],
      [seen, PublicProfileAnswer],
    ] as const) {
      expect(Value.Errors(schema, answer)).toEqual([]);
    }
    expect(seen.socialLinks).toEqual([
      { code: 'ig', name: 'Instagram', handle: 'velvet.star', url: 'https://www.instagram.com/velvet.star' },
    ]);
  });

  test('refuses unknown platforms and handles that are not handles', async () => {
    const { browser } = await signedUp(t);
    for (const socialLinks of [{ zz: 'me' }, { ig: 'a/b' }, { ig: 'x'.repeat(80) }, { ig: 'javascript:alert(1)' }]) {
      const response = await browser.call('PUT', '/api/user/me', { socialLinks });
      expect(response.body, JSON.stringify(socialLinks)).toMatchObject({ statusCode: -10, error: 'invalid_input' });
    }
    expect((await browser.call('PUT', '/api/user/me', { socialLinks: 'ig' })).status).toBe(400);
    expect((await browser.call('PUT', '/api/user/me', { socialLinks: { ig: { a: 1 } } })).status).toBe(400);
  });

  test('stores #names of known tags as tag elements, leaves unknown ones as text and sanitises the rest', async () => {
    const tag = await db.insertInto('tags').values({ tag: 'redhead' }).returning('id').executeTakeFirstOrThrow();
    const { browser } = await signedUp(t);
    const bio = 'I love #Redhead and #unknowntag <script>x</script><b>bold</b> <a href="/tag/x">#redhead</a>';
    const saved = (await browser.call('PUT', '/api/user/me', { bio })).body.user.bio;
    expect(saved).toContain(`<tag id="${tag.id}">Redhead</tag>`);
    expect(saved).toContain('#unknowntag');
    expect(saved).not.toContain('<script>');
    expect(saved).toContain('<b>bold</b>');
    expect(saved).toMatch(/<a [^>]*>#redhead<\/a>/);
    // Sent back as stored, the tag element survives unchanged.
    expect((await browser.call('PUT', '/api/user/me', { bio: saved })).body.user.bio).toBe(saved);
  });

  test('the owner sees settings fields, others do not', async () => {
    const { browser, userId } = await signedUp(t);
    const own = (await browser.get('/api/user/me')).body.user;
    expect(own).toMatchObject({
      emailVerified: false,
      hasPassword: true,
      connectedAccounts: { google: false, apple: false },
      iCanUploadImages: false,
      avatar: {},
    });
    const other = (await new Browser(t).get(`/api/user/${userId}`)).body.user;
    for (const field of ['email', 'hasPassword', 'connectedAccounts', 'lgbtPreference', 'fePreference']) {
      expect(other[field], field).toBeUndefined();
    }
  });
});

describe('PUT /api/user/me/password', () => {
  test('needs the current password; logs other devices out and keeps this one in', async () => {
    const { browser, username } = await signedUp(t);
    const other = new Browser(t);
    await other.post('/api/login', { username, password: GOOD_PASSWORD });
    const wrong = await browser.call('PUT', '/api/user/me/password', {
      currentPassword: 'nope nope',
      password: 'A fresh passphrase 11',
    });
    expect(wrong.body).toMatchObject({ statusCode: -30, error: 'invalid_credentials' });
    const weak = await browser.call('PUT', '/api/user/me/password', { currentPassword: GOOD_PASSWORD, password: 'password1' });
    expect(weak.body).toMatchObject({ statusCode: -35, error: 'weak_password' });
    const missing = await browser.call('PUT', '/api/user/me/password', { password: 'A fresh passphrase 11' });
    expect(missing.body.error).toBe('invalid_credentials');

    const changed = await browser.call('PUT', '/api/user/me/password', {
      currentPassword: GOOD_PASSWORD,
      password: 'A fresh passphrase 11',
    });
    expect(changed.body).toMatchObject({ statusCode: 2, userId: expect.any(Number) });
    expect((await browser.get('/api/refresh')).body.statusCode).toBe(2);
    expect((await other.get('/api/refresh')).body.error).toBe('token_invalid');
    expect((await new Browser(t).post('/api/login', { username, password: 'A fresh passphrase 11' })).body.statusCode).toBe(2);
  });

  test("ends every other session's access token at once; the new one, issued the same second, works", async () => {
    const { browser, username, session } = await signedUp(t);
    const other = (await new Browser(t).post('/api/login', { username, password: GOOD_PASSWORD })).body;
    const asBearer = (token: string) => new Browser(t).get('/api/user?ifollow=1', { authorization: `Bearer ${token}` });
    expect((await asBearer(other.accessToken)).body.statusCode).toBe(2);

    const changed = await browser.call('PUT', '/api/user/me/password', {
      currentPassword: GOOD_PASSWORD,
      password: 'A fresh passphrase 12',
    });
    expect(changed.body.statusCode).toBe(2);
    expect((await asBearer(other.accessToken)).body.error).toBe('login_required');
    expect((await asBearer(session.accessToken)).body.error).toBe('login_required');
    expect((await asBearer(changed.body.accessToken)).body.statusCode).toBe(2);
    expect((await browser.get('/api/user?ifollow=1')).body.statusCode).toBe(2);
  });

  test('refuses visitors and malformed bodies', async () => {
    expect((await new Browser(t).call('PUT', '/api/user/me/password', { password: 'A fresh passphrase 11' })).body.error).toBe(
      'login_required',
    );
    const { browser } = await signedUp(t);
    for (const body of [{}, { password: { a: 1 } }, 'text']) {
      expect((await browser.call('PUT', '/api/user/me/password', body)).status).toBe(400);
    }
  });
});

describe('ALTCHA on sign-up and reset', () => {
  test('sign-up and reset need a valid proof, and each proof counts once', async () => {
    const name = uniqueName();
    const body = { username: name, email: `${name}@example.test`, password: GOOD_PASSWORD };
    for (const recaptchaToken of [undefined, '', 'not-base64!', Buffer.from('{"a":1}').toString('base64')]) {
      const response = await new Browser(t).post('/api/signup', { ...body, recaptchaToken });
      expect(response.body, String(recaptchaToken)).toMatchObject({ statusCode: -38, error: 'bot_check_failed' });
      const reset = await new Browser(t).post('/api/reset/', { email: body.email, recaptchaToken });
      expect(reset.body.error).toBe('bot_check_failed');
    }
    const proof = await proofOfWork(t);
    expect((await new Browser(t).post('/api/signup', { ...body, recaptchaToken: proof })).body.statusCode).toBe(2);
    const again = { username: uniqueName(), email: `${uniqueName()}@example.test`, password: GOOD_PASSWORD };
    expect((await new Browser(t).post('/api/signup', { ...again, recaptchaToken: proof })).body.error).toBe('bot_check_failed');
  });

  test('a proof of a tampered challenge is refused', async () => {
    const proof = JSON.parse(Buffer.from(await proofOfWork(t), 'base64').toString());
    const forged = Buffer.from(JSON.stringify({ ...proof, number: proof.number + 1 })).toString('base64');
    expect((await new Browser(t).post('/api/reset/', { email: 'a@example.test', recaptchaToken: forged })).body.error).toBe(
      'bot_check_failed',
    );
  });

  test('GET /api/altcha answers a signed challenge that is never cached', async () => {
    const first = await t.get('/api/altcha');
    const second = await t.get('/api/altcha');
    expect(first.body).toMatchObject({ statusCode: 1, algorithm: 'SHA-256', maxnumber: 1000 });
    expect(first.body.salt).not.toBe(second.body.salt);
    expect(first.headers['cache-control']).toBe('no-store');
  });
});
