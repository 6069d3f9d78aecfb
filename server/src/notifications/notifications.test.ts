import { afterAll, describe, expect, test } from 'vitest';
import { startWorker } from '../jobs/worker.ts';
import { PostStatus } from '../posts/post-status.ts';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { fanOutPostCreated } from './post-created.job.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', EVENT_BUS: 'memory' } });
afterAll(() => t.close());
const { db } = t.container.database;

const as = async (userId: number) => actingAs(t, userId);

describe('follows', () => {
  test('a follow notifies with the spec fields; a repeated follow replaces the unread one', async () => {
    const star = await createUser(db, { displayName: 'Star' });
    const fan = await createUser(db);
    await (await as(fan.id)).post('/api/user/follow', { userId: star.id });
    await (await as(fan.id)).delete('/api/user/follow', { userId: star.id });
    await (await as(fan.id)).post('/api/user/follow', { userId: star.id });
    const answer = await (await as(star.id)).get('/api/notification/follow');
    expect(answer.statusCode).toBe(2);
    expect(answer.notifications).toHaveLength(1);
    const [notification] = answer.notifications;
    expect(notification).toMatchObject({
      type: 'user-follow',
      readDate: null,
      isNew: true,
      minOld: 0,
      user: { id: fan.id, username: fan.username },
      users: [{ id: fan.id }],
      post: null,
    });
    expect(Date.parse(notification.createdDate)).toBeGreaterThan(Date.now() - 60_000);
    expect(answer.canLoadMore).toBe(false);
  });

  test('nFollow off: no follow notifications', async () => {
    const quiet = await createUser(db);
    await db
      .updateTable('users')
      .set({ fe_preference: JSON.stringify({ nFollow: false, nLike: true, nCreate: true, nUpdate: true }) })
      .where('id', '=', quiet.id)
      .execute();
    await (await as((await createUser(db)).id)).post('/api/user/follow', { userId: quiet.id });
    expect((await (await as(quiet.id)).get('/api/notification/follow')).notifications).toEqual([]);
  });
});

describe('likes', () => {
  test('likes on the same post are grouped while unread; after reading, a like starts a new one', async () => {
    const author = await createUser(db);
    const postId = await createPost(db, author.id, { title: 'Grouped' });
    const fans = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    for (const fan of fans) await (await as(fan.id)).post(`/api/post/like/${postId}`);
    await (await as(fans[0].id)).post(`/api/post/like/${postId}`);
    const me = await as(author.id);
    let list = (await me.get('/api/notification/post-like')).notifications;
    expect(list).toHaveLength(1);
    expect(list[0].users.map((user: { id: number }) => user.id)).toEqual([fans[2].id, fans[1].id, fans[0].id]);
    expect(list[0]).toMatchObject({ usersCount: 3, user: { id: fans[2].id }, post: { id: postId, title: 'Grouped' } });
    expect(list[0].post.media[0]).toMatchObject({ mimeType: 'video/mp4', status: 10 });
    expect(list[0].post.path).toBe(`/video?id=${postId}&title=grouped`);

    await (await as(fans[1].id)).delete(`/api/post/like/${postId}`);
    list = (await me.get('/api/notification/post-like')).notifications;
    expect(list[0]).toMatchObject({ usersCount: 2 });

    await t.container.services.notifications.markRead(author.id, 'post-like');
    await (await as(fans[1].id)).post(`/api/post/like/${postId}`);
    list = (await me.get('/api/notification/post-like')).notifications;
    expect(list.map((item: { isNew: boolean; usersCount: number }) => [item.isNew, item.usersCount])).toEqual([
      [true, 1],
      [false, 2],
    ]);
  });

  test('liking your own post notifies nobody; nLike off is respected', async () => {
    const author = await createUser(db);
    const postId = await createPost(db, author.id);
    await (await as(author.id)).post(`/api/post/like/${postId}`);
    expect((await (await as(author.id)).get('/api/notification/post-like')).notifications).toEqual([]);
    await db
      .updateTable('users')
      .set({ fe_preference: JSON.stringify({ nFollow: true, nLike: false, nCreate: true, nUpdate: true }) })
      .where('id', '=', author.id)
      .execute();
    await (await as((await createUser(db)).id)).post(`/api/post/like/${postId}`);
    expect((await (await as(author.id)).get('/api/notification/post-like')).notifications).toEqual([]);
  });

  test('notifications of deleted posts, and of users banned or gone, disappear', async () => {
    const author = await createUser(db);
    const kept = await createPost(db, author.id, { title: 'kept' });
    const doomed = await createPost(db, author.id, { title: 'doomed' });
    const banned = await createUser(db);
    const leaving = await createUser(db);
    const fan = await createUser(db);
    await (await as(fan.id)).post(`/api/post/like/${kept}`);
    await (await as(fan.id)).post(`/api/post/like/${doomed}`);
    for (const user of [banned, leaving]) await (await as(user.id)).post('/api/user/follow', { userId: author.id });
    await (await as(author.id)).delete(`/api/post/${doomed}`);
    await db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', banned.id).execute();
    await db.deleteFrom('users').where('id', '=', leaving.id).execute();
    const me = await as(author.id);
    const likes = (await me.get('/api/notification/post-like')).notifications;
    expect(likes.map((item: { post: { title: string } }) => item.post.title)).toEqual(['kept']);
    expect((await me.get('/api/notification/follow')).notifications).toEqual([]);
    expect(await t.container.services.notifications.unreadCounts(author.id)).toEqual({ 'post-like': 1 });
  });
});

