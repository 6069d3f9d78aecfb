import { afterAll, expect, test } from 'vitest';
import { PostStatus } from '../posts/post-status.ts';
import { actingAs, authAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', DB_POOL_SIZE: '8' } });
afterAll(() => t.close());
const { db } = t.container.database;

async function counters(postId: number) {
  const post = await db.selectFrom('posts').select(['likes_count', 'user_id']).where('id', '=', postId).executeTakeFirstOrThrow();
  const likes = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  const author = await db.selectFrom('users').select('likes_received').where('id', '=', post.user_id).executeTakeFirstOrThrow();
  return { likesCount: post.likes_count, rows: Number(likes.count), likesReceived: author.likes_received };
}

test('like and unlike are idempotent and answer the new count', async () => {
  const author = await createUser(db);
  const postId = await createPost(db, author.id);
  const fan = await actingAs(t, (await createUser(db)).id);
  expect(await fan.post(`/api/post/like/${postId}`)).toEqual({ statusCode: 1, likeByUser: true, likesCount: 1 });
  expect(await fan.post(`/api/post/like/${postId}`)).toEqual({ statusCode: 1, likeByUser: true, likesCount: 1 });
  expect((await fan.get(`/api/post/${postId}`)).post).toMatchObject({ likeByUser: true, likesCount: 1 });
  expect(await fan.delete(`/api/post/like/${postId}`)).toEqual({ statusCode: 1, likeByUser: false, likesCount: 0 });
  expect(await fan.delete(`/api/post/like/${postId}`)).toEqual({ statusCode: 1, likeByUser: false, likesCount: 0 });
  expect(await counters(postId)).toEqual({ likesCount: 0, rows: 0, likesReceived: 0 });
});

test('hidden posts cannot be liked; anonymous visitors must log in', async () => {
  const author = await createUser(db);
  const draft = await createPost(db, author.id, { status: PostStatus.processing });
  const fan = await actingAs(t, (await createUser(db)).id);
  expect((await fan.post(`/api/post/like/${draft}`)).error).toBe('not_found');
  expect((await fan.post('/api/post/like/999999999')).error).toBe('not_found');
  const visible = await createPost(db, author.id);
  expect((await t.post(`/api/post/like/${visible}`, {})).body.error).toBe('login_required');
});

test('counters stay exact under 200 concurrent likes and unlikes from many users', async () => {
  const author = await createUser(db);
  const postId = await createPost(db, author.id);
  const users = await Promise.all(Array.from({ length: 40 }, () => createUser(db)));
  const headers = await Promise.all(users.map((user) => authAs(t, user.id)));
  const calls = Array.from({ length: 200 }, (_, index) => {
    const method = index % 3 === 2 ? 'DELETE' : 'POST';
    return t.request({ method, url: `/api/post/like/${postId}`, headers: headers[index % headers.length] });
  });
  const answers = await Promise.all(calls);
  for (const answer of answers) expect(answer.body.statusCode).toBe(1);
  const final = await counters(postId);
  expect(final.likesCount).toBe(final.rows);
  expect(final.likesReceived).toBe(final.rows);
});

// A private post is its owner's alone: a stranger's unlike must not tell that it exists, nor its count.
test('an unlike tells a stranger nothing of a hidden post, and still takes back a like given before', async () => {
  const author = await createUser(db);
  const postId = await createPost(db, author.id);
  const fan = await actingAs(t, (await createUser(db)).id);
  await fan.post(`/api/post/like/${postId}`);
  await db.updateTable('posts').set({ status: PostStatus.private }).where('id', '=', postId).execute();
  const stranger = await actingAs(t, (await createUser(db)).id);
  expect(await stranger.delete(`/api/post/like/${postId}`)).toMatchObject({ error: 'not_found' });
  expect(await fan.delete(`/api/post/like/${postId}`)).toEqual({ statusCode: 1, likeByUser: false, likesCount: 0 });
  expect(await (await actingAs(t, author.id)).delete(`/api/post/like/${postId}`)).toMatchObject({ likesCount: 0 });
});
