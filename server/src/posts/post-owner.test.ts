import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { PostStatus } from './post-status.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;

async function owned() {
  const owner = await createUser(db);
  const other = await createUser(db);
  const postId = await createPost(db, owner.id, { title: 'Original', tags: ['keep', 'drop'] });
  return { owner, postId, alice: await actingAs(t, owner.id), bob: await actingAs(t, other.id) };
}

const useCount = async (tag: string) =>
  (await db.selectFrom('tags').select('use_count').where('tag', '=', tag).executeTakeFirst())?.use_count;

describe('pins', () => {
  test('only the owner can pin; not yours and absent answer alike', async () => {
    const { postId, alice, bob } = await owned();
    const notYours = await bob.post(`/api/post/pin/${postId}`);
    const absent = await alice.post('/api/post/pin/999999999');
    expect(notYours.error).toBe('not_found');
    expect(absent).toEqual(notYours);
    expect(await alice.post(`/api/post/pin/${postId}`)).toEqual({ statusCode: 1, isPinned: true });
    expect((await alice.get(`/api/post/${postId}`)).post.isPinned).toBe(true);
    expect(await alice.delete(`/api/post/pin/${postId}`)).toEqual({ statusCode: 1, isPinned: false });
    expect((await bob.get(`/api/post/${postId}`)).post.isPinned).toBe(false);
  });

  test('needs a login', async () => {
    const { postId } = await owned();
    expect((await t.post(`/api/post/pin/${postId}`, {})).body.error).toBe('login_required');
  });
});

describe('editing', () => {
  test('the owner changes title and tags; tag use counts follow', async () => {
    const { postId, alice, bob } = await owned();
    await db.updateTable('tags').set({ use_count: 1 }).where('tag', 'in', ['keep', 'drop']).execute();
    expect((await bob.put(`/api/post/${postId}`, { title: 'Hijacked' })).error).toBe('not_found');

    const { post } = await alice.put(`/api/post/${postId}`, { title: '  Beach Día  ', tags: ['Keep', 'Nový Tag', '#fresh'] });
    expect(post.title).toBe('Beach Día');
    expect(post.path).toBe(`/video?id=${postId}&title=beach-dia`);
    expect(post.tags.map((tag: { tag: string }) => tag.tag)).toEqual(['keep', 'novytag', 'fresh']);
    expect(await useCount('keep')).toBe(1);
    expect(await useCount('drop')).toBe(0);
    expect(await useCount('novytag')).toBe(1);

    const searchable = await db
      .selectFrom('posts')
      .select('id')
      .where('id', '=', postId)
      .where(sql<boolean>`search_vector @@ to_tsquery('simple', 'novytag & dia')`)
      .executeTakeFirst();
    expect(searchable?.id).toBe(postId);

    const titleOnly = await alice.put(`/api/post/${postId}`, { title: 'Again' });
    expect(titleOnly.post.tags).toHaveLength(3);
    expect((await alice.put(`/api/post/${postId}`, { tags: [] })).post.tags).toEqual([]);
    expect(await useCount('keep')).toBe(0);
  });

  test('refuses tags longer than 64 characters', async () => {
    const { postId, alice } = await owned();
    expect((await alice.put(`/api/post/${postId}`, { tags: ['x'.repeat(65)] })).error).toBe('invalid_input');
  });
});

describe('deleting', () => {
  test('is a soft delete by the owner: the post disappears, counters drop', async () => {
    const { owner, postId, alice, bob } = await owned();
    await db.updateTable('users').set({ posts_count: 1, likes_received: 3 }).where('id', '=', owner.id).execute();
    await db.updateTable('posts').set({ likes_count: 3, pinned_at: new Date() }).where('id', '=', postId).execute();
    expect((await bob.delete(`/api/post/${postId}`)).error).toBe('not_found');
    expect(await alice.delete(`/api/post/${postId}`)).toEqual({ statusCode: 1, deleted: true, message: 'post-deleted-success' });

    expect((await alice.get(`/api/post/${postId}`)).error).toBe('not_found');
    expect((await alice.get(`/api/post/?userId=${owner.id}`)).posts).toEqual([]);
    const row = await db
      .selectFrom('posts')
      .select(['deleted_at', 'pinned_at'])
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.pinned_at).toBeNull();
    const user = await db
      .selectFrom('users')
      .select(['posts_count', 'likes_received'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ posts_count: 0, likes_received: 0 });
    expect((await alice.delete(`/api/post/${postId}`)).error).toBe('not_found');
  });

  test('an owner may delete a post still processing', async () => {
    const owner = await createUser(db);
    const postId = await createPost(db, owner.id, { status: PostStatus.processing });
    expect((await (await actingAs(t, owner.id)).delete(`/api/post/${postId}`)).statusCode).toBe(1);
  });
});

test('likers are listed newest first, 30 a page, to logged-in accounts only', async () => {
  const author = await createUser(db);
  const postId = await createPost(db, author.id);
  const fans = [];
  for (let index = 0; index < 32; index++) fans.push(await createUser(db));
  await db
    .insertInto('likes')
    .values(
      fans.map((fan, index) => ({ user_id: fan.id, post_id: postId, created_at: new Date(Date.now() - (100 - index) * 1000) })),
    )
    .execute();
  const viewer = await actingAs(t, author.id);
  const first = await viewer.get(`/api/post/likes/${postId}`);
  expect(first.users).toHaveLength(30);
  expect(first.canLoadMore).toBe(true);
  expect(first.users[0]).toEqual({
    id: fans[31]?.id,
    username: fans[31]?.username,
    displayName: fans[31]?.username,
    iFollowUser: false,
    followersCount: 0,
    myProfile: false,
    avatar: {},
  });
  const last = await viewer.get(`/api/post/likes/${postId}?offset=30`);
  expect(last.users).toHaveLength(2);
  expect(last.canLoadMore).toBe(false);
  expect((await viewer.get('/api/post/likes/999999999')).error).toBe('not_found');
  // A fan sees the list of a public post too, themself marked; a visitor is asked to log in.
  const fan = fans[31];
  if (!fan) throw new Error('no fan');
  const fanView = await (await actingAs(t, fan.id)).get(`/api/post/likes/${postId}`);
  expect(fanView.users[0]).toMatchObject({ id: fan.id, myProfile: true });
  expect((await t.get(`/api/post/likes/${postId}`)).body.error).toBe('login_required');
});
