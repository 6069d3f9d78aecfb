import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { temporaryDirectory } from '../../test/processes.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { type Canary, h264Declaring, hlsPlaylist, plantCanary, pngBomb } from '../hostile/hostile-fixtures.ts';
import { clip, demoClip, picture, recordingProcessing, upload, uploader } from './upload-test-support.ts';

/**
 * Every upload code over HTTP, through the multipart route, on media made by ffmpeg and sharp, at the
 * boundaries of SPEC §5 and §9. Only the processing half is a double; it records what was scheduled.
 */
const processing = recordingProcessing();
const MAX_VIDEO_SECONDS = 10;
let t: TestApp;
let media: ReturnType<typeof temporaryDirectory>;
let canary: Canary;
const file = (name: string) => join(media.path, name);

beforeAll(async () => {
  media = temporaryDirectory('velvet-upload-media-');
  t = await testApp({ processing, env: { MAX_VIDEO_SECONDS: String(MAX_VIDEO_SECONDS) } });
  canary = await plantCanary(media.path);
  // Two at a time: the machine has two cores.
  const jobs: (() => Promise<unknown>)[] = [
    () => clip(file('480x718-2s.mp4'), 480, 718, 2),
    () => clip(file('479x718.mp4'), 479, 718, 2),
    () => clip(file('480x717.mp4'), 480, 717, 2),
    () => clip(file('1.9s.mp4'), 480, 718, 1.9),
    () => clip(file('718x480.mp4'), 718, 480, 2),
    () => clip(file('long.mp4'), 480, 718, MAX_VIDEO_SECONDS + 1),
    () => clip(file('recorded.webm'), 480, 720, 3, 'webm-stream'),
    () => clip(file('recorded-720x1280.webm'), 720, 1280, 3, 'webm-stream'),
    () => demoClip(file('demo-540x960.mp4'), 2.5),
    () => runFfmpeg(['-y', '-f', 'lavfi', '-i', 'sine=d=2', '-c:a', 'aac', file('audio-only.mp4')]),
    () => h264Declaring(media.path, 16240, 16240),
    () => picture(file('700x700.jpg'), 700, 700),
    () => picture(file('699x700.png'), 699, 700),
    () => picture(file('1000x1000.webp'), 1000, 1000),
    () => picture(file('ratio-0.40.jpg'), 700, 1750),
    () => picture(file('ratio-2.50.jpg'), 1750, 700),
    () => picture(file('ratio-0.41.jpg'), 820, 2000),
    () => picture(file('tiny.gif'), 16, 16),
  ];
  for (let index = 0; index < jobs.length; index += 2) await Promise.all(jobs.slice(index, index + 2).map((job) => job()));
  await runFfmpeg(['-y', '-i', file('718x480.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', file('rotated.mp4')]);
  await writeFile(file('notes.mp4'), 'Shopping list: milk, eggs.\n');
  await writeFile(file('playlist.mp4'), hlsPlaylist([canary.path, `file:${canary.path}`]));
  await writeFile(file('bomb.png'), pngBomb(30_000));
}, 120_000);

afterAll(async () => {
  await t?.close();
  media?.remove();
});

const gif = () => readFile(file('tiny.gif'));

describe('a video post', () => {
  test('saved as a draft, it waits for its owner instead of going public when processed', async () => {
    const as = await uploader(t);
    const answer = await upload(t, as, [file('480x718-2s.mp4')], { draft: '1' });
    const post = await t.container.database.db
      .selectFrom('posts')
      .select(['status', 'target_status'])
      .where('id', '=', answer.postId)
      .executeTakeFirstOrThrow();
    expect(post).toEqual({ status: 1, target_status: 11 });
  });

  test('exactly 480x718 and 2.0 s is accepted: originals stored, post created, processing scheduled', async () => {
    const as = await uploader(t);
    const answer = await upload(t, as, [file('480x718-2s.mp4')], {
      title: '  First post ',
      tags: 'Été, Summer  fun,#summer',
      lgbt: '2',
    });
    expect(answer).toMatchObject({ statusCode: 1, postId: expect.any(Number), warnings: [] });
    expect(answer.media).toEqual([{ id: expect.any(Number), name: expect.stringMatching(/^[\w-]{20}$/), kind: 'video' }]);
    const db = t.container.database.db;
    const post = await db.selectFrom('posts').selectAll().where('id', '=', answer.postId).executeTakeFirstOrThrow();
    expect(post).toMatchObject({ user_id: as.id, kind: 'video', title: 'First post', status: 1, lgbt: 2, target_status: 6 });
    const row = await db.selectFrom('media_files').selectAll().where('post_id', '=', answer.postId).executeTakeFirstOrThrow();
    const original = await readFile(file('480x718-2s.mp4'));
    expect(row).toMatchObject({
      id: answer.media[0].id,
      name: answer.media[0].name,
      owner_id: as.id,
      kind: 'video',
      mime_type: 'video/mp4',
      width: 480,
      height: 718,
      duration_ms: 2000,
      size_bytes: original.length,
      original_key: `media/${answer.media[0].name}/original.mp4`,
      status: 1,
      position: 0,
    });
    const stored = await t.container.storage.get(row.original_key as string);
    expect(Buffer.concat((await stored?.toArray()) ?? [])).toEqual(original);
    // Kept for processing, never served: what is served is always re-encoded.
    expect((await t.get(`/${row.original_key}`)).status).toBe(404);
    const tags = await db
      .selectFrom('post_tags')
      .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
      .select('tags.tag')
      .where('post_id', '=', answer.postId)
      .orderBy('post_tags.position')
      .execute();
    expect(tags.map((tag) => tag.tag)).toEqual(['ete', 'summer', 'fun']);
    expect(processing.scheduled).toContain(answer.postId);
    expect(await db.selectFrom('pending_originals').selectAll().execute()).toEqual([]);
  });

  test('the orientation defaults to the uploader preference, straight when that is "all"', async () => {
    const as = await uploader(t);
    await t.container.database.db.updateTable('users').set({ lgbt_preference: 0 }).where('id', '=', as.id).execute();
    const answer = await upload(t, as, [file('480x718-2s.mp4')]);
    const post = await t.container.database.db
      .selectFrom('posts')
      .select('lgbt')
      .where('id', '=', answer.postId)
      .executeTakeFirst();
    expect(post).toEqual({ lgbt: 1 });
  });

  test.each([
    ['479 wide', '479x718.mp4', 'tooSmall'],
    ['717 high', '480x717.mp4', 'tooSmall'],
    ['1.9 s long', '1.9s.mp4', 'tooShort'],
    ['longer than MAX_VIDEO_SECONDS', 'long.mp4', 'video_too_long'],
    ['audio only', 'audio-only.mp4', 'wrongMediaForDevice'],
    ['an H.264 stream declaring 16240x16240', 'declares-16240x16240.mp4', 'media_too_many_pixels'],
  ])('a video %s is refused with %s, and nothing is stored', async (_, name, code) => {
    const as = await uploader(t);
    const answer = await upload(t, as, [file(name)]);
    expect(answer).toMatchObject({ statusCode: expect.any(Number), error: code });
    expect(answer.statusCode).toBeLessThan(0);
    const posts = await t.container.database.db.selectFrom('posts').select('id').where('user_id', '=', as.id).execute();
    expect(posts).toEqual([]);
  });

  test('718x480 turned a quarter by its rotation is judged by its displayed 480x718', async () => {
    const as = await uploader(t);
    const answer = await upload(t, as, [file('rotated.mp4')]);
    expect(answer.statusCode).toBe(1);
    const row = await t.container.database.db
      .selectFrom('media_files')
      .select(['width', 'height'])
      .where('post_id', '=', answer.postId)
      .executeTakeFirst();
    expect(row).toEqual({ width: 480, height: 718 });
  });

  test('a browser recording whose header states no duration is measured by remuxing and accepted', async () => {
    const as = await uploader(t);
    const answer = await upload(t, as, [file('recorded.webm')], { recorded: '1', device: 'test camera' });
    expect(answer).toMatchObject({ statusCode: 1 });
    const row = await t.container.database.db
      .selectFrom('media_files')
      .select(['mime_type', 'duration_ms', 'original_key'])
      .where('post_id', '=', answer.postId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime_type: 'video/x-matroska', duration_ms: 3000 });
    expect(row.original_key).toMatch(/\/original\.mkv$/);
  });

  test('two videos without clips are multiple_videos; a video with an image is mixed_media', async () => {
    const as = await uploader(t, 3);
    const two = await upload(t, as, [file('480x718-2s.mp4'), file('480x718-2s.mp4')]);
    expect(two).toMatchObject({ error: 'multiple_videos' });
    const mixed = await upload(t, as, [file('480x718-2s.mp4'), file('700x700.jpg')]);
    expect(mixed).toMatchObject({ error: 'mixed_media' });
  });
});

