import { afterAll, describe, expect, test } from 'vitest';
import { actingAs, createMedia, createPost, createUser } from '../test/fixtures.ts';
import { recordQueries } from '../test/query-recorder.ts';
import { testApp } from '../test/test-app.ts';
import { PostStatus } from './post-status.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const titles = (body: { posts: { title: string }[] }) => body.posts.map((post) => post.title);

describe('a post as the API answers it', () => {
  test('carries every field of spec §3, with media URLs and the viewer flags', async () => {
    const author = await createUser(db, { displayName: 'Ana Author' });
    const viewer = await createUser(db);
    const postId = await createPost(db, author.id, {
      title: 'Crème Brûlée at Noon',
      tags: ['dessert', 'noon'],
      jobs: [{ kind: 'transcode', state: 'done' }],
    });
    await db.insertInto('likes').values({ user_id: viewer.id, post_id: postId }).execute();
    await db.insertInto('follows').values({ follower_id: viewer.id, followee_id: author.id }).execute();

    const { post } = await (await actingAs(t, viewer.id)).get(`/api/post/${postId}`);
    expect(post).toMatchObject({
      id: postId,
      postId,
      title: 'Crème Brûlée at Noon',
      status: PostStatus.published,
      user: { id: author.id, username: author.username, displayName: 'Ana Author', iFollowUser: true },
      tags: [{ tag: 'dessert' }, { tag: 'noon' }],
      likeByUser: true,
      isPinned: false,
      jobs: [{ kind: 'transcode', state: 'done' }],
      path: `/video?id=${postId}&title=creme-brulee-at-noon`,
    });
    expect(post.media).toHaveLength(1);
    expect(post.media[0]).toMatchObject({ mimeType: 'video/mp4', width: 540, height: 960, duration: 8, status: 10 });
    expect(post.media[0].variants['mp4-540']).toMatch(/^\/media\/fx\w+\/mp4-540\.mp4$/);
    for (const key of ['likesCount', 'shareCount', 'viewCount']) expect(post[key]).toEqual(expect.any(Number));

    const anonymous = (await t.get(`/api/post/${postId}`)).body.post;
    expect(anonymous).toMatchObject({ likeByUser: false, user: { iFollowUser: false } });
  });

  test('is found by one of its media files', async () => {
    const author = await createUser(db);
    const postId = await createPost(db, author.id, { media: 2 });
    const media = await db.selectFrom('media_files').select('id').where('post_id', '=', postId).execute();
    for (const { id } of media) expect((await t.get(`/api/post?mediaId=${id}`)).body.post.id).toBe(postId);
    const loose = await createMedia(db, author.id);
    expect((await t.get(`/api/post?mediaId=${loose}`)).body.error).toBe('not_found');
  });
});

describe('who sees what', () => {
  test('only published, live posts of accounts in good standing appear', async () => {
    const author = await createUser(db);
    const banned = await createUser(db, { banned: true });
    const shown = await createPost(db, author.id, { title: 'shown' });
    const processing = await createPost(db, author.id, { title: 'processing', status: PostStatus.processing });
    const deleted = await createPost(db, author.id, { title: 'deleted', deleted: true });
    const byBanned = await createPost(db, banned.id, { title: 'by banned' });
    const stranger = await actingAs(t, (await createUser(db)).id);

    expect(titles(await stranger.get(`/api/post/?userId=${author.id}`))).toEqual(['shown']);
    expect((await stranger.get(`/api/post/${shown}`)).post.id).toBe(shown);
    for (const id of [processing, deleted, byBanned]) expect((await stranger.get(`/api/post/${id}`)).error).toBe('not_found');
    expect(titles(await stranger.get('/api/post/?limit=50'))).not.toContain('by banned');

    const owner = await actingAs(t, author.id);
    expect(titles(await owner.get(`/api/post/?userId=${author.id}`)).sort()).toEqual(['processing', 'shown']);
    expect((await owner.get(`/api/post/${processing}`)).post.status).toBe(PostStatus.processing);
    expect((await owner.get(`/api/post/${deleted}`)).error).toBe('not_found');
    expect(titles(await owner.get('/api/post/?limit=50'))).not.toContain('processing');
  });
});

