import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MediaVariant } from '../../db/schema.ts';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import type { BusEvent } from '../../realtime/events.ts';
import { actingAs, authAs, createPost, createUser } from '../../test/fixtures.ts';
import { multipart } from '../../test/multipart.ts';
import { temporaryDirectory } from '../../test/processes.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { pngBomb } from '../hostile/hostile-fixtures.ts';
import type { CoverAnswer } from './cover-schema.ts';
import {
  CLIP_SIZE,
  COLOUR_AT,
  colourOf,
  processedColourPost,
  recordingPurger,
  runCoverJob,
  storedBytes,
} from './cover-test-support.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof actingAs>>;
let ownerId: number;
let video: Awaited<ReturnType<typeof processedColourPost>>;
const dir = temporaryDirectory('velvet-cover-');
const ONCE = { attempts: 1, maxAttempts: 3 };

const variantsOf = async (mediaId: number) =>
  (await t.container.database.db
    .selectFrom('media_files')
    .select(['variants', 'placeholder'])
    .where('id', '=', mediaId)
    .executeTakeFirstOrThrow()) as { variants: Record<string, MediaVariant>; placeholder: string };

/** Every still of the cover: poster, listing and thumbnail in WebP and JPEG, peek and mini in JPEG and PNG. */
const STILLS = ['poster', 'listing', 'thumb'].flatMap((r) => [`${r}-webp`, `${r}-jpg`]);
const THUMBERS = ['peek-jpg', 'peek-png', 'mini-jpg', 'mini-png'];

async function uploadPicture(postId: number, picture: Buffer, userId = ownerId) {
  const form = multipart([{ name: 'file', value: picture, filename: 'cover.png', type: 'image/png' }]);
  const answer = await t.request({
    method: 'POST',
    url: `/api/studio/post/${postId}/cover/image`,
    headers: { ...(await authAs(t, userId)), 'content-type': form.contentType },
    payload: form.payload,
  });
  return answer.body as CoverAnswer & { error?: string };
}

beforeAll(async () => {
  t = await testApp();
  ownerId = (await createUser(t.container.database.db)).id;
  owner = await actingAs(t, ownerId);
  video = await processedColourPost(t, ownerId, dir.path);
}, 180_000);

afterAll(async () => {
  await t?.close();
  dir.remove();
});

describe('who may choose a cover, and of which post', () => {
  test('only the owner, of a processed video post; every other case answers its own error', async () => {
    const db = t.container.database.db;
    const stranger = await actingAs(t, (await createUser(db)).id);
    const url = `/api/studio/post/${video.postId}/cover`;
    expect((await stranger.get(url)).error).toBe('not_found');
    expect((await stranger.post(`${url}/frame`, { timeMs: 1000 })).error).toBe('not_found');
    expect((await t.get(url)).body.error).toBe('login_required');

    const state = (await owner.get(url)) as CoverAnswer;
    expect(state.cover).toMatchObject({
      postId: video.postId,
      mediaId: video.mediaId,
      durationMs: 6000,
      ...CLIP_SIZE,
      request: null,
    });
    expect(state.cover.video).toMatch(/\/mp4-360\.mp4$/);

    expect((await owner.post(`${url}/frame`, { timeMs: 6000 })).error).toBe('cover_time_out_of_range');
    expect((await owner.post(`${url}/frame`, { timeMs: -1 })).error).toBe('invalid_input');
    expect((await owner.post(`${url}/frame`, { timeMs: '1000; rm -rf' })).error).toBe('invalid_input');

    const imagePost = await createPost(db, ownerId);
    await db.updateTable('posts').set({ kind: 'images' }).where('id', '=', imagePost).execute();
    const failed = await createPost(db, ownerId, { status: PostStatus.failed });
    const removed = await createPost(db, ownerId, { status: PostStatus.removed });
    const processing = await createPost(db, ownerId, { status: PostStatus.processing });
    const deleted = await createPost(db, ownerId, { deleted: true });
    for (const [postId, error] of [
      [imagePost, 'cover_not_video'],
      [failed, 'cover_post_failed'],
      [removed, 'cover_post_withdrawn'],
      [processing, 'cover_post_not_ready'],
      [deleted, 'not_found'],
    ] as const) {
      expect((await owner.post(`/api/studio/post/${postId}/cover/frame`, { timeMs: 100 })).error).toBe(error);
      expect((await uploadPicture(postId, Buffer.from('not looked at'))).error).toBe(error);
    }
    const requests = await db.selectFrom('media_covers').select('id').execute();
    expect(requests).toEqual([]);
  });
});

