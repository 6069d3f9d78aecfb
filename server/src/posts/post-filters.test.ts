import { afterAll, describe, expect, test } from 'vitest';
import { actingAs, createPost, createUser, ensureTag } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { seededOrder } from './feed-mix.ts';
import { PostStatus } from './post-status.ts';
import { tagHeadSize } from './posts.service.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const ids = (body: { posts: { id: number }[] }) => body.posts.map((post) => post.id);

describe('private, blocked and processing posts never leak', () => {
  test('in any list, by id, by media or through their likers', async () => {
    const author = await createUser(db);
    const fan = await createUser(db);
    const tag = 'leakcheck';
    const shown = await createPost(db, author.id, { tags: [tag] });
    const hidden = await Promise.all(
      [PostStatus.private, PostStatus.blocked, PostStatus.processing, PostStatus.failed].map((status) =>
        createPost(db, author.id, { status, tags: [tag] }),
      ),
    );
    for (const postId of [shown, ...hidden]) await db.insertInto('likes').values({ user_id: fan.id, post_id: postId }).execute();
    await db.insertInto('follows').values({ follower_id: fan.id, followee_id: author.id }).execute();
    const { id: playlistId } = await db
      .insertInto('playlists')
      .values({ name: 'leaks' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('playlist_posts')
      .values([shown, ...hidden].map((postId, position) => ({ playlist_id: playlistId, post_id: postId, position })))
      .execute();
    const tagId = await ensureTag(db, tag);
    const viewer = await actingAs(t, fan.id);
    const lists = [
      '/api/post/?limit=50',
      '/api/post/?latest=1&limit=50',
      `/api/post/?userId=${author.id}`,
      `/api/post/?userId=${author.id}&pinsOnly=0`,
      '/api/post/?following=1',
      `/api/post/?likes=1`,
      `/api/post/?likes=1&userId=${fan.id}`,
      `/api/post/?playlistId=${playlistId}`,
      `/api/post/?tagId=${tagId}`,
      `/api/post/?tagId=${tagId}&seed=4`,
    ];
    for (const list of lists) {
      const listed = ids(await viewer.get(list));
      expect(listed, list).toContain(shown);
      for (const postId of hidden) expect(listed, list).not.toContain(postId);
    }
    for (const postId of hidden) {
      expect((await viewer.get(`/api/post/${postId}`)).error).toBe('not_found');
      expect((await viewer.get(`/api/post/likes/${postId}`)).error).toBe('not_found');
      const media = await db.selectFrom('media_files').select('id').where('post_id', '=', postId).executeTakeFirstOrThrow();
      expect((await viewer.get(`/api/post?mediaId=${media.id}`)).error).toBe('not_found');
      expect((await viewer.post(`/api/post/like/${postId}`)).error).toBe('not_found');
    }
    // The owner sees them all on their own profile, with their states.
    const own = await (await actingAs(t, author.id)).get(`/api/post/?userId=${author.id}`);
    expect(new Set(ids(own))).toEqual(new Set([shown, ...hidden]));
  });
});

describe('orientation filters every list', () => {
  test('from lgbt, else from the lgbtPreference cookie; 0 means all', async () => {
    const author = await createUser(db);
    const tag = 'orient';
    const straight = await createPost(db, author.id, { lgbt: 1, tags: [tag] });
    const gay = await createPost(db, author.id, { lgbt: 2, tags: [tag] });
    const trans = await createPost(db, author.id, { lgbt: 3, tags: [tag] });
    const tagId = await ensureTag(db, tag);
    const ask = async (url: string, cookie?: string) =>
      ids((await t.get(url, cookie ? { cookie: `lgbtPreference=${cookie}` } : {})).body);
    for (const list of [`/api/post/?userId=${author.id}`, `/api/post/?tagId=${tagId}`, '/api/post/?limit=50']) {
      const join = list.includes('?') ? '&' : '?';
      expect(await ask(`${list}${join}lgbt=2`)).toEqual([gay]);
      expect(await ask(list, '3')).toEqual(expect.arrayContaining([trans]));
      expect(await ask(list, '3')).not.toContain(straight);
      expect(await ask(`${list}${join}lgbt=0`, '3')).toEqual(expect.arrayContaining([straight, gay, trans]));
    }
    expect((await t.get('/api/post/?lgbt=4')).body.error).toBe('invalid_input');
  });
});

describe('a seeded tag feed', () => {
  test('opens with the x most popular posts in seed order, then the rest newest first', async () => {
    const author = await createUser(db);
    const tag = 'seeded';
    const posts: number[] = [];
    for (let index = 0; index < 16; index++) {
      const id = await createPost(db, author.id, { tags: [tag], publishedAt: minutesAgo(100 - index), media: 0 });
      await db.updateTable('posts').set({ popularity: index }).where('id', '=', id).execute();
      posts.push(id);
    }
    const tagId = await ensureTag(db, tag);
    const mostPopular = [...posts].reverse().slice(0, 10);
    const viewer = await actingAs(t, author.id);
    const first = await viewer.get(`/api/post/?tagId=${tagId}&seed=9&x=10&limit=6`);
    const second = await viewer.get(`/api/post/?tagId=${tagId}&seed=9&x=10&limit=6&offset=6&t=${first.t}`);
    const third = await viewer.get(`/api/post/?tagId=${tagId}&seed=9&x=10&limit=6&offset=12&t=${first.t}`);
    const all = [...ids(first), ...ids(second), ...ids(third)];
    expect(all.slice(0, 10)).toEqual(seededOrder(9, mostPopular));
    expect(all.slice(10)).toEqual(posts.slice(0, 6).reverse());
    expect(first.canLoadMore && second.canLoadMore).toBe(true);
    expect(third.canLoadMore).toBe(false);
    // Without a seed the tag feed is newest first and pages by key.
    expect(ids(await viewer.get(`/api/post/?tagId=${tagId}&limit=3`))).toEqual(posts.slice(-3).reverse());
  });

  test('x defaults to the tag use count / 10, clamped 10–500, 50 when unknown', () => {
    expect(tagHeadSize(undefined, undefined)).toBe(50);
    expect(tagHeadSize(30, undefined)).toBe(10);
    expect(tagHeadSize(2000, undefined)).toBe(200);
    expect(tagHeadSize(90_000, undefined)).toBe(500);
    expect(tagHeadSize(2000, 3)).toBe(10);
  });

  test('rest leaves posts out of filtered lists too, and bad id lists are refused', async () => {
    const author = await createUser(db);
    const [a, b] = [await createPost(db, author.id), await createPost(db, author.id)];
    expect(ids((await t.get(`/api/post/?userId=${author.id}&rest=${a}`)).body)).toEqual([b]);
    expect((await t.get('/api/post/?rest=1,,2')).body.error).toBe('invalid_input');
    expect((await t.get(`/api/post/?seen=${'1,'.repeat(200)}1`)).body.error).toBe('invalid_input');
  });
});