describe('new posts and imports', () => {
  test('a published post reaches every follower who wants it, once, however often the job runs', async () => {
    const author = await createUser(db);
    const followers = await Promise.all(Array.from({ length: 5 }, () => createUser(db)));
    const [first, , , , last] = followers as [(typeof followers)[0], unknown, unknown, unknown, (typeof followers)[0]];
    for (const follower of followers) await (await as(follower.id)).post('/api/user/follow', { userId: author.id });
    await db
      .updateTable('users')
      .set({ fe_preference: JSON.stringify({ nFollow: true, nLike: true, nCreate: false, nUpdate: true }) })
      .where('id', '=', last.id)
      .execute();
    const postId = await createPost(db, author.id, { title: 'Brand new' });
    const delivered: unknown[] = [];
    const stop = t.container.events.subscribe((event) => delivered.push(event));
    expect(await fanOutPostCreated(db, t.container.events, postId)).toBe(4);
    expect(await fanOutPostCreated(db, t.container.events, postId)).toBe(0);
    await expect.poll(() => delivered.length).toBe(1);
    stop();
    expect(delivered[0]).toMatchObject({
      type: 'notification-batch',
      notification: { type: 'post-created', user: { id: author.id } },
    });
    const seen = (await (await as(first.id)).get('/api/notification/post-created')).notifications;
    expect(seen).toMatchObject([{ type: 'post-created', post: { id: postId, title: 'Brand new' }, user: { id: author.id } }]);
    expect((await (await as(last.id)).get('/api/notification/post-created')).notifications).toEqual([]);
  });

  test('postPublished enqueues the fan-out, and the worker runs it', async () => {
    const author = await createUser(db);
    const follower = await createUser(db);
    await (await as(follower.id)).post('/api/user/follow', { userId: author.id });
    const postId = await createPost(db, author.id, { title: 'Through the worker' });
    await t.container.services.notifications.postPublished(postId);
    await t.container.services.notifications.postPublished(postId);
    const worker = await startWorker(t.container.database.pool, { db, events: t.container.events }, 1, t.container.log);
    try {
      await expect
        .poll(async () => (await (await as(follower.id)).get('/api/notification/post-created')).notifications.length, {
          timeout: 10_000,
        })
        .toBe(1);
    } finally {
      await worker.stop();
    }
  });

  test('an unpublished post is announced to nobody', async () => {
    const author = await createUser(db);
    await (await as((await createUser(db)).id)).post('/api/user/follow', { userId: author.id });
    const draft = await createPost(db, author.id, { status: PostStatus.processing });
    expect(await fanOutPostCreated(db, undefined, draft)).toBe(0);
  });

  test('a finished import is listed under /scraper-job', async () => {
    const user = await createUser(db);
    // notifications.scraper_job_id references a real import (migration 0005).
    const job = await db
      .insertInto('scraper_jobs')
      .values({ user_id: user.id, source_url: 'https://media.example/clip.mp4' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.container.services.notifications.scraperDone(user.id, job.id);
    const list = (await (await as(user.id)).get('/api/notification/scraper-job')).notifications;
    expect(list).toMatchObject([{ type: 'scraper-done', scraperJob: { id: job.id }, user: null, isNew: true }]);
  });
});

describe('the lists', () => {
  test('30 a page; offset and cursor page the same way', async () => {
    const author = await createUser(db);
    const postIds = [];
    for (let index = 0; index < 33; index++) postIds.push(await createPost(db, author.id));
    const fan = await as((await createUser(db)).id);
    for (const postId of postIds) await fan.post(`/api/post/like/${postId}`);
    const me = await as(author.id);
    const first = await me.get('/api/notification/post-like');
    expect(first.notifications).toHaveLength(30);
    expect(first.canLoadMore).toBe(true);
    const byOffset = await me.get('/api/notification/post-like?offset=30');
    const byCursor = await me.get(`/api/notification/post-like?cursor=${first.cursor}`);
    expect(byOffset.notifications.map((item: { id: number }) => item.id)).toEqual(
      byCursor.notifications.map((item: { id: number }) => item.id),
    );
    expect(byCursor.notifications).toHaveLength(3);
    expect(byCursor.canLoadMore).toBe(false);
  });

  test('only for logged-in users; bad input is refused with the envelope', async () => {
    expect((await t.get('/api/notification/follow')).body.error).toBe('login_required');
    const me = await as((await createUser(db)).id);
    expect((await me.get('/api/notification/unknown')).error).toBe('invalid_input');
    expect((await me.get('/api/notification/follow?limit=31')).error).toBe('invalid_input');
    expect((await me.get('/api/notification/follow?cursor=bm9wZQ')).error).toBe('invalid_input');
  });
});
