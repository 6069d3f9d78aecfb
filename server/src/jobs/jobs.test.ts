import { afterAll, describe, expect, expectTypeOf, test } from 'vitest';
import { PostStatus } from '../posts/post-status.ts';
import { testApp } from '../test/test-app.ts';
import { buildTaskList, crontab, type JobName, jobHandlers } from './registry.ts';
import { startWorker } from './worker.ts';

const t = await testApp();
afterAll(() => t.close());

describe('the job registry', () => {
  test('has a handler for every job type', () => {
    expectTypeOf<keyof typeof jobHandlers>().toEqualTypeOf<JobName>();
    const names = Object.keys(jobHandlers);
    expect(names).toEqual(expect.arrayContaining(['accounts:purge-expired-tokens', 'posts:refresh-popularity']));
    for (const name of names) expect(jobHandlers[name as JobName], name).toBeTypeOf('function');
  });

  test("turns every handler into one of graphile-worker's tasks", () => {
    const tasks = buildTaskList({ db: undefined as never });
    expect(Object.keys(tasks).sort()).toEqual(Object.keys(jobHandlers).sort());
  });

  test('schedules only registered jobs', () => {
    const scheduled = crontab.split('\n').map((line) => line.trim().split(/\s+/)[5]);
    expect(scheduled.length).toBeGreaterThan(0);
    for (const name of scheduled) expect(Object.keys(jobHandlers)).toContain(name);
  });
});

describe('the worker', () => {
  test('runs a job enqueued through the container', async () => {
    const { db, pool } = t.container.database;
    const { id: userId } = await db
      .insertInto('users')
      .values({ username: 'worker.owner' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: postId } = await db
      .insertInto('posts')
      .values({ user_id: userId, kind: 'images', status: PostStatus.published, likes_count: 5, published_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();

    const worker = await startWorker(pool, { db }, 1, t.container.log);
    try {
      await t.container.jobs.add('posts:refresh-popularity', { sinceDays: 1 });
      await expect
        .poll(
          async () =>
            (await db.selectFrom('posts').select('popularity').where('id', '=', postId).executeTakeFirstOrThrow()).popularity,
          {
            timeout: 10_000,
            interval: 100,
          },
        )
        .toBeGreaterThan(0);
      await expect.poll(() => t.container.jobs.depth(), { timeout: 5_000, interval: 100 }).toBe(0);
    } finally {
      await worker.stop();
    }
  });
});