describe('an image post', () => {
  test('700x700 passes, in any of the accepted formats; two to twenty images', async () => {
    const as = await uploader(t, 3);
    const answer = await upload(t, as, [file('700x700.jpg'), file('1000x1000.webp'), file('ratio-0.41.jpg')]);
    expect(answer).toMatchObject({ statusCode: 1, warnings: [] });
    expect(answer.media.map((item: { kind: string }) => item.kind)).toEqual(['image', 'image', 'image']);
    const rows = await t.container.database.db
      .selectFrom('media_files')
      .select(['mime_type', 'width', 'height', 'position'])
      .where('post_id', '=', answer.postId)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { mime_type: 'image/jpeg', width: 700, height: 700, position: 0 },
      { mime_type: 'image/webp', width: 1000, height: 1000, position: 1 },
      { mime_type: 'image/jpeg', width: 820, height: 2000, position: 2 },
    ]);
    const post = await t.container.database.db
      .selectFrom('posts')
      .select('kind')
      .where('id', '=', answer.postId)
      .executeTakeFirst();
    expect(post).toEqual({ kind: 'images' });
  });

  test('a side of 699 is out of range: warned, and left out of the post', async () => {
    const as = await uploader(t, 3);
    const answer = await upload(t, as, [file('699x700.png'), file('700x700.jpg')]);
    expect(answer).toMatchObject({ statusCode: 1, warnings: ['some_images_out_of_ratio_range'] });
    expect(answer.media).toHaveLength(1);
  });

  test('ratio exactly 0.4 and exactly 2.5 fail; with no image in range the post is refused', async () => {
    const as = await uploader(t, 3);
    const answer = await upload(t, as, [file('ratio-0.40.jpg'), file('ratio-2.50.jpg'), file('699x700.png')]);
    expect(answer).toMatchObject({ error: 'no_image_in_ratio_range' });
  });

  test('one image is too_few_images; twenty pass; twenty-one are too_many_images', async () => {
    const as = await uploader(t, 3);
    expect(await upload(t, as, [file('700x700.jpg')])).toMatchObject({ error: 'too_few_images' });
    const twenty = Array(20).fill(file('700x700.jpg'));
    expect(await upload(t, as, twenty)).toMatchObject({ statusCode: 1 });
    expect(await upload(t, as, [...twenty, file('700x700.jpg')])).toMatchObject({ error: 'too_many_images' });
  });

  test('a GIF is unsupported_image_format; a PNG declaring 30000x30000 is media_too_many_pixels', async () => {
    const as = await uploader(t, 3);
    expect(await upload(t, as, [await gif(), file('700x700.jpg')])).toMatchObject({ error: 'unsupported_image_format' });
    expect(await upload(t, as, [file('bomb.png'), file('700x700.jpg')])).toMatchObject({ error: 'media_too_many_pixels' });
  });
});

