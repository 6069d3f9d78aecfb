import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import { createPost, createUser } from '../../test/fixtures.ts';
import { testApp } from '../../test/test-app.ts';
import { PROCESS_MAX_ATTEMPTS } from './processing.service.ts';

const t = await testApp();
afterAll(() => t.close());
const { db } = t.container.database;
const processing = t.container.services.processing;

interface JobState {
  readonly attempts: number;
  readonly locked?: boolean;
}

/**
 * A post in processing, last touched `quietMinutes` ago, with its media:process job in the given state
 * (none: no job). The job runs in an hour, so no worker of another test takes it meanwhile.
 */
async function pipelinePost(job: JobState | undefined, quietMinutes = 10): Promise<number> {
  const user = await createUser(db);
  const id = await createPost(db, user.id, { status: PostStatus.processing, jobs: [{ kind: 'probe', state: 'started' }] });
  await sql`UPDATE posts SET updated_at = now() - make_interval(mins => ${quietMinutes}) WHERE id = ${id}`.execute(db);
  if (job) {
    await sql`SELECT graphile_worker.add_job('media:process', json_build_object('postId', ${id}::int),
      job_key => ${`media-process:${id}`}, max_attempts => ${PROCESS_MAX_ATTEMPTS}, run_at => now() + interval '1 hour')`.execute(
      db,
    );
    await sql`UPDATE graphile_worker._private_jobs SET attempts = ${job.attempts},
      locked_at = ${job.locked ? sql`now()` : null}, locked_by = ${job.locked ? 'a-live-worker' : null}
      WHERE key = ${`media-process:${id}`}`.execute(db);
  }
  return id;
}

async function statusOf(postId: number) {
  const post = await db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow();
  const media = await db.selectFrom('media_files').select(['status', 'error']).where('post_id', '=', postId).execute();
  return { status: post.status, media };
}

describe('media:fail-abandoned-posts', () => {
  test('fails a post whose job has no attempt left and no worker, or no job at all; leaves the others', async () => {
    const exhausted = await pipelinePost({ attempts: PROCESS_MAX_ATTEMPTS });
    const gone = await pipelinePost(undefined);
    const retrying = await pipelinePost({ attempts: 2 });
    const running = await pipelinePost({ attempts: PROCESS_MAX_ATTEMPTS, locked: true });
    const justScheduled = await pipelinePost(undefined, 1);

    expect(await processing.failAbandoned()).toBe(2);

    for (const postId of [exhausted, gone]) {
      const { status, media } = await statusOf(postId);
      expect(status).toBe(PostStatus.failed);
      expect(media.every((file) => file.status === MediaStatus.failed && file.error === 'media_processing_failed')).toBe(true);
      const jobs = await db.selectFrom('post_jobs').select('state').where('post_id', '=', postId).execute();
      expect(jobs.map((job) => job.state)).toEqual(['failed']);
    }
    for (const postId of [retrying, running, justScheduled]) expect((await statusOf(postId)).status).toBe(PostStatus.processing);
    expect(await processing.failAbandoned()).toBe(0);
  });
});
