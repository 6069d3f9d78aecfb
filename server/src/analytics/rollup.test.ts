import { afterAll, describe, expect, test } from 'vitest';
import { CountersRepository } from '../posts/counters.repository.ts';
import { EngagementService } from '../posts/engagement.service.ts';
import { TagPreferencesRepository } from '../posts/tag-preferences.repository.ts';
import { createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { purgeRawEvents, rollupAnalytics } from './analytics.jobs.ts';
import { addDays, dayBounds, utcDay } from './utc-days.ts';
import type { ViewSource } from './view-source.ts';
import { WatchProgressRepository } from './watch-progress.repository.ts';
import { WatchProgressService } from './watch-progress.service.ts';

const t = await testApp({ env: { DB_POOL_SIZE: '6' } });
afterAll(() => t.close());
const { db } = t.container.database;

const NOW = Date.now();
const today = utcDay(NOW);
const yesterday = addDays(today, -1);
const kept = { rawEventDays: 35 };
/** An instant of `day` at `hour` UTC. */
const at = (day: string, hour: number) => dayBounds(day).start.getTime() + hour * 3600_000;

let clock = NOW;
const engagement = new EngagementService(
  new CountersRepository(db, { views: 1000, shares: 1000 }),
  new TagPreferencesRepository(db),
  () => clock,
);
const progress = new WatchProgressService(new WatchProgressRepository(db), () => clock);

async function view(postId: number, viewerKey: string, when: number, source: ViewSource) {
  clock = when;
  await engagement.recordView(postId, { key: viewerKey, network: 'net:rollup' }, { source });
}

const share = (postId: number, viewerKey: string, platform: string, when: number) =>
  db
    .insertInto('share_events')
    .values({
      target_kind: 'post',
      target_id: postId,
      platform,
      viewer_key: viewerKey,
      created_at: new Date(when),
      window_start: dayBounds(utcDay(when)).start,
    })
    .execute();

const postStats = (postId: number) =>
  db.selectFrom('post_daily_stats').selectAll().where('post_id', '=', postId).orderBy('day').execute();
const accountStats = (userId: number) =>
  db.selectFrom('account_daily_stats').selectAll().where('user_id', '=', userId).orderBy('day').execute();
const breakdownOf = async (table: 'post_daily_breakdown' | 'account_daily_breakdown', id: number, day: string) => {
  const rows =
    table === 'post_daily_breakdown'
      ? await db.selectFrom(table).selectAll().where('post_id', '=', id).where('day', '=', day).execute()
      : await db.selectFrom(table).selectAll().where('user_id', '=', id).where('day', '=', day).execute();
  return Object.fromEntries(rows.map((row) => [`${row.dimension}:${row.key}`, row.count]));
};
const everything = async (userId: number, postIds: number[]) => ({
  posts: await Promise.all(postIds.map(postStats)),
  account: await accountStats(userId),
  postBreakdown: await db
    .selectFrom('post_daily_breakdown')
    .selectAll()
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('day')
    .orderBy('dimension')
    .orderBy('key')
    .execute(),
  accountBreakdown: await db
    .selectFrom('account_daily_breakdown')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('day')
    .orderBy('dimension')
    .orderBy('key')
    .execute(),
});

describe('rollup', () => {
  test('events in, aggregates out; a re-run gives the same rows, and a change of the raw rows follows', async () => {
    const creator = await createUser(db);
    const fans = [await createUser(db), await createUser(db)];
    const postA = await createPost(db, creator.id);
    const postB = await createPost(db, creator.id);
    await view(postA, 'v:1', at(yesterday, 10), { page: 'feed', referrer: 'reddit.com', country: 'DE' });
    clock += 5000;
    await progress.report(postA, 'v:1', { watchedMs: 5000, completed: true });
    await view(postA, 'v:2', at(yesterday, 10), { page: 'search', referrer: 'direct', country: 'unknown' });
    await view(postA, `u:${fans[0]?.id}`, at(yesterday, 11), { page: 'feed', referrer: 'direct', country: 'DE' });
    // Another 6-hour window: v:1 is counted again, but is still one unique viewer.
    await view(postA, 'v:1', at(yesterday, 16), { page: 'profile', referrer: 'direct', country: 'DE' });
    await view(postB, 'v:1', at(yesterday, 10), { page: 'tag', referrer: 'reddit.com', country: 'DE' });
    await db
      .insertInto('likes')
      .values({ user_id: fans[0]?.id ?? 0, post_id: postA, created_at: new Date(at(yesterday, 12)) })
      .execute();
    await share(postA, 'v:1', 'twitter', at(yesterday, 12));
    await share(postA, 'v:1', 'link', at(yesterday, 12));
    await share(postA, 'v:2', 'whatsapp', at(yesterday, 13));
    await db
      .insertInto('follow_events')
      .values([
        { followee_id: creator.id, follower_id: fans[0]?.id ?? 0, kind: 'gained', created_at: new Date(at(yesterday, 9)) },
        { followee_id: creator.id, follower_id: fans[1]?.id ?? 0, kind: 'gained', created_at: new Date(at(yesterday, 9)) },
        { followee_id: creator.id, follower_id: fans[1]?.id ?? 0, kind: 'lost', created_at: new Date(at(yesterday, 20)) },
      ])
      .execute();

    expect(await rollupAnalytics(db, kept, {}, NOW)).toEqual(expect.arrayContaining([yesterday, today]));

    const totals = { day: yesterday, views: 4, unique_viewers: 3, watch_ms: 5000, completions: 1, likes: 1, shares: 2 };
    expect(await postStats(postA)).toEqual([{ post_id: postA, ...totals }]);
    expect(await postStats(postB)).toEqual([
      { post_id: postB, day: yesterday, views: 1, unique_viewers: 1, watch_ms: 0, completions: 0, likes: 0, shares: 0 },
    ]);
    expect(await accountStats(creator.id)).toEqual([
      { user_id: creator.id, ...totals, views: 5, followers_gained: 2, followers_lost: 1 },
    ]);
    expect(await breakdownOf('post_daily_breakdown', postA, yesterday)).toEqual({
      'country:DE': 3,
      'country:unknown': 1,
      'referrer:reddit.com': 1,
      'referrer:direct': 3,
      'page:feed': 2,
      'page:search': 1,
      'page:profile': 1,
      'share_platform:twitter': 1,
      'share_platform:link': 1,
      'share_platform:whatsapp': 1,
    });
    expect(await breakdownOf('account_daily_breakdown', creator.id, yesterday)).toEqual({
      'country:DE': 4,
      'country:unknown': 1,
      'referrer:reddit.com': 2,
      'referrer:direct': 3,
      'page:feed': 2,
      'page:search': 1,
      'page:profile': 1,
      'page:tag': 1,
      'share_platform:twitter': 1,
      'share_platform:link': 1,
      'share_platform:whatsapp': 1,
    });

    const before = await everything(creator.id, [postA, postB]);
    await rollupAnalytics(db, kept, {}, NOW);
    await rollupAnalytics(db, kept, { from: yesterday, to: yesterday }, NOW);
    expect(await everything(creator.id, [postA, postB])).toEqual(before);

    await db.deleteFrom('view_events').where('post_id', '=', postB).execute();
    await db.deleteFrom('likes').where('post_id', '=', postA).execute();
    await rollupAnalytics(db, kept, { from: yesterday }, NOW);
    expect(await postStats(postB)).toEqual([]);
    expect(await postStats(postA)).toMatchObject([{ views: 4, likes: 0 }]);
    expect(await breakdownOf('account_daily_breakdown', creator.id, yesterday)).not.toHaveProperty('page:tag');
  });

  test('a late event marks its day, which the next scheduled run rebuilds; so is every day since the last run', async () => {
    const creator = await createUser(db);
    const postId = await createPost(db, creator.id);
    const fiveDaysAgo = addDays(today, -5);
    await view(postId, 'v:late', at(fiveDaysAgo, 8), { page: 'embed', referrer: 'blog.example', country: 'NL' });
    const marks = async () =>
      (await db.selectFrom('analytics_stale_days').select('day').orderBy('day').execute()).map((row) => row.day);
    expect(await marks()).toContain(fiveDaysAgo);

    const rebuilt = await rollupAnalytics(db, kept, {}, NOW);
    expect(rebuilt[0]).toBe(fiveDaysAgo);
    expect(rebuilt.at(-1)).toBe(today);
    expect(await postStats(postId)).toMatchObject([{ day: fiveDaysAgo, views: 1, unique_viewers: 1 }]);
    expect(await breakdownOf('post_daily_breakdown', postId, fiveDaysAgo)).toMatchObject({ 'page:embed': 1, 'country:NL': 1 });
    // Only today stays marked: it is not over yet.
    expect(await marks()).toEqual([today]);

    // A worker that last ran three days ago left that day marked: the next run catches up on every day since.
    const threeDaysAgo = addDays(today, -3);
    await rollupAnalytics(db, kept, {}, at(threeDaysAgo, 12));
    expect(await marks()).toContain(threeDaysAgo);
    expect(await rollupAnalytics(db, kept, {}, NOW)).toEqual([threeDaysAgo, addDays(today, -2), yesterday, today]);
    expect(await marks()).toEqual([today]);
  });

  test('a range outside the kept raw events is cut to them, and a bad day is refused', async () => {
    const threeDays = { rawEventDays: 3 };
    expect(await rollupAnalytics(db, threeDays, { from: addDays(today, -10) }, NOW)).toEqual([
      addDays(today, -2),
      yesterday,
      today,
    ]);
    expect(await rollupAnalytics(db, kept, { from: today, to: yesterday }, NOW)).toEqual([]);
    await expect(rollupAnalytics(db, kept, { from: '2026-02-30' }, NOW)).rejects.toThrow(/not a day/);
  });
});

describe('retention', () => {
  test('deletes raw events of days no longer kept, in batches; keeps the recent ones and every aggregate', async () => {
    const creator = await createUser(db);
    const fan = await createUser(db);
    const postId = await createPost(db, creator.id);
    const old = addDays(today, -4);
    for (const viewer of ['v:a', 'v:b', 'v:c', 'v:d', 'v:e']) {
      await view(postId, viewer, at(old, 12), { page: 'feed', referrer: 'direct', country: 'unknown' });
    }
    await view(postId, 'v:recent', at(addDays(today, -2), 12), { page: 'feed', referrer: 'direct', country: 'unknown' });
    await db
      .insertInto('follow_events')
      .values([
        { followee_id: creator.id, follower_id: fan.id, kind: 'gained', created_at: new Date(at(old, 12)) },
        { followee_id: creator.id, follower_id: fan.id, kind: 'lost', created_at: new Date(at(yesterday, 12)) },
      ])
      .execute();
    await rollupAnalytics(db, kept, { from: old }, NOW);
    const aggregates = await everything(creator.id, [postId]);
    expect(aggregates.posts[0]).toHaveLength(2);

    const threeDays = { rawEventDays: 3 };
    expect(await purgeRawEvents(db, threeDays, NOW, 2)).toBeGreaterThanOrEqual(6);
    const views = await db.selectFrom('view_events').select('viewer_key').where('post_id', '=', postId).execute();
    expect(views.map((row) => row.viewer_key)).toEqual(['v:recent']);
    const follows = await db.selectFrom('follow_events').select('kind').where('followee_id', '=', creator.id).execute();
    expect(follows.map((row) => row.kind)).toEqual(['lost']);
    expect(await everything(creator.id, [postId])).toEqual(aggregates);
    expect(
      await db
        .selectFrom('view_events')
        .select('post_id')
        .where('viewed_at', '<', dayBounds(addDays(today, -2)).start)
        .execute(),
    ).toEqual([]);

    // The scheduled rollup leaves days without raw events alone.
    await rollupAnalytics(db, threeDays, {}, NOW);
    expect(await postStats(postId)).toEqual(aggregates.posts[0]);
  });
});
