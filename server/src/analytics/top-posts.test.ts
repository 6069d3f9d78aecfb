import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { CountersRepository } from '../posts/counters.repository.ts';
import { EngagementService } from '../posts/engagement.service.ts';
import { TagPreferencesRepository } from '../posts/tag-preferences.repository.ts';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { rollupAnalytics } from './analytics.jobs.ts';
import { TopPostsRepository } from './top-posts.repository.ts';
import { addDays, utcDay } from './utc-days.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;
const topPosts = new TopPostsRepository(db);

const NOW = Date.now();
const today = utcDay(NOW);

async function postDay(postId: number, ago: number, views: number, watchMs = 0) {
  await sql`INSERT INTO post_daily_stats (post_id, day, views, unique_viewers, watch_ms)
    VALUES (${postId}, ${addDays(today, -ago)}::date, ${views}, ${views}, ${watchMs})`.execute(db);
}

/** The stored ranking of each range ending today: [post id, views] pairs, most viewed first. */
async function storedRanking(userId: number) {
  const ranking: Record<number, number[][] | undefined> = {};
  for (const days of [7, 28, 90] as const) {
    const stored = await topPosts.stored(userId, days);
    expect(stored?.through ?? today).toBe(today);
    ranking[days] = stored?.posts.map((post) => [Number(post.id), post.views]);
  }
  return ranking;
}

const rowVersions = async (userId: number) =>
  (await sql<{ xmin: string }>`SELECT xmin::text FROM account_top_posts WHERE user_id = ${userId} ORDER BY days`.execute(db))
    .rows;

describe('stored top posts', () => {
  test('the scheduled rollup ranks the posts viewed today in every range; a re-run rewrites nothing', async () => {
    const creator = await createUser(db);
    const [first, second] = [await createPost(db, creator.id), await createPost(db, creator.id)];
    const engagement = new EngagementService(
      new CountersRepository(db, { views: 1000, shares: 1000 }),
      new TagPreferencesRepository(db),
      () => NOW,
    );
    const source = { page: 'feed', referrer: 'direct', country: 'DE' } as const;
    const view = (postId: number, key: string) => engagement.recordView(postId, { key, network: 'net:top' }, { source });
    await view(first, 'v:1');
    await view(first, 'v:2');
    await view(second, 'v:1');

    await rollupAnalytics(db, { rawEventDays: 35 }, {}, NOW);
    const expected = [
      [first, 2],
      [second, 1],
    ];
    expect(await storedRanking(creator.id)).toEqual({ 7: expected, 28: expected, 90: expected });
    const versions = await rowVersions(creator.id);
    expect(versions).toHaveLength(3);
    await rollupAnalytics(db, { rawEventDays: 35 }, {}, NOW);
    expect(await rowVersions(creator.id)).toEqual(versions);
  });

  test('ranges end today; deleted and others’ posts are left out; ten at most; nothing in 90 days keeps no rows', async () => {
    const creator = await createUser(db);
    const other = await createUser(db);
    const recent = await createPost(db, creator.id);
    const monthOld = await createPost(db, creator.id);
    const seasonOld = await createPost(db, creator.id);
    const gone = await createPost(db, creator.id, { deleted: true });
    const theirs = await createPost(db, other.id);
    await postDay(recent, 0, 3);
    await postDay(recent, 6, 4);
    await postDay(monthOld, 7, 50);
    await postDay(seasonOld, 28, 900);
    await postDay(seasonOld, 90, 5000);
    await postDay(gone, 1, 700);
    await postDay(theirs, 1, 800);
    const many: number[] = [];
    for (let index = 0; index < 11; index += 1) many.push(await createPost(db, creator.id));
    for (const [index, id] of many.entries()) await postDay(id, 40, 10 + index);

    const quiet = await createUser(db);
    await postDay(await createPost(db, quiet.id), 90, 5);
    await sql`INSERT INTO account_top_posts (user_id, days, through, posts) VALUES (${quiet.id}, 90, ${addDays(today, -1)}::date, '[]')`.execute(
      db,
    );

    expect(await topPosts.refreshCreators([creator.id, quiet.id], today)).toBe(2);
    const ranking = await storedRanking(creator.id);
    expect(ranking[7]).toEqual([[recent, 7]]);
    expect(ranking[28]).toEqual([
      [monthOld, 50],
      [recent, 7],
    ]);
    expect(ranking[90]).toEqual([
      [seasonOld, 900],
      [monthOld, 50],
      ...[...many]
        .reverse()
        .slice(0, 8)
        .map((id, index) => [id, 20 - index]),
    ]);
    expect((await topPosts.stored(quiet.id, 90)) ?? 'none').toBe('none');
  });

  test('a list whose range no longer ends today is refreshed by the next rollup, though its creator was idle', async () => {
    const creator = await createUser(db);
    const post = await createPost(db, creator.id);
    await postDay(post, 3, 9);
    await topPosts.refreshCreators([creator.id], addDays(today, -1));
    expect((await topPosts.stored(creator.id, 7))?.through).toBe(addDays(today, -1));

    await topPosts.refresh([today], today);
    const stored = await topPosts.stored(creator.id, 7);
    expect(stored?.through).toBe(today);
    expect(stored?.posts.map((p) => [Number(p.id), p.views])).toEqual([[post, 9]]);
  });

  test('the API answers the stored list when it ends today and lost no post, else ranks live', async () => {
    const creator = await createUser(db);
    const as = await actingAs(t, creator.id);
    const hit = await createPost(db, creator.id, { title: 'Hit' });
    const quiet = await createPost(db, creator.id, { title: 'Quiet' });
    await postDay(hit, 1, 40, 8000);
    await postDay(quiet, 2, 5);
    await topPosts.refreshCreators([creator.id], today);
    const live = [
      { id: hit, title: 'Hit', views: 40, watchMs: 8000, completionRate: 0, likes: 0, shares: 0 },
      { id: quiet, title: 'Quiet', views: 5, watchMs: 0, completionRate: 0, likes: 0, shares: 0 },
    ];
    expect((await as.get('/api/studio/analytics?days=7')).topPosts).toEqual(live);

    // The answer comes from the stored list: a figure changed in it shows.
    await sql`UPDATE account_top_posts SET posts = jsonb_set(posts, '{0,views}', '41') WHERE user_id = ${creator.id} AND days = 7`.execute(
      db,
    );
    expect((await as.get('/api/studio/analytics?days=7')).topPosts[0].views).toBe(41);

    // A list of yesterday's range is not today's: the ranking is computed from the daily rows.
    await sql`UPDATE account_top_posts SET through = through - 1 WHERE user_id = ${creator.id}`.execute(db);
    expect((await as.get('/api/studio/analytics?days=7')).topPosts).toEqual(live);

    // A post deleted since the last rollup leaves a place the stored list cannot fill.
    await topPosts.refreshCreators([creator.id], today);
    await db.updateTable('posts').set({ deleted_at: new Date() }).where('id', '=', hit).execute();
    expect((await as.get('/api/studio/analytics?days=7')).topPosts).toEqual([live[1]]);
  });
});
