import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorker } from '../../jobs/worker.ts';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import type { BusEvent } from '../../realtime/events.ts';
import { actingAs, createUser } from '../../test/fixtures.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { MediaToolsRepository } from '../probe.ts';
import type { CheckVideoFailedEvent } from './simicheck-events.ts';
import { encodeSixpack, SIMILARITY_THRESHOLD } from './sixpack.ts';
import { readSixpack } from './sixpack-reader.ts';
import { COPIES, DIFFERENT, makeTestVideos, ORIGINAL } from './test-videos.ts';

let t: TestApp;
let dir: string;
let tools: MediaToolsRepository;
let creator: number;
let copier: number;
const events: CheckVideoFailedEvent[] = [];
/** What reached the event bus, i.e. what the owner's websocket is sent. */
const published: BusEvent[] = [];
const scores: Record<string, number> = {};

/** A post with one uploaded video, its original stored the way the upload pipeline stores it. */
async function uploadedPost(userId: number, file: string) {
  const db = t.container.database.db;
  const post = await db
    .insertInto('posts')
    .values({ user_id: userId, kind: 'video', status: PostStatus.checking })
    .returning('id')
    .executeTakeFirstOrThrow();
  const name = `sc${post.id}${Math.random().toString(36).slice(2, 8)}`;
  const key = `media/${name}/original.${file.split('.').pop()}`;
  await t.container.storage.put(key, createReadStream(join(dir, file)));
  const media = await db
    .insertInto('media_files')
    .values({
      name,
      owner_id: userId,
      kind: 'video',
      mime_type: 'video/mp4',
      status: MediaStatus.uploaded,
      original_key: key,
      post_id: post.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { postId: post.id, mediaId: media.id };
}

const check = (mediaId: number) => t.container.services.media.simicheck.checkUploaded(mediaId);
let original: { postId: number; mediaId: number };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'velvet-simicheck-'));
  tools = new MediaToolsRepository(dir);
  const [app] = await Promise.all([testApp(), makeTestVideos(dir)]);
  t = app;
  t.container.services.media.simicheckEvents.subscribe((event) => {
    events.push(event);
  });
  t.container.events.subscribe((event) => {
    if (event.type === 'check-video-failed') published.push(event);
  });
  creator = (await createUser(t.container.database.db)).id;
  copier = (await createUser(t.container.database.db)).id;
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  // Printed for the README's table of measured similarities.
  console.info('similarity to the original:', scores);
});

describe('after upload (job media:simicheck, against all posts)', () => {
  test('the worker job signs the original and finds nothing like it', async () => {
    original = await uploadedPost(creator, ORIGINAL);
    const worker = await startWorker(
      t.container.database.pool,
      { db: t.container.database.db, simicheck: t.container.services.media.simicheck },
      1,
      t.container.log,
    );
    try {
      await t.container.jobs.add('media:simicheck', { mediaId: original.mediaId });
      const db = t.container.database.db;
      const deadline = Date.now() + 60_000;
      let row: { similarity: number | null; duplicate_of_media_id: number | null } | undefined;
      while (!row && Date.now() < deadline) {
        row = await db
          .selectFrom('media_signatures')
          .select(['similarity', 'duplicate_of_media_id'])
          .where('media_id', '=', original.mediaId)
          .executeTakeFirst();
        if (!row) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(row).toEqual({ similarity: null, duplicate_of_media_id: null });
    } finally {
      await worker.stop();
    }
    expect(events).toEqual([]);
  }, 90_000);

  test.each(Object.keys(COPIES))(
    '%s uploaded by someone else is a duplicate of the original',
    async (file) => {
      const copy = await uploadedPost(copier, file);
      const outcome = await check(copy.mediaId);
      scores[file] = 'similarity' in outcome ? outcome.similarity : -1;
      expect(outcome).toMatchObject({
        outcome: 'duplicate',
        duplicateOfPostId: original.postId,
        duplicateOfMediaId: original.mediaId,
      });
      expect(scores[file]).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
      const row = await t.container.database.db
        .selectFrom('media_signatures')
        .select(['duplicate_of_media_id', 'similarity'])
        .where('media_id', '=', copy.mediaId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ duplicate_of_media_id: original.mediaId, similarity: scores[file] });
      expect(events.at(-1)).toEqual({
        type: 'check-video-failed',
        userId: copier,
        mediaId: copy.mediaId,
        postId: copy.postId,
        duplicateOfPostId: original.postId,
        similarity: scores[file],
      });
      await expect
        .poll(() => published.at(-1))
        .toEqual({
          type: 'check-video-failed',
          userId: copier,
          mediaId: copy.mediaId,
          postId: copy.postId,
          reason: 'duplicate',
          duplicateOfPostId: original.postId,
        });
    },
    60_000,
  );

  test.each(Object.keys(DIFFERENT))(
    '%s is not flagged',
    async (file) => {
      const before = events.length;
      const other = await uploadedPost(copier, file);
      const outcome = await check(other.mediaId);
      expect(outcome.outcome).toBe('unique');
      scores[file] = 'similarity' in outcome ? outcome.similarity : -1;
      expect(scores[file]).toBeLessThan(SIMILARITY_THRESHOLD);
      expect(events.length).toBe(before);
    },
    60_000,
  );

  test('running the job again replaces the signature and gives the same verdict', async () => {
    const copy = await uploadedPost(copier, 'rescaled-540x960.mp4');
    const first = await check(copy.mediaId);
    expect(await check(copy.mediaId)).toEqual(first);
    const rows = await t.container.database.db
      .selectFrom('media_signatures')
      .select('media_id')
      .where('media_id', '=', copy.mediaId)
      .execute();
    expect(rows).toHaveLength(1);
  }, 60_000);

  test('a deleted post no longer counts; missing media and unreadable files are skipped', async () => {
    const db = t.container.database.db;
    const lonely = await uploadedPost(creator, 'smptebars.mp4');
    await db.updateTable('posts').set({ deleted_at: new Date() }).where('id', '=', lonely.postId).execute();
    // smptebars was already checked above as a live post of copier's; delete that one too.
    await db.updateTable('posts').set({ deleted_at: new Date() }).where('user_id', '=', copier).execute();
    const again = await uploadedPost(copier, 'smptebars.mp4');
    expect((await check(again.mediaId)).outcome).toBe('unique');

    expect(await check(999_999)).toEqual({ outcome: 'skipped', reason: 'media not found' });
    const bogus = await uploadedPost(copier, 'smptebars.mp4');
    await t.container.storage.put(`media/bogus${bogus.mediaId}/original.mp4`, Buffer.from('#EXTM3U\n/etc/passwd\n'));
    await db
      .updateTable('media_files')
      .set({ original_key: `media/bogus${bogus.mediaId}/original.mp4` })
      .where('id', '=', bogus.mediaId)
      .execute();
    expect(await check(bogus.mediaId)).toMatchObject({ outcome: 'skipped', reason: expect.stringMatching(/^not_video/) });
  }, 60_000);
});

