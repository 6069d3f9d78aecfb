import { afterAll, describe, expect, test } from 'vitest';
import { actingAs, createPost, createUser, ensureTag } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { PostStatus } from './post-status.ts';
import { TagPreferencesRepository } from './tag-preferences.repository.ts';

// Every injected call comes from one address: its range may count them all here (caps: engagement-caps.test.ts).
const t = await testApp({
  env: {
    RATE_LIMIT_PER_MINUTE: '100000',
    DB_POOL_SIZE: '8',
    VISITOR_TOKENS_PER_ADDRESS: '1000',
    COUNTED_VIEWERS_PER_NETWORK: '1000',
    COUNTED_SHARERS_PER_NETWORK: '1000',
  },
});
afterAll(() => t.close());
const { db } = t.container.database;
const { engagement } = t.container.services.posts;

const viewer = (key: string) => ({ key, network: 'net:engagement-test' });
const countsOf = (id: number) =>
  db.selectFrom('posts').select(['views_count', 'completions', 'shares_count']).where('id', '=', id).executeTakeFirstOrThrow();

describe('views', () => {
  test('count once per viewer and window, completion once too', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    expect(await engagement.recordView(postId, viewer('v:one'))).toEqual({ counted: true, viewCount: 1 });
    expect(await engagement.recordView(postId, viewer('v:one'))).toEqual({ counted: false, viewCount: 1 });
    expect(await engagement.recordView(postId, viewer('v:one'), { completed: true })).toEqual({ counted: false, viewCount: 1 });
    await engagement.recordView(postId, viewer('v:one'), { completed: true });
    expect(await engagement.recordView(postId, viewer('u:2'), { completed: true })).toEqual({ counted: true, viewCount: 2 });
    expect(await countsOf(postId)).toMatchObject({ views_count: 2, completions: 2 });
  });

  test('a new window counts the same viewer again', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    await db
      .insertInto('post_views')
      .values({ post_id: postId, viewer_key: 'v:old', window_start: new Date(Date.now() - 7 * 3600_000) })
      .execute();
    expect((await engagement.recordView(postId, viewer('v:old'))).counted).toBe(true);
  });

  test('stay exact under 200 concurrent views from 80 viewers over HTTP', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    const viewers = await Promise.all(Array.from({ length: 40 }, () => createUser(db)));
    const clients = await Promise.all(viewers.map((viewer) => actingAs(t, viewer.id)));
    const anonymous = await Promise.all(
      Array.from({ length: 40 }, async () => (await t.post('/api/anonymous-login', {})).body.accessToken as string),
    );
    const calls = Array.from({ length: 200 }, (_, index) => {
      const who = index % 80;
      const completed = index % 3 === 0;
      if (who < 40) return (clients[who] as (typeof clients)[number]).post(`/api/post/view/${postId}`, { completed });
      return t
        .post(`/api/post/view/${postId}`, { completed }, { authorization: `Bearer ${anonymous[who - 40]}` })
        .then((response) => response.body);
    });
    const answers = await Promise.all(calls);
    expect(answers.every((answer) => answer.statusCode === 1)).toBe(true);
    expect(answers.filter((answer) => answer.counted)).toHaveLength(80);
    const rows = await db.selectFrom('post_views').select(['viewer_key', 'completed']).where('post_id', '=', postId).execute();
    expect(rows).toHaveLength(80);
    const counts = await countsOf(postId);
    expect(counts.views_count).toBe(80);
    expect(counts.completions).toBe(rows.filter((row) => row.completed).length);
  });

  test('hidden posts are not counted', async () => {
    const hidden = await createPost(db, (await createUser(db)).id, { status: PostStatus.private });
    expect((await t.post(`/api/post/view/${hidden}`, {})).body.error).toBe('not_found');
    expect((await t.post('/api/post/view/abc', {})).body.error).toBe('invalid_input');
  });
});

describe('shares', () => {
  test('count once per viewer and day whatever the platform; unknown platforms are refused', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    const me = await actingAs(t, (await createUser(db)).id);
    expect(await me.post(`/api/post/share/${postId}`, { platform: 'link' })).toEqual({
      statusCode: 1,
      counted: true,
      shareCount: 1,
    });
    expect((await me.post(`/api/post/share/${postId}`, { platform: 'link' })).counted).toBe(false);
    expect(await me.post(`/api/post/share/${postId}`, { platform: 'reddit' })).toMatchObject({ counted: false, shareCount: 1 });
    expect((await me.post(`/api/post/share/${postId}`, { platform: 'myspace' })).error).toBe('invalid_input');
    expect((await t.post(`/api/post/share/${postId}`, {})).body).toMatchObject({ counted: true, shareCount: 2 });
    expect((await countsOf(postId)).shares_count).toBe(2);
    expect((await t.get(`/api/post/${postId}`)).body.post.shareCount).toBe(2);
    const logged = await db.selectFrom('share_events').select('platform').where('target_id', '=', postId).execute();
    expect(logged.map((row) => row.platform).sort()).toEqual(['link', 'link', 'reddit']);
  });
});

describe('tag preference (spec §4)', () => {
  test('+3 on save, 4 initially, others ÷1.5, dropped at 1 or less, top 3 used', async () => {
    const preferences = new TagPreferencesRepository(db);
    const [a, b, c, d] = await Promise.all(['pa', 'pb', 'pc', 'pd'].map((tag) => ensureTag(db, tag)));
    const key = 'v:prefs';
    const scores = async () =>
      Object.fromEntries(
        (await db.selectFrom('tag_preferences').select(['tag_id', 'score']).where('viewer_key', '=', key).execute()).map(
          (row) => [row.tag_id, Number(row.score.toFixed(3))],
        ),
      );
    await preferences.save(key, [a as number]);
    expect(await scores()).toEqual({ [a as number]: 4 });
    await preferences.save(key, [b as number]);
    expect(await scores()).toEqual({ [a as number]: 2.667, [b as number]: 4 });
    await preferences.save(key, [b as number]);
    await preferences.save(key, [b as number, c as number]);
    expect(await scores()).toEqual({ [a as number]: 1.185, [b as number]: 10, [c as number]: 4 });
    await preferences.save(key, [d as number]);
    expect(await scores()).toEqual({ [b as number]: 6.667, [c as number]: 2.667, [d as number]: 4 });
    expect((await preferences.top(key)).map((row) => row.tagId)).toEqual([b, d, c]);
  });

  test('a like and a completed view save the post tags for that viewer', async () => {
    const postId = await createPost(db, (await createUser(db)).id, { tags: ['liked_tag'] });
    const fan = await createUser(db);
    await (await actingAs(t, fan.id)).post(`/api/post/like/${postId}`);
    await engagement.recordView(postId, viewer('v:watcher'), { completed: true });
    const rows = await db
      .selectFrom('tag_preferences')
      .select(['viewer_key', 'score'])
      .where('viewer_key', 'in', [`u:${fan.id}`, 'v:watcher'])
      .execute();
    expect(rows.map((row) => [row.viewer_key, row.score]).sort()).toEqual([
      [`u:${fan.id}`, 4],
      ['v:watcher', 4],
    ]);
  });
});
