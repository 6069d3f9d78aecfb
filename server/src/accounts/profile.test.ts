import { afterAll, describe, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';
import { ACCOUNT_TEST_ENV, Browser, signedUp, uniqueName } from './test-support.ts';

const t = await testApp({ env: ACCOUNT_TEST_ENV });
afterAll(() => t.close());
const { db } = t.container.database;

describe('GET /api/user/{id}', () => {
  test('shows the public profile by id or by username, cleaned up as spec §5 says', async () => {
    const name = uniqueName('prof');
    const { userId } = await signedUp(t, name);
    const expected = {
      id: userId,
      username: name,
      displayName: '',
      type: 1,
      uid: expect.any(String),
      bio: '',
      iFollowUser: false,
      myProfile: false,
      followersCount: 0,
      followingCount: 0,
      postsCount: 0,
      likesCount: 0,
    };
    for (const ref of [String(userId), name, name.toUpperCase(), encodeURIComponent(`@${name.toUpperCase()}`)]) {
      const response = await new Browser(t).get(`/api/user/${ref}`);
      expect(response.body, ref).toMatchObject({ statusCode: 2, user: expected });
      expect(response.body.user.email, 'no e-mail for others').toBeUndefined();
    }
  });

  test("'me' is the viewer's own profile", async () => {
    const { browser, userId } = await signedUp(t);
    expect((await browser.get('/api/user/me')).body.user).toMatchObject({ id: userId, myProfile: true });
    expect((await new Browser(t).get('/api/user/me')).body.error).toBe('login_required');
  });

  test('answers not_found for unknown users', async () => {
    for (const ref of ['999999', 'nobody_at_all', '%20']) {
      expect((await new Browser(t).get(`/api/user/${ref}`)).body.error, ref).toBe('not_found');
    }
  });

  test('tells the owner it is their profile, with their settings, and others whether they follow', async () => {
    const owner = await signedUp(t);
    const fan = await signedUp(t);
    await db.insertInto('follows').values({ follower_id: fan.userId, followee_id: owner.userId }).execute();

    const own = (await owner.browser.get(`/api/user/${owner.userId}`)).body.user;
    expect(own).toMatchObject({ myProfile: true, email: owner.email, lgbtPreference: 1, generalNotifSound: true });
    expect(JSON.parse(own.fePreference)).toEqual({ nFollow: true, nLike: true, nCreate: true, nUpdate: true });
    expect((await fan.browser.get(`/api/user/${owner.userId}`)).body.user).toMatchObject({ myProfile: false, iFollowUser: true });
    expect((await owner.browser.get(`/api/user/${fan.userId}`)).body.user.iFollowUser).toBe(false);
  });
});

describe('PUT /api/user/me', () => {
  test('updates display name, bio, orientation, sound and notification flags', async () => {
    const { browser, userId } = await signedUp(t);
    const response = await browser.call('PUT', '/api/user/me', {
      displayName: '  Jane Doe ',
      bio: 'Hi <b>there</b> <script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">x</a>',
      lgbtPreference: 2,
      generalNotifSound: false,
      fePreference: JSON.stringify({ nFollow: false, nLike: true, nCreate: true, nUpdate: false }),
    });
    expect(response.body).toMatchObject({
      statusCode: 2,
      user: { id: userId, displayName: 'Jane Doe', lgbtPreference: 2, generalNotifSound: false, myProfile: true },
    });
    expect(response.body.user.bio).toBe('Hi <b>there</b> alert(1)<a>x</a>');
    expect(JSON.parse(response.body.user.fePreference)).toEqual({ nFollow: false, nLike: true, nCreate: true, nUpdate: false });

    const objectForm = await browser.call('PUT', '/api/user/me', {
      fePreference: { nFollow: true, nLike: false, nCreate: true, nUpdate: true },
    });
    expect(JSON.parse(objectForm.body.user.fePreference)).toMatchObject({ nLike: false });
    expect(objectForm.body.user.displayName).toBe('Jane Doe');
  });

  test('refuses out-of-range values and malformed bodies with invalid_input', async () => {
    const { browser } = await signedUp(t);
    for (const body of [
      { displayName: 'x'.repeat(65) },
      { bio: 'x'.repeat(4001) },
      { bio: '<'.repeat(1001) },
      { lgbtPreference: 4 },
      { lgbtPreference: -1 },
      { fePreference: '{"nFollow":true}' },
      { fePreference: 'not json' },
      'text',
    ]) {
      const response = await browser.call('PUT', '/api/user/me', body);
      expect(response.body.error, JSON.stringify(body).slice(0, 40)).toBe('invalid_input');
    }
  });

  test('needs a logged-in user', async () => {
    expect((await new Browser(t).call('PUT', '/api/user/me', { displayName: 'x' })).body.error).toBe('login_required');
  });
});

describe('availability checks', () => {
  test('POST /api/check/username tells free, taken, reserved and invalid names apart', async () => {
    const { username } = await signedUp(t);
    const browser = new Browser(t);
    const check = async (name: unknown) => (await browser.post('/api/check/username', { username: name })).body;
    expect(await check(uniqueName())).toEqual({ statusCode: 2, available: true });
    expect(await check(username.toUpperCase())).toEqual({ statusCode: 2, available: false, reason: 'taken' });
    expect(await check('login')).toEqual({ statusCode: 2, available: false, reason: 'reserved' });
    expect(await check('Admin')).toEqual({ statusCode: 2, available: false, reason: 'reserved' });
    expect(await check('a1')).toEqual({ statusCode: 2, available: false, reason: 'invalid' });
  });

  test('POST /api/check/email tells free, taken and invalid addresses apart', async () => {
    const { email } = await signedUp(t);
    const browser = new Browser(t);
    const check = async (address: string) => (await browser.post('/api/check/email', { email: address })).body;
    expect(await check('free@example.test')).toEqual({ statusCode: 2, available: true });
    expect(await check(email.toUpperCase())).toEqual({ statusCode: 2, available: false, reason: 'taken' });
    expect(await check('no-at-sign')).toEqual({ statusCode: 2, available: false, reason: 'invalid' });
  });
});
