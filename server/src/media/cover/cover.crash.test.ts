import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MediaVariant } from '../../db/schema.ts';
import { PostStatus } from '../../posts/post-status.ts';
import { actingAs, createUser } from '../../test/fixtures.ts';
import { temporaryDirectory } from '../../test/processes.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import type { CoverAnswer } from './cover-schema.ts';
import { COLOUR_AT, colourOf, processedColourPost, runCoverJob, storageFailingAfter, storedBytes } from './cover-test-support.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof actingAs>>;
let video: Awaited<ReturnType<typeof processedColourPost>>;
const dir = temporaryDirectory('velvet-cover-crash-');

const variants = async () =>
  (
    await t.container.database.db
      .selectFrom('media_files')
      .select('variants')
      .where('id', '=', video.mediaId)
      .executeTakeFirstOrThrow()
  ).variants as Record<string, MediaVariant>;
const posterColour = async () => colourOf((await storedBytes(t.container.storage, (await variants())['poster-jpg']!.key))!);
const state = async () => ((await owner.get(`/api/studio/post/${video.postId}/cover`)) as CoverAnswer).cover.request;

async function ask(timeMs: number): Promise<number> {
  const answer = (await owner.post(`/api/studio/post/${video.postId}/cover/frame`, { timeMs })) as CoverAnswer;
  return answer.cover.request!.id;
}
/** Every file the media row names is stored, so the post is served whole. */
async function everyVariantStored() {
  for (const variant of Object.values(await variants()))
    expect(await t.container.storage.exists(variant.key), variant.key).toBe(true);
}

beforeAll(async () => {
  t = await testApp();
  const { id } = await createUser(t.container.database.db);
  owner = await actingAs(t, id);
  video = await processedColourPost(t, id, dir.path);
}, 180_000);

afterAll(async () => {
  await t?.close();
  dir.remove();
});

test('a worker dying while storing keeps the old cover; the retry applies the new one', async () => {
  const before = await variants();
  const coverId = await ask(COLOUR_AT.red);
  const dying = storageFailingAfter(t.container.storage, 3);
  await expect(runCoverJob(t, coverId, { attempts: 1, maxAttempts: 3 }, { storage: dying })).rejects.toThrow();
  expect(await variants()).toEqual(before);
  expect(await posterColour()).toBe('green');
  await everyVariantStored();
  expect(await state()).toMatchObject({ id: coverId, status: 'pending' });

  await runCoverJob(t, coverId, { attempts: 2, maxAttempts: 3 });
  expect(await posterColour()).toBe('red');
  expect(await state()).toMatchObject({ id: coverId, status: 'done' });
  await everyVariantStored();
});

test('the last attempt failing ends the request failed, its files gone, the cover as it was', async () => {
  const before = await variants();
  const coverId = await ask(COLOUR_AT.blue);
  const { folder } = await t.container.database.db
    .selectFrom('media_covers')
    .select('folder')
    .where('id', '=', coverId)
    .executeTakeFirstOrThrow();
  await runCoverJob(t, coverId, { attempts: 3, maxAttempts: 3 }, { storage: storageFailingAfter(t.container.storage, 5) });
  expect(await state()).toMatchObject({ id: coverId, status: 'failed', error: 'media_processing_failed' });
  expect(await variants()).toEqual(before);
  expect(await posterColour()).toBe('red');
  expect(await t.container.storage.list(`media/${video.name}/${folder}/`)).toEqual([]);
});

test('a failure after the switch serves the new cover at once and the retry only cleans up', async () => {
  const before = await variants();
  const coverId = await ask(COLOUR_AT.blue);
  const refusingCdn = { purge: async () => Promise.reject(new Error('CDN answered 503')) };
  await expect(runCoverJob(t, coverId, { attempts: 1, maxAttempts: 3 }, { purger: refusingCdn })).rejects.toThrow('503');
  expect(await posterColour()).toBe('blue');
  expect(await state()).toMatchObject({ id: coverId, status: 'done' });
  // The old files wait for the purge: a retry must still know their addresses.
  expect(await t.container.storage.exists(before['poster-jpg']!.key)).toBe(true);

  await runCoverJob(t, coverId, { attempts: 2, maxAttempts: 3 });
  expect(await t.container.storage.exists(before['poster-jpg']!.key)).toBe(false);
  expect(await posterColour()).toBe('blue');
  await everyVariantStored();
});

test('a newer request wins over an older one still waiting; a post removed meanwhile gets no new cover', async () => {
  const older = await ask(COLOUR_AT.green);
  const newer = await ask(COLOUR_AT.red);
  await runCoverJob(t, older, { attempts: 1, maxAttempts: 3 });
  expect(await posterColour()).toBe('blue');
  await runCoverJob(t, newer, { attempts: 1, maxAttempts: 3 });
  expect(await posterColour()).toBe('red');
  expect(await state()).toMatchObject({ id: newer, status: 'done' });

  const before = await variants();
  const late = await ask(COLOUR_AT.green);
  await t.container.database.db.updateTable('posts').set({ status: PostStatus.removed }).where('id', '=', video.postId).execute();
  await runCoverJob(t, late, { attempts: 1, maxAttempts: 3 });
  expect(await variants()).toEqual(before);
  const row = await t.container.database.db
    .selectFrom('media_covers')
    .select(['state', 'error'])
    .where('id', '=', late)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ state: 'failed', error: 'cover_post_withdrawn' });
});
