import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { temporaryDirectory } from '../../test/processes.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { STALE_UPLOAD_HOURS } from './upload-quota.repository.ts';
import { clip, filesUnder, recordingProcessing, type Uploader, upload, uploader } from './upload-test-support.ts';

/** The per-user quota and concurrency cap over HTTP, with a small quota so a few hundred kilobytes reach it. */
const QUOTA = 400_000;
const processing = recordingProcessing();
let t: TestApp;
let media: ReturnType<typeof temporaryDirectory>;
let small: Buffer;

beforeAll(async () => {
  media = temporaryDirectory('velvet-upload-quota-');
  t = await testApp({ processing, env: { UPLOAD_BYTES_PER_DAY: String(QUOTA), UPLOADS_AT_ONCE: '2' } });
  await clip(join(media.path, 'small.mp4'), 480, 718, 2);
  small = await readFile(join(media.path, 'small.mp4'));
}, 60_000);

afterAll(async () => {
  await t?.close();
  media?.remove();
});

const db = () => t.container.database.db;

/** A video that sniffs as MP4 and is `bytes` long: a real clip followed by padding. */
const paddedVideo = (bytes: number) => Buffer.concat([small, Buffer.alloc(Math.max(bytes - small.length, 0))]);

async function postsOf(user: Uploader) {
  return db().selectFrom('posts').select('id').where('user_id', '=', user.id).execute();
}

/** Pretends the user stored `bytes` of originals `hoursAgo` hours ago. */
async function storedBefore(user: Uploader, bytes: number, hoursAgo = 1) {
  const post = await db()
    .insertInto('posts')
    .values({ user_id: user.id, kind: 'video', status: 6 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('media_files')
    .values({
      name: `quota${post.id}x${Math.random().toString(36).slice(2, 8)}`,
      owner_id: user.id,
      post_id: post.id,
      kind: 'video',
      mime_type: 'video/mp4',
      size_bytes: bytes,
      created_at: new Date(Date.now() - hoursAgo * 3600_000),
    })
    .execute();
}

describe('the daily quota', () => {
  test('an upload within the quota is stored, and counts against what is left', async () => {
    const user = await uploader(t);
    const first = await upload(t, user, [small]);
    expect(first.statusCode).toBe(1);
    await storedBefore(user, QUOTA - small.length - 100);
    const second = await upload(t, user, [small]);
    expect(second).toMatchObject({ statusCode: -170, error: 'upload_quota_exceeded' });
    expect(await postsOf(user)).toHaveLength(2);
  });

  test('a user whose quota is spent is refused before any byte of the file is kept', async () => {
    const user = await uploader(t);
    await storedBefore(user, QUOTA);
    const answer = await upload(t, user, [small]);
    expect(answer).toMatchObject({ statusCode: -170, error: 'upload_quota_exceeded' });
    expect(await postsOf(user)).toHaveLength(1);
    expect(await db().selectFrom('uploads_in_progress').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  test('originals stored more than 24 hours ago no longer count', async () => {
    const user = await uploader(t);
    await storedBefore(user, QUOTA, 25);
    expect((await upload(t, user, [small])).statusCode).toBe(1);
  });

  test('an upload that reaches the quota while streaming stops there and leaves nothing behind', async () => {
    const user = await uploader(t);
    await storedBefore(user, QUOTA - 200_000);
    const answer = await upload(t, user, [paddedVideo(300_000)]);
    expect(answer).toMatchObject({ statusCode: -170, error: 'upload_quota_exceeded' });
    expect(await postsOf(user)).toHaveLength(1);
    expect(await filesUnder(join(t.container.config.dataDir, 'scratch', 'upload'))).toEqual([]);
    expect(await db().selectFrom('pending_originals').select('storage_key').execute()).toEqual([]);
    // Several files count together.
    const several = await upload(t, user, [paddedVideo(120_000), paddedVideo(120_000)], { clips: '1' });
    expect(several.error).toBe('upload_quota_exceeded');
  });
});

describe('asking before the form is filled in', () => {
  test('the upload token is refused once the day is spent, with Retry-After until the oldest bytes leave the day', async () => {
    const user = await uploader(t);
    expect(user.upToken).toEqual(expect.any(String));
    await storedBefore(user, QUOTA / 2, 20);
    await storedBefore(user, QUOTA / 2, 2);
    const refused = await t.request({ method: 'GET', url: '/api/media/uptoken', headers: user.headers });
    expect(refused.body).toMatchObject({ statusCode: -170, error: 'upload_quota_exceeded' });
    // The older file leaves the 24 hours in 4 hours.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(4 * 3600 - 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(4 * 3600);
  });
});

describe('uploads at once', () => {
  test('slots of running uploads count; one a dead process left frees itself after 6 hours', async () => {
    const user = await uploader(t);
    const running = async (startedAt: Date) =>
      db()
        .insertInto('uploads_in_progress')
        .values({ user_id: user.id, allowance_bytes: 1000, started_at: startedAt })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await running(new Date());
    await running(new Date());
    expect(await upload(t, user, [small])).toMatchObject({ statusCode: -171, error: 'too_many_uploads_at_once' });
    await db().deleteFrom('uploads_in_progress').where('id', '=', first.id).execute();
    await running(new Date(Date.now() - (STALE_UPLOAD_HOURS + 1) * 3600_000));
    const answer = await upload(t, user, [small]);
    expect(answer.statusCode).toBe(1);
    // The finished upload gave its slot back; the stale one is gone.
    expect(await db().selectFrom('uploads_in_progress').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  test('the reservations of running uploads come out of what is left', async () => {
    const user = await uploader(t);
    await db()
      .insertInto('uploads_in_progress')
      .values({ user_id: user.id, allowance_bytes: QUOTA - 1000 })
      .execute();
    expect(await upload(t, user, [small])).toMatchObject({ error: 'upload_quota_exceeded' });
  });
});

describe('URL imports', () => {
  /** A URL import of the user's, as POST /api/scraper makes it; the download is the small clip. */
  async function importJob(user: Uploader) {
    const job = await db()
      .insertInto('scraper_jobs')
      .values({ user_id: user.id, source_url: 'https://media.example/clip.mp4', state: 'started' })
      .returning('uid')
      .executeTakeFirstOrThrow();
    return t.container.services.upload.uploads.ingestFile(user.id, join(media.path, 'small.mp4'), job.uid);
  }

  // Three imports at a time of SCRAPER_MAX_BYTES (2 GiB) each would otherwise fill the disk the quota guards.
  test('an import draws on the same daily bytes as an upload and is refused past them', async () => {
    const user = await uploader(t);
    await storedBefore(user, QUOTA - small.length - 100);
    await expect(importJob(user)).resolves.toMatchObject({ postId: expect.any(Number) });
    await expect(importJob(user)).rejects.toMatchObject({ code: 'upload_quota_exceeded' });
    expect(await postsOf(user)).toHaveLength(2);
    expect(await db().selectFrom('uploads_in_progress').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
