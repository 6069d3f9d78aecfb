import { runOnce } from 'graphile-worker';
import { sql } from 'kysely';
import { expect, vi } from 'vitest';
import { jobDeps } from '../container.ts';
import { buildTaskList } from '../jobs/registry.ts';
import { PostStatus } from '../posts/post-status.ts';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import type { TestApp } from '../test/test-app.ts';
import { publishJobKey } from './studio.repository.ts';

/** A creator with one follower and a draft, and the two of them as API callers. */
export async function creatorWithDraft(t: TestApp) {
  const { db } = t.container.database;
  const owner = await createUser(db);
  const follower = await createUser(db);
  await db.insertInto('follows').values({ follower_id: follower.id, followee_id: owner.id }).execute();
  const draft = await createPost(db, owner.id, { status: PostStatus.draft });
  await db.updateTable('posts').set({ target_status: PostStatus.draft }).where('id', '=', draft).execute();
  return { owner, follower, draft, asOwner: await actingAs(t, owner.id), asFollower: await actingAs(t, follower.id) };
}

/** Runs every job that is due, as a worker process would, and waits for their completion to be recorded. */
export async function runDueJobs(t: TestApp): Promise<void> {
  const { pool } = t.container.database;
  await runOnce({ pgPool: pool, taskList: buildTaskList(jobDeps(t.container)) });
  await vi.waitFor(async () => {
    const { rows } = await pool.query('SELECT 1 FROM graphile_worker.jobs WHERE locked_at IS NOT NULL');
    expect(rows).toEqual([]);
  });
}

/** The waiting publication jobs of a post (normally one), with when they run. */
export async function publicationJobs(t: TestApp, postId: number) {
  const { rows } = await sql<{ id: string; runAt: Date }>`
    SELECT id, run_at AS "runAt" FROM graphile_worker.jobs WHERE key = ${publishJobKey(postId)}`.execute(t.container.database.db);
  return rows;
}

/**
 * The clock reaching a scheduled post's time, without waiting for it: its time and its job's are moved to
 * now, as if the hour had passed.
 */
export async function reachScheduledTime(t: TestApp, postId: number): Promise<void> {
  const { db } = t.container.database;
  await sql`UPDATE posts SET scheduled_at = now() - interval '1 second' WHERE id = ${postId}`.execute(db);
  const ids = (await publicationJobs(t, postId)).map((job) => job.id);
  await sql`SELECT graphile_worker.reschedule_jobs(${ids}::bigint[], run_at => now() - interval '1 second')`.execute(db);
}

export async function postRow(t: TestApp, postId: number) {
  return t.container.database.db
    .selectFrom('posts')
    .select(['status', 'target_status as targetStatus', 'scheduled_at as scheduledAt', 'published_at as publishedAt'])
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
}

/** How many post-created notifications the user holds about the post. */
export async function toldAbout(t: TestApp, userId: number, postId: number): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM notifications WHERE user_id = ${userId} AND post_id = ${postId} AND type = 'post-created'`.execute(
    t.container.database.db,
  );
  return rows[0]?.count ?? 0;
}

export async function publishedCount(t: TestApp, userId: number): Promise<number> {
  const row = await t.container.database.db
    .selectFrom('users')
    .select('posts_count')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.posts_count;
}

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
