import { afterAll, beforeAll, expect, test } from 'vitest';
import { jobHandlers } from '../../jobs/registry.ts';
import { PostStatus } from '../../posts/post-status.ts';
import { createPost, createUser } from '../../test/fixtures.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { mediaName } from '../media-name.ts';
import { ORPHAN_AFTER_SECONDS, UNSCHEDULED_AFTER_SECONDS } from './upload.service.ts';
import { recordingProcessing } from './upload-test-support.ts';

/**
 * What a crash in the middle of an upload leaves, and the jobs that clean it up: an original stored but whose
 * post never committed, and a post committed but never scheduled. Run through the job registry, as the worker runs them.
 */
const processing = recordingProcessing();
let t: TestApp;

beforeAll(async () => {
  t = await testApp({ processing });
});
afterAll(() => t?.close());

const deps = () => ({ db: t.container.database.db, upload: t.container.services.upload.uploads });
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);

/** The state a crash between storing an original and committing its post leaves: the object and its journal row. */
async function strandedOriginal(ageSeconds: number): Promise<string> {
  const key = `media/${mediaName()}/original.mp4`;
  await t.container.storage.put(key, Buffer.from('original bytes'));
  await t.container.database.db
    .insertInto('pending_originals')
    .values({ storage_key: key, created_at: ago(ageSeconds) })
    .execute();
  return key;
}

test('media:purge-orphan-originals deletes originals whose post never committed, and only those', async () => {
  const orphan = await strandedOriginal(ORPHAN_AFTER_SECONDS + 60);
  const inFlight = await strandedOriginal(5);
  await jobHandlers['media:purge-orphan-originals'](deps(), {});
  expect(await t.container.storage.exists(orphan)).toBe(false);
  expect(await t.container.storage.exists(inFlight)).toBe(true);
  const journal = await t.container.database.db.selectFrom('pending_originals').select('storage_key').execute();
  expect(journal).toEqual([{ storage_key: inFlight }]);
});

test('media:schedule-stalled-posts schedules posts committed but never scheduled, and no other', async () => {
  const db = t.container.database.db;
  const owner = (await createUser(db)).id;
  const stalled = await createPost(db, owner, { status: PostStatus.created });
  await db
    .updateTable('posts')
    .set({ created_at: ago(UNSCHEDULED_AFTER_SECONDS + 60) })
    .where('id', '=', stalled)
    .execute();
  const fresh = await createPost(db, owner, { status: PostStatus.created });
  const queued = await createPost(db, owner, { status: PostStatus.queued });
  await db
    .updateTable('posts')
    .set({ created_at: ago(UNSCHEDULED_AFTER_SECONDS + 60) })
    .where('id', '=', queued)
    .execute();
  const published = await createPost(db, owner);
  await jobHandlers['media:schedule-stalled-posts'](deps(), {});
  expect(processing.scheduled).toContain(stalled);
  for (const other of [fresh, queued, published]) expect(processing.scheduled).not.toContain(other);
});