describe('content decides, never the name', () => {
  test('a text file named .mp4 is not_video_or_image', async () => {
    const as = await uploader(t);
    expect(await upload(t, as, [file('notes.mp4')])).toMatchObject({ error: 'not_video_or_image' });
  });

  test('an HLS playlist named .mp4 is refused without any tool reading the files it names', async () => {
    const as = await uploader(t);
    expect(await upload(t, as, [file('playlist.mp4')])).toMatchObject({ error: 'not_video_or_image' });
    expect(await canary.untouched()).toBe(true);
  });
});

describe('clips', () => {
  test('clips are joined in order into one video the size of the first, as long as all of them together', async () => {
    const as = await uploader(t);
    const answer = await upload(t, as, [file('demo-540x960.mp4'), file('recorded-720x1280.webm')], {
      clips: '1',
      recorded: '1',
    });
    expect(answer).toMatchObject({ statusCode: 1, warnings: [] });
    expect(answer.media).toHaveLength(1);
    const row = await t.container.database.db
      .selectFrom('media_files')
      .select(['kind', 'mime_type', 'width', 'height', 'duration_ms', 'original_key'])
      .where('post_id', '=', answer.postId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'video', mime_type: 'video/mp4', width: 540, height: 960 });
    expect(row.duration_ms).toBeGreaterThanOrEqual(5400);
    expect(row.duration_ms).toBeLessThanOrEqual(5600);
    expect(await t.container.storage.exists(row.original_key as string)).toBe(true);
    expect(processing.scheduled).toContain(answer.postId);
  }, 60_000);

  test('each clip must pass the size rule before anything is joined', async () => {
    const as = await uploader(t);
    const answer = await upload(t, as, [file('480x718-2s.mp4'), file('479x718.mp4')], { clips: '1' });
    expect(answer).toMatchObject({ error: 'tooSmall' });
  });

  test('clips with an image among them are not_video; more than twenty clips are too_many_clips', async () => {
    const as = await uploader(t, 3);
    expect(await upload(t, as, [file('480x718-2s.mp4'), file('700x700.jpg')], { clips: '1' })).toMatchObject({
      error: 'not_video',
    });
    const many = Array(21).fill(file('480x718-2s.mp4'));
    expect(await upload(t, as, many, { clips: '1' })).toMatchObject({ error: 'too_many_clips' });
  });
});