describe('a moment of the video as the cover', () => {
  test('the poster shows that frame, every still is regenerated under new names, the old ones are purged and deleted', async () => {
    const before = await variantsOf(video.mediaId);
    // The pipeline took its poster at 40 % of the video: 2.4 s, green.
    expect(await colourOf((await storedBytes(t.container.storage, before.variants['poster-jpg']!.key))!)).toBe('green');
    const published: BusEvent[] = [];
    const events = { publish: async (event: BusEvent) => void published.push(event) };

    const asked = (await owner.post(`/api/studio/post/${video.postId}/cover/frame`, { timeMs: COLOUR_AT.red })) as CoverAnswer;
    expect(asked.cover.request).toMatchObject({ source: 'frame', timeMs: COLOUR_AT.red, status: 'pending' });
    const purger = recordingPurger();
    await runCoverJob(t, asked.cover.request!.id, ONCE, { purger, events });

    const after = await variantsOf(video.mediaId);
    for (const still of [...STILLS, ...THUMBERS]) {
      const bytes = await storedBytes(t.container.storage, after.variants[still]!.key);
      expect(await colourOf(bytes!), still).toBe('red');
    }
    for (const still of STILLS) {
      expect(after.variants[still]!.key).not.toBe(before.variants[still]!.key);
      expect(after.variants[still]).toMatchObject({
        width: before.variants[still]!.width,
        height: before.variants[still]!.height,
      });
      expect(await t.container.storage.exists(before.variants[still]!.key)).toBe(false);
      expect(purger.urls).toContain(`${t.container.config.http.baseUrl}/${before.variants[still]!.key}`);
      expect((await t.get(`/${before.variants[still]!.key}`)).status).toBe(404);
      expect((await t.get(`/${after.variants[still]!.key}`)).status).toBe(200);
    }
    for (const still of THUMBERS) expect(after.variants[still]!.key).toBe(before.variants[still]!.key);
    expect(purger.urls).toContain(`${t.container.config.http.baseUrl}/thumber/peek/${video.name}.jpg`);
    expect(after.variants['mp4-360']).toEqual(before.variants['mp4-360']);
    expect(after.placeholder).not.toBe(before.placeholder);

    const state = (await owner.get(`/api/studio/post/${video.postId}/cover`)) as CoverAnswer;
    expect(state.cover.request).toMatchObject({ status: 'done', error: null });
    expect(state.cover.poster.jpg).toBe(`/${after.variants['poster-jpg']!.key}`);
    const card = await owner.get(`/api/post/${video.postId}`);
    expect(card.post.media[0].variants['poster-jpg']).toBe(`/${after.variants['poster-jpg']!.key}`);
    expect(published).toContainEqual({
      type: 'media',
      userId: ownerId,
      media: { id: video.mediaId, name: video.name, status: MediaStatus.refetch, postId: video.postId },
    });
    // Only this folder and the pipeline's files remain: the staged thumber copies are gone too.
    const folders = new Set((await t.container.storage.list(`media/${video.name}/`)).map((key) => key.split('/')[2]));
    expect([...folders].filter((name) => name?.startsWith('cover-'))).toHaveLength(1);
  });
});

describe('a picture as the cover', () => {
  test('replaces every still, cut to the poster size, and the upload itself is not kept', async () => {
    const picture = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#ff00ff' } })
      .png()
      .toBuffer();
    const asked = await uploadPicture(video.postId, picture);
    expect(asked.cover.request).toMatchObject({ source: 'image', timeMs: null, status: 'pending' });
    await runCoverJob(t, asked.cover.request!.id, ONCE);

    const { variants } = await variantsOf(video.mediaId);
    for (const still of [...STILLS, ...THUMBERS]) {
      expect(await colourOf((await storedBytes(t.container.storage, variants[still]!.key))!), still).toBe('magenta');
    }
    expect(variants['poster-jpg']).toMatchObject(CLIP_SIZE);
    const keys = await t.container.storage.list(`media/${video.name}/`);
    expect(keys.filter((key) => key.includes('/cover-') && key.includes('/original.'))).toEqual([]);
  });

  test('refuses by content what is not a usable picture, before anything is stored', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const refusals: [string, Buffer][] = [
      ['not_video_or_image', Buffer.from('<?php system($_GET["c"]); ?>')],
      ['not_video_or_image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>')],
      ['not_video_or_image', jpeg.subarray(0, Math.floor(jpeg.length / 3))],
      ['unsupported_image_format', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
      ['media_too_many_pixels', pngBomb(60_000)],
      [
        'picture_too_small',
        await sharp({ create: { width: 200, height: 900, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ],
      ['file_too_large', Buffer.concat([jpeg, Buffer.alloc(16 * 1024 * 1024)])],
    ];
    const count = async () => (await t.container.database.db.selectFrom('media_covers').select('id').execute()).length;
    const requests = await count();
    const stored = (await t.container.storage.list(`media/${video.name}/`)).length;
    for (const [error, bytes] of refusals) expect((await uploadPicture(video.postId, bytes)).error, error).toBe(error);
    expect(await count()).toBe(requests);
    expect((await t.container.storage.list(`media/${video.name}/`)).length).toBe(stored);
  });
});
