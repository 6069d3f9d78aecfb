import { afterAll, expect, test } from 'vitest';
import { actingAs, authAs, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', DB_POOL_SIZE: '8' } });
afterAll(() => t.close());
const { db } = t.container.database;

const countsOf = (id: number) =>
  db.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', id).executeTakeFirstOrThrow();

test('follow and unfollow move both counters once, however often they are sent', async () => {
  const [alice, bob] = await Promise.all([createUser(db), createUser(db)]);
  const me = await actingAs(t, alice.id);
  expect(await me.post('/api/user/follow', { userId: bob.id })).toEqual({
    statusCode: 1,
    iFollowUser: true,
    followersCount: 1,
    followingCount: 0,
  });
  expect((await me.post('/api/user/follow', { userId: bob.id })).followersCount).toBe(1);
  expect(await countsOf(alice.id)).toEqual({ followers_count: 0, following_count: 1 });
  expect((await me.get(`/api/user/${bob.id}`)).user.iFollowUser).toBe(true);

  expect((await me.delete('/api/user/follow', { userId: bob.id })).iFollowUser).toBe(false);
  expect((await me.delete('/api/user/follow', { userId: bob.id })).followersCount).toBe(0);
  expect(await countsOf(alice.id)).toEqual({ followers_count: 0, following_count: 0 });
  expect(await countsOf(bob.id)).toEqual({ followers_count: 0, following_count: 0 });
});

test('cannot follow yourself, a banned or missing account, or anyone while anonymous', async () => {
  const alice = await createUser(db);
  const banned = await createUser(db, { banned: true });
  const me = await actingAs(t, alice.id);
  expect((await me.post('/api/user/follow', { userId: alice.id })).error).toBe('cannot_follow_self');
  expect((await me.post('/api/user/follow', { userId: banned.id })).error).toBe('not_found');
  expect((await me.post('/api/user/follow', { userId: 999999999 })).error).toBe('not_found');
  expect((await t.post('/api/user/follow', { userId: banned.id })).body.error).toBe('login_required');
});

test('lists whom I follow and who follows me, 30 a page, newest first', async () => {
  const me = await createUser(db);
  const others = await Promise.all(Array.from({ length: 33 }, () => createUser(db)));
  await db
    .insertInto('follows')
    .values(
      others.map((other, index) => ({
        follower_id: me.id,
        followee_id: other.id,
        created_at: new Date(Date.now() - (100 - index) * 1000),
      })),
    )
    .execute();
  await db
    .insertInto('follows')
    .values({ follower_id: others[0]?.id as number, followee_id: me.id })
    .execute();
  const client = await actingAs(t, me.id);

  const first = await client.get('/api/user?ifollow=1');
  expect(first.users).toHaveLength(30);
  expect(first.users[0]).toMatchObject({ id: others[32]?.id, iFollowUser: true });
  expect((await client.get('/api/user?ifollow=1&offset=30')).users).toHaveLength(3);
  const followers = await client.get('/api/user?myfollowers=1');
  expect(followers.users).toEqual([expect.objectContaining({ id: others[0]?.id, iFollowUser: true })]);
  expect((await t.get('/api/user?ifollow=1')).body.error).toBe('login_required');
  expect((await client.get('/api/user')).error).toBe('invalid_input');
});

test('counters stay exact under concurrent follows and unfollows', async () => {
  const target = await createUser(db);
  const fans = await Promise.all(Array.from({ length: 30 }, () => createUser(db)));
  const calls = fans.flatMap((fan, index) => {
    const request = async (method: 'POST' | 'DELETE') =>
      t.request({
        method,
        url: '/api/user/follow',
        headers: { ...(await authAs(t, fan.id)), 'content-type': 'application/json' },
        payload: JSON.stringify({ userId: target.id }),
      });
    return index % 2 ? [request('POST'), request('POST')] : [request('POST'), request('DELETE')];
  });
  await Promise.all(calls);
  const rows = await db.selectFrom('follows').select('follower_id').where('followee_id', '=', target.id).execute();
  expect((await countsOf(target.id)).followers_count).toBe(rows.length);
  for (const fan of fans) {
    const following = rows.some((row) => row.follower_id === fan.id) ? 1 : 0;
    expect((await countsOf(fan.id)).following_count).toBe(following);
  }
});

test("anyone's followers and followees are listed with the viewer's follow flags", async () => {
  const [star, fan, other, viewer] = await Promise.all([createUser(db), createUser(db), createUser(db), createUser(db)]);
  const banned = await createUser(db, { banned: true });
  await db
    .insertInto('follows')
    .values([
      { follower_id: fan.id, followee_id: star.id },
      { follower_id: other.id, followee_id: star.id },
      { follower_id: banned.id, followee_id: star.id },
      { follower_id: star.id, followee_id: other.id },
      { follower_id: viewer.id, followee_id: fan.id },
    ])
    .execute();
  const me = await actingAs(t, viewer.id);
  const followers = await me.get(`/api/user/${star.id}/followers`);
  expect(followers.canLoadMore).toBe(false);
  expect(followers.users.map((user: { id: number }) => user.id).sort()).toEqual([fan.id, other.id].sort());
  expect(followers.users.find((user: { id: number }) => user.id === fan.id)).toMatchObject({
    iFollowUser: true,
    myProfile: false,
    avatar: {},
  });
  expect((await (await actingAs(t, fan.id)).get(`/api/user/${star.id}/followers`)).users).toContainEqual(
    expect.objectContaining({ id: fan.id, myProfile: true }),
  );
  expect((await t.get(`/api/user/${star.id}/following`)).body.users).toEqual([
    expect.objectContaining({ id: other.id, iFollowUser: false }),
  ]);
  expect((await t.get(`/api/user/${banned.id}/followers`)).body.error).toBe('not_found');
  expect((await t.get(`/api/user/${star.id}/followers?offset=-1`)).body.error).toBe('invalid_input');
});
