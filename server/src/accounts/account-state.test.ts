import { afterAll, describe, expect, test } from 'vitest';
import { jobHandlers } from '../jobs/registry.ts';
import { testApp } from '../test/test-app.ts';
import { ACCOUNT_TEST_ENV, Browser, signedUp } from './test-support.ts';

const t = await testApp({ env: ACCOUNT_TEST_ENV });
afterAll(() => t.close());
const { db } = t.container.database;

describe('banned accounts', () => {
  test('get -3 on login and refresh, and their access tokens stop working at once', async () => {
    const { browser, username, password, userId, session } = await signedUp(t);
    await db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', userId).execute();

    expect((await browser.call('PUT', '/api/user/me', { displayName: 'x' })).body).toMatchObject({
      statusCode: -3,
      error: 'user_banned',
    });
    const bearer = await t.request({
      method: 'PUT',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: {},
    });
    expect(bearer.body.error).toBe('user_banned');
    expect((await browser.get(`/api/user/${userId}`)).body.error).toBe('not_found');
    expect((await browser.get('/api/refresh')).body).toMatchObject({ statusCode: -3, error: 'user_banned' });
    expect((await new Browser(t).post('/api/login', { username, password })).body).toMatchObject({
      statusCode: -3,
      error: 'user_banned',
    });
    // Without the right password nobody learns that the account is banned.
    expect((await new Browser(t).post('/api/login', { username, password: 'wrong password!' })).body.error).toBe(
      'invalid_credentials',
    );
  });
});

describe('a password changed by any path', () => {
  test('ends every session at once, even when set outside the app (a support tool, SQL)', async () => {
    const { browser, userId, session } = await signedUp(t);
    const asBearer = () => new Browser(t).get('/api/user?ifollow=1', { authorization: `Bearer ${session.accessToken}` });
    expect((await asBearer()).body.statusCode).toBe(2);
    await db.updateTable('users').set({ password_hash: 'set-by-hand' }).where('id', '=', userId).execute();
    expect((await asBearer()).body.error).toBe('login_required');
    expect((await browser.get('/api/refresh')).body.error).toBe('token_invalid');
  });
});

describe('DELETE /api/user/me and the 30-day grace', () => {
  test('schedules deletion, logs out everywhere, and a login within the grace restores the account', async () => {
    const { browser, username, password, userId, session } = await signedUp(t);
    const deleted = await browser.call('DELETE', '/api/user/me');
    expect(deleted.body).toMatchObject({ statusCode: 1, deleteAfter: expect.any(String), session: { userId: null } });
    const days = (Date.parse(deleted.body.deleteAfter) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(browser.jar.has('refresh')).toBe(false);

    const stale = await t.request({
      method: 'PUT',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: {},
    });
    expect(stale.body).toMatchObject({ statusCode: -4, error: 'user_to_be_deleted' });
    expect((await t.get(`/api/user/${userId}`)).body.error).toBe('not_found');

    const login = await new Browser(t).post('/api/login', { username, password });
    expect(login.body).toMatchObject({ statusCode: 2, userId, restored: true });
    const row = await db.selectFrom('users').select('delete_requested_at').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row.delete_requested_at).toBeNull();
  });

  test('needs a logged-in user', async () => {
    expect((await new Browser(t).call('DELETE', '/api/user/me')).body.error).toBe('login_required');
  });

  test('the accounts:delete-expired job removes accounts whose grace is over, and only those', async () => {
    const expired = await signedUp(t);
    const recent = await signedUp(t);
    const kept = await signedUp(t);
    await db
      .updateTable('users')
      .set({ delete_requested_at: new Date(Date.now() - 31 * 86_400_000) })
      .where('id', '=', expired.userId)
      .execute();
    await db
      .updateTable('users')
      .set({ delete_requested_at: new Date(Date.now() - 29 * 86_400_000) })
      .where('id', '=', recent.userId)
      .execute();

    await jobHandlers['accounts:delete-expired']({ db }, {});

    const left = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [expired.userId, recent.userId, kept.userId])
      .execute();
    expect(left.map((user) => user.id).sort()).toEqual([recent.userId, kept.userId].sort());
    const tokens = await db.selectFrom('refresh_tokens').select('id').where('user_id', '=', expired.userId).execute();
    expect(tokens).toEqual([]);
  });
});
