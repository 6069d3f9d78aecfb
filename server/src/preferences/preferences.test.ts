import { afterAll, expect, test } from 'vitest';
import { actingAs, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

const t = await testApp();
afterAll(() => t.close());
const { db } = t.container.database;

const stored = (userId: number) =>
  db.selectFrom('user_cookies').select(['name', 'value', 'expires_at']).where('user_id', '=', userId).orderBy('name').execute();

const DAY = 24 * 60 * 60 * 1000;

test('a logged-in user keeps preference cookies with the account, the latest value winning', async () => {
  const me = await actingAs(t, (await createUser(db)).id);
  const expires = new Date(Date.now() + 30 * DAY).toISOString();
  expect(await me.post('/api/user/cookie', { name: 'autoplay', value: '0', expires })).toEqual({ statusCode: 1, saved: true });
  expect(await me.post('/api/user/cookie', { name: 'autoplay', value: '1', expires })).toEqual({ statusCode: 1, saved: true });
  expect(await me.post('/api/user/cookie', { name: 'setLang', value: 'de-DE', expires })).toMatchObject({ saved: true });
  expect((await me.get('/api/user/cookie')).cookies).toEqual({ autoplay: '1', setLang: 'de-DE' });
});

test('the expiry is clamped to the cookie lifetime of spec §9, and a past expiry forgets the value', async () => {
  const user = await createUser(db);
  const me = await actingAs(t, user.id);
  const tooLate = new Date(Date.now() + 5000 * DAY).toISOString();
  await me.post('/api/user/cookie', { name: 'likeBanner', value: '1', expires: tooLate });
  const [row] = await stored(user.id);
  if (!row) throw new Error('the cookie was not stored');
  const days = (new Date(row.expires_at).getTime() - Date.now()) / DAY;
  expect(days).toBeGreaterThan(13.9);
  expect(days).toBeLessThanOrEqual(14);

  expect(await me.post('/api/user/cookie', { name: 'likeBanner', value: '1', expires: new Date(0).toISOString() })).toEqual({
    statusCode: 1,
    saved: false,
  });
  expect(await stored(user.id)).toEqual([]);
});

test('only preference cookies are accepted, with a clear error for anything else', async () => {
  const me = await actingAs(t, (await createUser(db)).id);
  for (const name of ['have18', 'consent', 'refresh', 'authorization', 'anything'])
    expect((await me.post('/api/user/cookie', { name, value: '1' })).error, name).toBe('invalid_input');
  expect((await me.post('/api/user/cookie', { name: 'autoplay', value: '1', expires: 'soon' })).error).toBe('invalid_input');
  expect((await me.post('/api/user/cookie', { name: 'autoplay', value: 'x'.repeat(1001) })).error).toBe('invalid_input');
  expect((await me.post('/api/user/cookie', { value: '1' })).error).toBe('invalid_input');
});

test('anonymous visitors cannot store cookies on the server', async () => {
  const answer = await t.post('/api/user/cookie', { name: 'autoplay', value: '1' });
  expect(answer.body.error).toBe('login_required');
});
