import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WorkerHandle } from '../../jobs/worker.ts';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import type { MediaUpdate } from '../../realtime/events.ts';
import { createUser } from '../../test/fixtures.ts';
import { temporaryDirectory } from '../../test/processes.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { h264Declaring } from '../hostile/hostile-fixtures.ts';
import { sniffFile } from '../sniff.ts';
import { PROCESS_MAX_ATTEMPTS } from './processing.service.ts';
import { makeClip, processingWorker, recordMediaEvents, uploadedPost, waitForPostStatus } from './test-uploads.ts';

let t: TestApp;
let worker: WorkerHandle;
let utils: WorkerUtils;
let userId: number;
let events: MediaUpdate[];
const dir = temporaryDirectory('velvet-processing-failure-');
const db = () => t.container.database.db;

beforeAll(async () => {
  t = await testApp();
  events = recordMediaEvents(t.container);
  userId = (await createUser(db())).id;
  utils = await makeWorkerUtils({ pgPool: t.container.database.pool });
  worker = await processingWorker(t.container);
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await utils?.release();
  await t?.close();
  dir.remove();
});

/** graphile-worker waits exp(attempts) seconds between attempts; the test moves each retry to now. */
async function hurryRetries(postId: number, until: () => Promise<boolean>) {
  while (!(await until())) {
    const { rows } = await t.container.database.pool.query<{ id: string }>(
      `SELECT id FROM graphile_worker.jobs WHERE key = $1 AND locked_at IS NULL AND run_at > now()`,
      [`media-process:${postId}`],
    );
    if (rows.length)
      await utils.rescheduleJobs(
        rows.map((row) => row.id),
        { runAt: new Date() },
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function outcome(postId: number) {
  const post = await db().selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow();
  const media = await db()
    .selectFrom('media_files')
    .select(['id', 'status', 'error', 'variants'])
    .where('post_id', '=', postId)
    .execute();
  const jobs = await db()
    .selectFrom('post_jobs')
    .select(['kind', 'state', 'attempts', 'error'])
    .where('post_id', '=', postId)
    .orderBy('id')
    .execute();
  const { rows: queued } = await t.container.database.pool.query('SELECT id FROM graphile_worker.jobs WHERE key = $1', [
    `media-process:${postId}`,
  ]);
  return { status: post.status, media, jobs, queued: queued.length };
}

describe('a post whose processing fails', () => {
  test('a file cut after its header passes sniffing and probing, then fails for good after the bounded attempts', async () => {
    const whole = await makeClip(join(dir.path, 'whole.mp4'), {
      width: 540,
      height: 960,
      seconds: 6,
      codec: ['-c:v', 'mpeg4', '-q:v', '4'],
      extra: ['-movflags', '+faststart'],
    });
    const bytes = await readFile(whole);
    const cut = join(dir.path, 'cut.mp4');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.4)));
    expect((await sniffFile(cut)).kind).toBe('video');

    const { postId, media } = await uploadedPost(t.container, userId, [cut]);
    await t.container.services.processing.schedule(postId);
    await hurryRetries(postId, async () => (await outcome(postId)).status === PostStatus.failed);

    const result = await outcome(postId);
    expect(result.media).toMatchObject([{ status: MediaStatus.failed, error: 'media_transcode_incomplete' }]);
    expect(result.jobs[0]).toMatchObject({ kind: 'probe', state: 'done' });
    expect(result.jobs[1]).toMatchObject({ kind: 'mp4-360', state: 'failed', attempts: PROCESS_MAX_ATTEMPTS });
    expect(result.jobs[1]?.error).toMatch(/^media_transcode_incomplete: /);
    // Nothing of the failed rung is referenced, and the job left graphile-worker's queue.
    expect(Object.keys(result.media[0]?.variants ?? {})).toEqual([]);
    expect(result.queued).toBe(0);
    expect(events.filter((event) => event.id === media[0]!.id).at(-1)).toMatchObject({ status: MediaStatus.failed });
  }, 180_000);

  test('a frame size beyond the pixel limit fails at once, without retries', async () => {
    const giant = await h264Declaring(dir.path, 16240, 16240);
    const { postId } = await uploadedPost(t.container, userId, [giant]);
    await t.container.services.processing.schedule(postId);
    await waitForPostStatus(t.container, postId, [PostStatus.failed, PostStatus.published], 30_000);
    const result = await outcome(postId);
    expect(result.status).toBe(PostStatus.failed);
    expect(result.media).toMatchObject([{ status: MediaStatus.failed, error: 'media_too_many_pixels' }]);
    expect(result.jobs[0]).toMatchObject({ kind: 'probe', state: 'failed', attempts: 1 });
    expect(result.queued).toBe(0);
  });

  test('an original missing from storage fails at once', async () => {
    const clip = await makeClip(join(dir.path, 'gone.mp4'), { width: 480, height: 720, seconds: 2 });
    const { postId, media } = await uploadedPost(t.container, userId, [clip]);
    await t.container.storage.delete(media[0]!.originalKey);
    await t.container.services.processing.schedule(postId);
    await waitForPostStatus(t.container, postId, [PostStatus.failed, PostStatus.published], 30_000);
    expect((await outcome(postId)).media).toMatchObject([{ status: MediaStatus.failed, error: 'media_original_missing' }]);
  });

  test('scheduling a post that is not freshly uploaded changes nothing', async () => {
    const clip = await makeClip(join(dir.path, 'later.mp4'), { width: 480, height: 720, seconds: 2 });
    const { postId } = await uploadedPost(t.container, userId, [clip]);
    await db().updateTable('posts').set({ status: PostStatus.published }).where('id', '=', postId).execute();
    await t.container.services.processing.schedule(postId);
    const result = await outcome(postId);
    expect(result).toMatchObject({ status: PostStatus.published, jobs: [], queued: 0 });
  });
});
