import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { createLogger } from '../logger.ts';
import { PostgresEventBus } from '../realtime/postgres-bus.ts';
import { actingAs, createPost, createUser, ensureTag } from '../test/fixtures.ts';
import { recordQueries } from '../test/query-recorder.ts';
import { testApp } from '../test/test-app.ts';
import { CardCache } from './card-cache.ts';
import { PostFeedRepository } from './post-feed.repository.ts';
import { PostStatus } from './post-status.ts';

// Kept cards on, as in production: they follow changes through the PostgreSQL bus (migration 0039). Their
// lifetime is long here, so a card that shows a change shows it because the change was announced.
const t = await testApp({
  env: { RATE_LIMIT_PER_MINUTE: '100000', EVENT_BUS: 'postgres', CARD_CACHE_ENTRIES: '1000', CARD_CACHE_SECONDS: '600' },
});
const { db } = t.container.database;
await (t.container.events as PostgresEventBus).listen();

// A second node on the same database: its own listener, its own cache.
const otherBus = new PostgresEventBus(t.container.database.pool, t.database.url, createLogger('silent'));
const otherCache = new CardCache({ maxEntries: 1000, ttlMs: 600_000 });
otherBus.subscribe((event) => otherCache.apply(event));
await otherBus.listen();
const otherNode = new PostFeedRepository(db, { cache: otherCache });
afterAll(async () => {
  await otherBus.close();
  await t.close();
});

/** Within this long of a commit, every node shows the change (a NOTIFY round trip, with room for a busy machine). */
const FRESH_WITHIN = { timeout: 3_000, interval: 25 };

async function profileOf(authorId: number, viewerId: number) {
  const viewer = await actingAs(t, viewerId);
  return async () => {
    const { posts } = await viewer.get(`/api/post/?userId=${authorId}&latest=1`);
    return posts[0];
  };
}

