import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { periodsOf } from './analytics-periods.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;

/** The UTC day `ago` days before today, as the API writes days. */
const dayAgo = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

interface Figures {
  views?: number;
  unique?: number;
  watchMs?: number;
  completions?: number;
  likes?: number;
  shares?: number;
}

async function accountDay(userId: number, ago: number, f: Figures & { gained?: number; lost?: number }) {
  await sql`INSERT INTO account_daily_stats (user_id, day, views, unique_viewers, watch_ms, completions, likes, shares, followers_gained, followers_lost)
    VALUES (${userId}, ${dayAgo(ago)}::date, ${f.views ?? 0}, ${f.unique ?? 0}, ${f.watchMs ?? 0}, ${f.completions ?? 0},
            ${f.likes ?? 0}, ${f.shares ?? 0}, ${f.gained ?? 0}, ${f.lost ?? 0})`.execute(db);
}

async function postDay(postId: number, ago: number, f: Figures) {
  await sql`INSERT INTO post_daily_stats (post_id, day, views, unique_viewers, watch_ms, completions, likes, shares)
    VALUES (${postId}, ${dayAgo(ago)}::date, ${f.views ?? 0}, ${f.unique ?? 0}, ${f.watchMs ?? 0}, ${f.completions ?? 0},
            ${f.likes ?? 0}, ${f.shares ?? 0})`.execute(db);
}

async function breakdown(table: 'account' | 'post', id: number, ago: number, dimension: string, counts: Record<string, number>) {
  for (const [key, count] of Object.entries(counts)) {
    if (table === 'account') {
      await sql`INSERT INTO account_daily_breakdown (user_id, day, dimension, key, count)
        VALUES (${id}, ${dayAgo(ago)}::date, ${dimension}, ${key}, ${count})`.execute(db);
    } else {
      await sql`INSERT INTO post_daily_breakdown (post_id, day, dimension, key, count)
        VALUES (${id}, ${dayAgo(ago)}::date, ${dimension}, ${key}, ${count})`.execute(db);
    }
  }
}

async function creator() {
  const user = await createUser(db);
  return { user, as: await actingAs(t, user.id) };
}

