import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WorkerHandle } from '../../jobs/worker.ts';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import type { MediaUpdate } from '../../realtime/events.ts';
import { audioSource } from '../../seed/lavfi-sources.ts';
import { createUser } from '../../test/fixtures.ts';
import { temporaryDirectory } from '../../test/processes.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { IMAGE_VARIANT_SIZES } from './image-variants.ts';
import { ffprobe, storedFile, topLevelBoxes } from './rendition-checks.ts';
import { SLIDE_SECONDS } from './slideshow.ts';
import { processingWorker, recordMediaEvents, uploadedPost, waitForPostStatus } from './test-uploads.ts';

let t: TestApp;
let worker: WorkerHandle;
let events: MediaUpdate[];
let soundId: number;
const dir = temporaryDirectory('velvet-processing-images-');
const posts = { withSound: { postId: 0, mediaIds: [] as number[] }, silent: { postId: 0, mediaIds: [] as number[] } };

const db = () => t.container.database.db;
const media = (id: number) => db().selectFrom('media_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const local = (key: string) => storedFile(t.container.storage, key, dir.path);

/** A picture with a blue corner at its stored top left, so the displayed orientation can be read back. */
function picture(width: number, height: number, colour: string) {
  const corner = { input: { create: { width: 120, height: 120, channels: 3 as const, background: '#0000ff' } }, left: 0, top: 0 };
  return sharp({ create: { width, height, channels: 3, background: colour } }).composite([corner]);
}

async function soundInLibrary(): Promise<number> {
  const file = join(dir.path, 'tune.m4a');
  const tune = audioSource({ base: 330, tempo: 2, steps: [0, 3, 7] }, 4);
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', tune, '-t', '4', '-c:a', 'aac', '-b:a', '96k', file]);
  const key = 'media/librarytune/m4a.m4a';
  const { size } = await t.container.storage.putFile(key, file);
  const row = await db()
    .insertInto('media_files')
    .values({
      name: 'librarytune',
      kind: 'audio',
      mime_type: 'audio/mp4',
      status: MediaStatus.ready,
      original_key: key,
      size_bytes: size,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (
    await db()
      .insertInto('sounds')
      .values({ name: 'Library tune', media_file_id: row.id })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function processed(userId: number, files: string[]) {
  const { postId, media: rows } = await uploadedPost(t.container, userId, files);
  await t.container.services.processing.schedule(postId);
  await waitForPostStatus(t.container, postId, [PostStatus.published, PostStatus.failed], 120_000);
  return { postId, mediaIds: rows.map((row) => row.id) };
}

beforeAll(async () => {
  t = await testApp();
  events = recordMediaEvents(t.container);
  const { id: userId } = await createUser(t.container.database.db);
  const exifRotated = join(dir.path, 'phone.jpg');
  // Stored 1000x800 with EXIF orientation 6 (shown a quarter turn clockwise, 800x1000), a GPS position and an owner.
  await picture(1000, 800, '#ff0000')
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'private owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1' } })
    .toFile(exifRotated);
  const tall = join(dir.path, 'tall.png');
  await picture(900, 1400, '#00ff00').png().toFile(tall);
  const wide = join(dir.path, 'wide.webp');
  await picture(1600, 900, '#ffff00').webp().toFile(wide);
  worker = await processingWorker(t.container);
  posts.silent = await processed(userId, [tall, wide]);
  soundId = await soundInLibrary();
  posts.withSound = await processed(userId, [exifRotated, tall, wide]);
}, 240_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  dir.remove();
});

describe('an image post', () => {
  test('ends published, its jobs done and every picture ready', async () => {
    for (const { postId, mediaIds } of Object.values(posts)) {
      expect((await db().selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow()).status).toBe(
        PostStatus.published,
      );
      const jobs = await db()
        .selectFrom('post_jobs')
        .select(['kind', 'state'])
        .where('post_id', '=', postId)
        .orderBy('id')
        .execute();
      expect(jobs).toEqual([
        { kind: 'images', state: 'done' },
        { kind: 'slideshow', state: 'done' },
      ]);
      for (const id of mediaIds) expect((await media(id)).status).toBe(MediaStatus.ready);
    }
  });

  test('every picture has listing, poster, thumb, avatar and banner x small, medium, retina in WebP and JPEG', async () => {
    for (const id of posts.withSound.mediaIds) {
      const { variants, placeholder } = await media(id);
      for (const [purpose, sizes] of Object.entries(IMAGE_VARIANT_SIZES)) {
        for (const size of Object.keys(sizes)) {
          for (const format of ['webp', 'jpg']) {
            const variant = variants[`${purpose}-${size}-${format}`];
            expect(variant, `${purpose}-${size}-${format}`).toBeDefined();
            expect(await t.container.storage.exists(variant!.key)).toBe(true);
          }
        }
      }
      expect(variants['poster-jpg']).toEqual(variants['poster-retina-jpg']);
      expect(variants['listing-webp']).toEqual(variants['listing-medium-webp']);
      expect(variants['thumb-jpg']).toEqual(variants['thumb-medium-jpg']);
      for (const name of ['peek-jpg', 'peek-png', 'mini-jpg', 'mini-png']) expect(variants[name], name).toBeDefined();
      expect(variants['avatar-medium-webp']).toMatchObject({ width: 128, height: 128 });
      expect(variants['banner-small-jpg']).toMatchObject({ width: 480, height: 160 });
      expect(variants['listing-small-webp']?.width).toBe(180);
      expect(placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
    }
  });

  test('EXIF orientation is applied and no served picture keeps EXIF or GPS', async () => {
    const row = await media(posts.withSound.mediaIds[0]!);
    expect({ width: row.width, height: row.height }).toEqual({ width: 800, height: 1000 });
    const poster = await local(row.variants['poster-retina-jpg']!.key);
    const { width, height } = await sharp(poster).metadata();
    expect({ width, height }).toEqual({ width: 800, height: 1000 });
    // The stored top-left corner is shown at the top right after a quarter turn clockwise.
    const { data } = await sharp(poster)
      .extract({ left: 740, top: 20, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(60);
    for (const [name, variant] of Object.entries(row.variants).filter(([key]) => !key.startsWith('mp4-'))) {
      const metadata = await sharp(await local(variant.key)).metadata();
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.orientation, name).toBeUndefined();
    }
  });

  test('has a slideshow video on its first picture: 2.5 s a picture, 720x1280, H.264/AAC with faststart and the chosen sound', async () => {
    const first = await media(posts.withSound.mediaIds[0]!);
    const slideshow = first.variants['mp4-720'];
    expect(slideshow).toMatchObject({ mime: 'video/mp4', width: 720, height: 1280 });
    const path = await local(slideshow!.key);
    const boxes = await topLevelBoxes(path);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const report = await ffprobe(path);
    expect(Number(report.format.duration)).toBeCloseTo(3 * SLIDE_SECONDS, 0);
    expect(report.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
    const post = await db()
      .selectFrom('posts')
      .select('sound_id')
      .where('id', '=', posts.withSound.postId)
      .executeTakeFirstOrThrow();
    expect(post.sound_id).toBe(soundId);
    expect(
      (await db().selectFrom('sounds').select('uses_count').where('id', '=', soundId).executeTakeFirstOrThrow()).uses_count,
    ).toBe(1);
  });

  test('with an empty sound library the slideshow has a silent track', async () => {
    const first = await media(posts.silent.mediaIds[0]!);
    const report = await ffprobe(await local(first.variants['mp4-720']!.key));
    expect(Number(report.format.duration)).toBeCloseTo(2 * SLIDE_SECONDS, 0);
    expect(report.streams.some((stream) => stream.codec_type === 'audio')).toBe(true);
    const post = await db()
      .selectFrom('posts')
      .select('sound_id')
      .where('id', '=', posts.silent.postId)
      .executeTakeFirstOrThrow();
    expect(post.sound_id).toBeNull();
  });

  test('progress events for each picture go up in order and end at 100, ready', () => {
    for (const id of posts.withSound.mediaIds) {
      const mine = events.filter((event) => event.id === id);
      const progress = mine.map((event) => event.progress ?? 0);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.slice(0, 4)).toEqual([16, 50, 66, 100]);
      expect(mine.at(-1)).toMatchObject({ status: MediaStatus.ready, progress: 100, postId: posts.withSound.postId });
    }
  });
});
