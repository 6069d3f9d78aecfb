import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { closeDatabase } from '../test/databases.ts';
import { testDatabase } from '../test/test-app.ts';
import { refreshPopularity } from './popularity.job.ts';
import { PostStatus } from './post-status.ts';

const testDb = await testDatabase();
const database = openDatabase(testDb.url, 2, createLogger('silent'));
const { db } = database;
afterAll(async () => {
  await closeDatabase(database);
  await testDb.drop();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

const { id: userId } = await db
  .insertInto('users')
  .values({ username: 'popularity.owner' })
  .returning('id')
  .executeTakeFirstOrThrow();

async function post(
  title: string,
  values: { hours: number; likes?: number; views?: number; status?: number; deleted?: boolean },
) {
  const row = await db
    .insertInto('posts')
    .values({
      user_id: userId,
      kind: 'video',
      title,
      status: values.status ?? PostStatus.published,
      likes_count: values.likes ?? 0,
      views_count: values.views ?? 0,
      created_at: hoursAgo(values.hours),
      published_at: hoursAgo(values.hours),
      deleted_at: values.deleted ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function popularity(): Promise<Map<string, number>> {
  const rows = await db.selectFrom('posts').select(['title', 'popularity']).execute();
  return new Map(rows.map((row) => [row.title, row.popularity]));
}

test('ranks published posts by engagement over age', async () => {
  await post('old hit', { hours: 24 * 10, likes: 30, views: 500 });
  await post('fresh', { hours: 1, likes: 10, views: 50 });
  await post('fresh and liked', { hours: 1, likes: 40, views: 50 });

  await refreshPopularity(db);

  const score = await popularity();
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]).map(([title]) => title);
  expect(ranked).toEqual(['fresh and liked', 'fresh', 'old hit']);
  expect(score.get('old hit')).toBeGreaterThan(0);
});

test('a post nobody engaged with scores 0, below an older one that was liked', async () => {
  await post('brand new, untouched', { hours: 0.1, likes: 0, views: 0 });
  await post('two weeks old, liked', { hours: 24 * 14, likes: 2, views: 10 });

  await refreshPopularity(db);

  const score = await popularity();
  expect(score.get('brand new, untouched')).toBe(0);
  expect(score.get('two weeks old, liked')).toBeGreaterThan(0);
});

test('leaves unpublished, deleted and long-past posts alone', async () => {
  await post('draft', { hours: 1, likes: 50, status: PostStatus.processing });
  await post('removed', { hours: 1, likes: 50, deleted: true });
  await post('ancient', { hours: 24 * 40, likes: 50 });

  await refreshPopularity(db, 30);

  const score = await popularity();
  expect(score.get('draft')).toBe(0);
  expect(score.get('removed')).toBe(0);
  expect(score.get('ancient')).toBe(0);
});