describe('paging', () => {
  test('a snapshot time keeps offsets stable while new posts arrive, and the cursor pages the same way', async () => {
    const author = await createUser(db);
    for (let index = 0; index < 5; index++) {
      await createPost(db, author.id, { title: `page ${index}`, publishedAt: minutesAgo(10 - index) });
    }
    const viewer = await actingAs(t, author.id);
    const first = await viewer.get(`/api/post/?userId=${author.id}&limit=2&pinsOnly=0`);
    expect(titles(first)).toEqual(['page 4', 'page 3']);
    expect(first.canLoadMore).toBe(true);

    await createPost(db, author.id, { title: 'late arrival' });
    const second = await viewer.get(`/api/post/?userId=${author.id}&limit=2&offset=2&t=${first.t}`);
    expect(titles(second)).toEqual(['page 2', 'page 1']);
    const third = await viewer.get(`/api/post/?userId=${author.id}&limit=2&offset=4&t=${first.t}`);
    expect(titles(third)).toEqual(['page 0']);
    expect(third.canLoadMore).toBe(false);

    const liked = await createUser(db);
    const fan = await actingAs(t, liked.id);
    const ids = await db.selectFrom('posts').select('id').where('user_id', '=', author.id).orderBy('id').execute();
    for (const [index, { id }] of ids.entries()) {
      await db
        .insertInto('likes')
        .values({ user_id: liked.id, post_id: id, created_at: minutesAgo(60 - index) })
        .execute();
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let t0 = 0;
    do {
      const page: { posts: { title: string }[]; cursor: string | null; t: number } = await fan.get(
        `/api/post/?likes=1&userId=${liked.id}&limit=4${cursor ? `&cursor=${cursor}&t=${t0}` : ''}`,
      );
      seen.push(...titles(page));
      cursor = page.cursor;
      t0 = page.t;
    } while (cursor);
    expect(seen).toEqual(['late arrival', 'page 4', 'page 3', 'page 2', 'page 1', 'page 0']);
  });

  test('limit defaults to 20 and stops at 50', async () => {
    const author = await createUser(db);
    for (let index = 0; index < 55; index++) await createPost(db, author.id, { media: 0 });
    const viewer = await actingAs(t, (await createUser(db)).id);
    expect((await viewer.get(`/api/post/?userId=${author.id}`)).posts).toHaveLength(20);
    expect((await viewer.get(`/api/post/?userId=${author.id}&limit=500`)).posts).toHaveLength(50);
  });

  test('a page costs the same number of queries whatever its size', async () => {
    const author = await createUser(db);
    for (let index = 0; index < 30; index++) {
      await createPost(db, author.id, { media: 2, tags: [`qc${index}`], jobs: [{ kind: 'transcode', state: 'done' }] });
    }
    const viewer = await createUser(db);
    const headers = await actingAs(t, viewer.id);
    const queriesFor = async (limit: number) => {
      const { result: body, queries } = await recordQueries(() => headers.get(`/api/post/?userId=${author.id}&limit=${limit}`));
      expect(body.posts).toHaveLength(limit);
      return queries.length;
    };
    const small = await queriesFor(2);
    const large = await queriesFor(30);
    expect(large).toBe(small);
    // The session lookup, the page's ids, their cards with media, tags and jobs, and the viewer's likes and follows.
    expect(small).toBe(4);
  });
});

describe('filters', () => {
  test('following, likes, playlist, tag and orientation', async () => {
    const [alice, bob, carol] = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    const bobPost = await createPost(db, bob.id, { title: 'bob straight', lgbt: 1, tags: ['fx-beach'] });
    const carolPost = await createPost(db, carol.id, { title: 'carol gay', lgbt: 2 });
    await db.insertInto('follows').values({ follower_id: alice.id, followee_id: bob.id }).execute();
    await db.insertInto('likes').values({ user_id: bob.id, post_id: carolPost }).execute();
    const { id: playlistId } = await db.insertInto('playlists').values({ name: 'mix' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('playlist_posts')
      .values([
        { playlist_id: playlistId, post_id: carolPost, position: 0 },
        { playlist_id: playlistId, post_id: bobPost, position: 1 },
      ])
      .execute();
    const tag = await db.selectFrom('tags').select('id').where('tag', '=', 'fx-beach').executeTakeFirstOrThrow();
    const me = await actingAs(t, alice.id);

    expect(titles(await me.get('/api/post/?following=1'))).toEqual(['bob straight']);
    expect((await t.get('/api/post/?following=1')).body.error).toBe('login_required');
    expect(titles(await me.get(`/api/post/?likes=1&userId=${bob.id}`))).toEqual(['carol gay']);
    expect(titles(await me.get(`/api/post/?playlistId=${playlistId}`))).toEqual(['carol gay', 'bob straight']);
    expect(titles(await me.get(`/api/post/?tagId=${tag.id}`))).toEqual(['bob straight']);
    const gay = titles(await me.get('/api/post/?lgbt=2&limit=50'));
    expect(gay).toContain('carol gay');
    expect(gay).not.toContain('bob straight');
  });

  test('a profile lists its pins first; pinsOnly lists only them', async () => {
    const author = await createUser(db);
    await createPost(db, author.id, { title: 'old pinned', pinned: true, publishedAt: minutesAgo(30) });
    await createPost(db, author.id, { title: 'new', publishedAt: minutesAgo(1) });
    await createPost(db, author.id, { title: 'middle', publishedAt: minutesAgo(10) });
    const viewer = await actingAs(t, (await createUser(db)).id);
    expect(titles(await viewer.get(`/api/post/?userId=${author.id}`))).toEqual(['old pinned', 'new', 'middle']);
    expect(titles(await viewer.get(`/api/post/?userId=${author.id}&pinsOnly=1`))).toEqual(['old pinned']);
  });
});