describe('kept cards', () => {
  test('follow every change of what a card shows, on this node and another', async () => {
    const author = await createUser(db, { displayName: 'Before' });
    const liker = await createUser(db);
    const postId = await createPost(db, author.id, {
      title: 'Old title',
      tags: ['first'],
      jobs: [{ kind: 'transcode', state: 'started' }],
    });
    const read = await profileOf(author.id, (await createUser(db)).id);
    const elsewhere = async () => (await otherNode.publicCards([postId], undefined))[0];
    expect((await read()).title).toBe('Old title');
    expect((await elsewhere())?.title).toBe('Old title');

    const changes: [string, () => Promise<unknown>, (card: Awaited<ReturnType<typeof read>>) => unknown, unknown][] = [
      [
        'title',
        () => db.updateTable('posts').set({ title: 'New title' }).where('id', '=', postId).execute(),
        (c) => c?.title,
        'New title',
      ],
      ['likes', async () => (await actingAs(t, liker.id)).post(`/api/post/like/${postId}`), (c) => c?.likesCount, 1],
      [
        'author',
        () => db.updateTable('users').set({ display_name: 'After' }).where('id', '=', author.id).execute(),
        (c) => c?.user.displayName,
        'After',
      ],
      [
        'tags',
        async () =>
          db
            .insertInto('post_tags')
            .values({ post_id: postId, tag_id: await ensureTag(db, 'second'), position: 1 })
            .execute(),
        (c) => c?.tags.map((tag: { tag: string }) => tag.tag),
        ['first', 'second'],
      ],
      [
        'jobs',
        () => db.updateTable('post_jobs').set({ state: 'done' }).where('post_id', '=', postId).execute(),
        (c) => c?.jobs[0]?.state,
        'done',
      ],
      [
        'media',
        () =>
          db
            .updateTable('media_files')
            .set({
              variants: sql`variants || '{"poster-webp": {"key": "media/renamed/poster.webp", "size": 1, "mime": "image/webp"}}'::jsonb`,
            })
            .where('post_id', '=', postId)
            .execute(),
        (c) => c?.media[0]?.variants['poster-webp'],
        '/media/renamed/poster.webp',
      ],
    ];
    for (const [what, change, shown, expected] of changes) {
      await change();
      await expect.poll(async () => shown(await read()), { ...FRESH_WITHIN, message: `${what} on this node` }).toEqual(expected);
      await expect
        .poll(async () => shown(await elsewhere()), { ...FRESH_WITHIN, message: `${what} on another node` })
        .toEqual(expected);
    }
  });

  test('leave the public lists when a post or its author stops being public', async () => {
    const author = await createUser(db);
    const [hidden, kept] = [await createPost(db, author.id), await createPost(db, author.id)];
    expect((await otherNode.publicCards([hidden, kept], undefined)).map((card) => card.id)).toEqual([hidden, kept]);

    await db.updateTable('posts').set({ status: PostStatus.private }).where('id', '=', hidden).execute();
    await expect
      .poll(async () => (await otherNode.publicCards([hidden, kept], undefined)).map((card) => card.id), FRESH_WITHIN)
      .toEqual([kept]);

    await db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', author.id).execute();
    await expect.poll(async () => (await otherNode.publicCards([hidden, kept], undefined)).length, FRESH_WITHIN).toBe(0);
  });

  test('are gone with a deleted post', async () => {
    const author = await createUser(db);
    const postId = await createPost(db, author.id);
    expect(await otherNode.publicCards([postId], undefined)).toHaveLength(1);
    await db.deleteFrom('posts').where('id', '=', postId).execute();
    await expect.poll(async () => (await otherNode.publicCards([postId], undefined)).length, FRESH_WITHIN).toBe(0);
  });

  test('show a view count at most the cache lifetime late (views announce nothing)', async () => {
    const lifetimeMs = 1_500;
    const shortLived = new PostFeedRepository(db, { cache: new CardCache({ maxEntries: 100, ttlMs: lifetimeMs }) });
    const postId = await createPost(db, (await createUser(db)).id);
    const viewCount = async () => (await shortLived.publicCards([postId], undefined))[0]?.viewCount;
    expect(await viewCount()).toBe(0);
    const changedAt = Date.now();
    await db.updateTable('posts').set({ views_count: 41 }).where('id', '=', postId).execute();
    // Served from memory: the count is the kept one until the card's lifetime ends.
    expect(await viewCount()).toBe(0);
    await expect.poll(viewCount, { timeout: lifetimeMs + 2_000, interval: 100 }).toBe(41);
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(lifetimeMs - 100);
  });

  test("a page of kept cards costs its id query and the viewer's own probe", async () => {
    const author = await createUser(db);
    for (let index = 0; index < 5; index++) await createPost(db, author.id);
    const viewer = await actingAs(t, (await createUser(db)).id);
    const url = `/api/post/?userId=${author.id}&latest=1`;
    expect((await viewer.get(url)).posts).toHaveLength(5);
    // The session lookup, the page's ids and the viewer's likes and follows: no card is read again (once
    // the posts' own creation has been announced, which drops what the first page kept).
    await expect.poll(async () => (await recordQueries(() => viewer.get(url))).queries.length, FRESH_WITHIN).toBe(3);
  });

  test("never share one viewer's likes and follows with another", async () => {
    const author = await createUser(db);
    const postId = await createPost(db, author.id);
    const [fan, stranger] = [await createUser(db), await createUser(db)];
    await db.insertInto('likes').values({ user_id: fan.id, post_id: postId }).execute();
    await db.insertInto('follows').values({ follower_id: fan.id, followee_id: author.id }).execute();
    const asFan = await profileOf(author.id, fan.id);
    const asStranger = await profileOf(author.id, stranger.id);
    for (const read of [asFan, asStranger, asFan, asStranger]) await read();
    expect(await asFan()).toMatchObject({ likeByUser: true, user: { iFollowUser: true } });
    expect(await asStranger()).toMatchObject({ likeByUser: false, user: { iFollowUser: false } });
    expect((await t.get(`/api/post/${postId}`)).body.post).toMatchObject({ likeByUser: false, user: { iFollowUser: false } });
  });
});