describe('GET /api/studio/analytics', () => {
  test('every day of the range is present, zeros filled; totals and the previous period come from the rows', async () => {
    const { user, as } = await creator();
    await accountDay(user.id, 0, {
      views: 10,
      unique: 8,
      watchMs: 50_000,
      completions: 4,
      likes: 3,
      shares: 1,
      gained: 2,
      lost: 1,
    });
    await accountDay(user.id, 3, { views: 30, unique: 20, watchMs: 70_000, completions: 6, likes: 2, gained: 5 });
    await accountDay(user.id, 9, { views: 100, completions: 50, lost: 4 });
    await accountDay(user.id, 40, { views: 999 });

    const answer = await as.get('/api/studio/analytics?days=7');
    expect(answer.statusCode).toBe(2);
    expect(answer.period).toEqual({ days: 7, from: dayAgo(6), to: dayAgo(0) });
    expect(answer.series.map((day: { day: string }) => day.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(dayAgo));
    expect(answer.series.map((day: { views: number }) => day.views)).toEqual([0, 0, 0, 30, 0, 0, 10]);
    expect(answer.series[6]).toEqual({
      day: dayAgo(0),
      views: 10,
      uniqueViewers: 8,
      watchMs: 50_000,
      completions: 4,
      likes: 3,
      shares: 1,
      followersGained: 2,
      followersLost: 1,
    });
    expect(answer.totals).toEqual({
      views: 40,
      uniqueViewers: 28,
      watchMs: 120_000,
      averageWatchMs: 3000,
      completions: 10,
      completionRate: 0.25,
      likes: 5,
      shares: 1,
      followersGained: 7,
      followersLost: 1,
    });
    expect(answer.previous).toMatchObject({ views: 100, completions: 50, completionRate: 0.5, followersLost: 4 });

    const month = await as.get('/api/studio/analytics?days=28');
    expect(month.series).toHaveLength(28);
    expect(month.totals.views).toBe(140);
    expect(month.previous.views).toBe(999);
    expect((await as.get('/api/studio/analytics')).period.days).toBe(28);
    expect((await as.get('/api/studio/analytics?days=90')).series).toHaveLength(90);
  });

  test('an account without data answers zeros, not an error', async () => {
    const { as } = await creator();
    const answer = await as.get('/api/studio/analytics?days=7');
    expect(answer.totals).toMatchObject({ views: 0, averageWatchMs: 0, completionRate: 0 });
    expect(answer.series.every((day: { views: number }) => day.views === 0)).toBe(true);
    expect(answer.breakdowns).toEqual({ countries: [], referrers: [], pages: [], sharePlatforms: [] });
    expect(answer.topPosts).toEqual([]);
  });

  test('top lists are summed over the range, largest first, ties by key, ten at most', async () => {
    const { user, as } = await creator();
    const countries = Object.fromEntries(Array.from({ length: 12 }, (_, n) => [`C${String.fromCharCode(65 + n)}`, n + 1]));
    await breakdown('account', user.id, 1, 'country', countries);
    await breakdown('account', user.id, 2, 'country', { CA: 20 });
    await breakdown('account', user.id, 30, 'country', { CB: 1000 });
    await breakdown('account', user.id, 1, 'referrer', { 'example.com': 5, 'b.example': 5, 'a.example': 7 });
    await breakdown('account', user.id, 1, 'page', { feed: 9, embed: 2 });
    await breakdown('account', user.id, 1, 'share_platform', { x: 3, telegram: 4 });

    const { breakdowns } = await as.get('/api/studio/analytics?days=7');
    expect(breakdowns.countries).toHaveLength(10);
    expect(breakdowns.countries.slice(0, 3)).toEqual([
      { key: 'CA', count: 21 },
      { key: 'CL', count: 12 },
      { key: 'CK', count: 11 },
    ]);
    expect(breakdowns.countries.map((entry: { key: string }) => entry.key)).not.toContain('CB');
    expect(breakdowns.referrers).toEqual([
      { key: 'a.example', count: 7 },
      { key: 'b.example', count: 5 },
      { key: 'example.com', count: 5 },
    ]);
    expect(breakdowns.pages).toEqual([
      { key: 'feed', count: 9 },
      { key: 'embed', count: 2 },
    ]);
    expect(breakdowns.sharePlatforms).toEqual([
      { key: 'telegram', count: 4 },
      { key: 'x', count: 3 },
    ]);
  });

  test('top posts are the caller’s own, most viewed in the range first', async () => {
    const { user, as } = await creator();
    const other = await createUser(db);
    const quiet = await createPost(db, user.id, { title: 'Quiet' });
    const hit = await createPost(db, user.id, { title: 'Hit' });
    const gone = await createPost(db, user.id, { title: 'Gone', deleted: true });
    const old = await createPost(db, user.id, { title: 'Old' });
    const theirs = await createPost(db, other.id, { title: 'Theirs' });
    await postDay(quiet, 1, { views: 5 });
    await postDay(hit, 1, { views: 40, watchMs: 9000, completions: 10, likes: 4, shares: 2 });
    await postDay(hit, 2, { views: 10 });
    await postDay(gone, 1, { views: 500 });
    await postDay(old, 20, { views: 900 });
    await postDay(theirs, 1, { views: 700 });

    const { topPosts } = await as.get('/api/studio/analytics?days=7');
    expect(topPosts).toEqual([
      { id: hit, title: 'Hit', views: 50, watchMs: 9000, completionRate: 0.2, likes: 4, shares: 2 },
      { id: quiet, title: 'Quiet', views: 5, watchMs: 0, completionRate: 0, likes: 0, shares: 0 },
    ]);
  });

  test('visitors are told to log in; a range other than 7, 28 or 90 days is refused', async () => {
    const { as } = await creator();
    expect((await t.get('/api/studio/analytics')).body.error).toBe('login_required');
    const visitor = (await t.post('/api/anonymous-login', {})).body.accessToken;
    const asVisitor = await t.get('/api/studio/analytics', { cookie: `anonymous=${visitor}` });
    expect(asVisitor.body.error).toBe('login_required');
    expect((await as.get('/api/studio/analytics?days=30')).error).toBe('invalid_input');
    expect((await as.get('/api/studio/analytics?days=abc')).error).toBe('invalid_input');
  });
});

describe('GET /api/studio/analytics/post/:id', () => {
  test('one own post: its series, totals, previous period and breakdowns', async () => {
    const { user, as } = await creator();
    const postId = await createPost(db, user.id, { title: 'Beach' });
    const sibling = await createPost(db, user.id);
    await postDay(postId, 0, { views: 8, unique: 6, watchMs: 16_000, completions: 2, likes: 1 });
    await postDay(postId, 27, { views: 2, unique: 2, watchMs: 1000 });
    await postDay(postId, 28, { views: 50 });
    await postDay(sibling, 0, { views: 1000 });
    await breakdown('post', postId, 0, 'page', { tag: 3, feed: 5 });
    await breakdown('post', sibling, 0, 'page', { search: 1000 });

    const answer = await as.get(`/api/studio/analytics/post/${postId}?days=28`);
    expect(answer.statusCode).toBe(2);
    expect(answer.post).toEqual({ id: postId, title: 'Beach' });
    expect(answer.series).toHaveLength(28);
    expect(answer.series[0]).toMatchObject({ day: dayAgo(27), views: 2 });
    expect(answer.series[27]).toMatchObject({ day: dayAgo(0), views: 8, watchMs: 16_000 });
    expect(answer.totals).toEqual({
      views: 10,
      uniqueViewers: 8,
      watchMs: 17_000,
      averageWatchMs: 1700,
      completions: 2,
      completionRate: 0.2,
      likes: 1,
      shares: 0,
    });
    expect(answer.totals).not.toHaveProperty('followersGained');
    expect(answer.previous.views).toBe(50);
    expect(answer.breakdowns.pages).toEqual([
      { key: 'feed', count: 5 },
      { key: 'tag', count: 3 },
    ]);
    expect(answer).not.toHaveProperty('topPosts');
  });

  test('another’s post, a deleted post and an absent one answer alike: not_found', async () => {
    const { user, as } = await creator();
    const stranger = await createUser(db);
    const theirs = await createPost(db, stranger.id);
    const deleted = await createPost(db, user.id, { deleted: true });
    await postDay(theirs, 0, { views: 3 });
    const notYours = await as.get(`/api/studio/analytics/post/${theirs}`);
    expect(notYours.error).toBe('not_found');
    expect(await as.get(`/api/studio/analytics/post/${deleted}`)).toEqual(notYours);
    expect(await as.get('/api/studio/analytics/post/999999999')).toEqual(notYours);
    expect((await t.get(`/api/studio/analytics/post/${theirs}`)).body.error).toBe('login_required');
  });
});

test('periods end today in UTC and the previous one ends the day before', () => {
  expect(periodsOf(7, new Date('2026-03-01T23:59:59Z'))).toEqual({
    current: { from: '2026-02-23', to: '2026-03-01' },
    previous: { from: '2026-02-16', to: '2026-02-22' },
  });
  expect(periodsOf(90, new Date('2026-01-01T00:00:00Z')).previous).toEqual({ from: '2025-07-06', to: '2025-10-03' });
});