describe('before upload (POST /simicheck/check-user, against the user own posts)', () => {
  test('a copy of my own post is a duplicate; of someone else post it is not', async () => {
    const sixpack = encodeSixpack(await readSixpack(tools, join(dir, 'reencoded-mpeg4.mp4')));
    const mine = await actingAs(t, creator).then((as) => as.post('/simicheck/check-user', { sixpack }));
    expect(mine).toMatchObject({ statusCode: 2, duplicate: true, postId: original.postId });
    expect(mine.similarity).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
    const stranger = (await createUser(t.container.database.db)).id;
    const theirs = await actingAs(t, stranger).then((as) => as.post('/simicheck/check-user', { sixpack }));
    expect(theirs).toEqual({ statusCode: 2, duplicate: false, similarity: 0, postId: null });
  }, 60_000);

  test('a different video of mine is not a duplicate', async () => {
    const sixpack = encodeSixpack(await readSixpack(tools, join(dir, 'testsrc.mp4')));
    const answer = await actingAs(t, creator).then((as) => as.post('/simicheck/check-user', { sixpack }));
    expect(answer).toMatchObject({ statusCode: 2, duplicate: false, postId: null });
    expect(answer.similarity).toBeLessThan(SIMILARITY_THRESHOLD);
  }, 60_000);

  test('needs a login and a well-formed sixpack', async () => {
    const sixpack = encodeSixpack(await readSixpack(tools, join(dir, ORIGINAL)));
    expect((await t.post('/simicheck/check-user', { sixpack })).body).toMatchObject({ error: 'login_required' });
    const as = await actingAs(t, creator);
    expect(await as.post('/simicheck/check-user', { sixpack: 'abc' })).toMatchObject({ error: 'invalid_input' });
    expect(await as.post('/simicheck/check-user', {})).toMatchObject({ error: 'invalid_input' });
    const otherVersion = `Ag${sixpack.slice(2)}`;
    expect(await as.post('/simicheck/check-user', { sixpack: otherVersion })).toMatchObject({
      statusCode: -110,
      error: 'simicheck_invalid_sixpack',
    });
  }, 60_000);

  test('is rate limited per user', async () => {
    const sixpack = encodeSixpack(await readSixpack(tools, join(dir, 'red.mp4')));
    const as = await actingAs(t, (await createUser(t.container.database.db)).id);
    const answers = [];
    for (let index = 0; index < 61; index++) answers.push((await as.post('/simicheck/check-user', { sixpack })).error ?? 'ok');
    expect(answers.slice(0, 60).every((answer) => answer === 'ok')).toBe(true);
    expect(answers[60]).toBe('rate_limited');
  }, 60_000);
});
