import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import { actingAs, createPost, createUser } from '../../test/fixtures.ts';
import { testApp } from '../../test/test-app.ts';

const t = await testApp();
afterAll(() => t.close());
const { db } = t.container.database;

/** A post whose last processing attempt failed in its second job, the worker job spent as graphile-worker leaves it. */
async function failedPost(ownerId: number) {
  const postId = await createPost(db, ownerId, {
    status: PostStatus.failed,
    jobs: [
      { kind: 'probe', state: 'done' },
      { kind: 'mp4-360', state: 'failed' },
      { kind: 'stills', state: 'new' },
    ],
  });
  await db
    .updateTable('media_files')
    .set({ status: MediaStatus.failed, error: 'media_transcode_failed' })
    .where('post_id', '=', postId)
    .execute();
  await sql`SELECT graphile_worker.add_job('media:process', ${JSON.stringify({ postId })}::json,
    max_attempts => 4, job_key => ${`media-process:${postId}`})`.execute(db);
  await sql`UPDATE graphile_worker._private_jobs SET attempts = 4, last_error = 'boom'
    WHERE key = ${`media-process:${postId}`}`.execute(db);
  return postId;
}

const processJob = (postId: number) =>
  sql<{ attempts: number; max_attempts: number }>`SELECT attempts, max_attempts FROM graphile_worker.jobs
    WHERE key = ${`media-process:${postId}`}`.execute(db);

test('the owner of a failed post queues it again: what was not done is redone with fresh attempts', async () => {
  const owner = await createUser(db);
  const postId = await failedPost(owner.id);
  const answer = await (await actingAs(t, owner.id)).post(`/api/post/retry/${postId}`);
  expect(answer.statusCode).toBe(2);
  expect(answer.post).toMatchObject({ id: postId, status: PostStatus.queued });
  const media = await db.selectFrom('media_files').select(['status', 'error']).where('post_id', '=', postId).execute();
  expect(media).toEqual([{ status: MediaStatus.uploaded, error: null }]);
  const jobs = await db
    .selectFrom('post_jobs')
    .select(['kind', 'state', 'error'])
    .where('post_id', '=', postId)
    .orderBy('id')
    .execute();
  expect(jobs.map((job) => [job.kind, job.state])).toEqual([
    ['probe', 'done'],
    ['mp4-360', 'new'],
    ['stills', 'new'],
  ]);
  expect((await processJob(postId)).rows).toEqual([{ attempts: 0, max_attempts: 4 }]);
  // Queued again, it is no longer failed: a second retry is refused.
  expect((await (await actingAs(t, owner.id)).post(`/api/post/retry/${postId}`)).error).toBe('post_not_retryable');
});

test('nobody else may retry it, and a post that did not fail cannot be retried', async () => {
  const owner = await createUser(db);
  const stranger = await createUser(db);
  const postId = await failedPost(owner.id);
  expect((await (await actingAs(t, stranger.id)).post(`/api/post/retry/${postId}`)).error).toBe('post_not_retryable');
  expect((await t.post(`/api/post/retry/${postId}`, {})).body.error).toBe('login_required');
  const published = await createPost(db, owner.id);
  expect((await (await actingAs(t, owner.id)).post(`/api/post/retry/${published}`)).error).toBe('post_not_retryable');
  const status = await db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow();
  expect(status.status).toBe(PostStatus.failed);
});
