import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { thumbHashToRGBA } from 'thumbhash';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WorkerHandle } from '../../jobs/worker.ts';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import type { MediaUpdate } from '../../realtime/events.ts';
import { createUser } from '../../test/fixtures.ts';
import { temporaryDirectory } from '../../test/processes.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { PUBLIC_MEDIA_CACHE } from '../media.routes.ts';
import { SEGMENT_SECONDS } from './ladder.ts';
import { decodesCleanly, ffprobe, storedFile, topLevelBoxes, videoPacketsMd5 } from './rendition-checks.ts';
import { makeClip, processingWorker, recordMediaEvents, uploadedPost, waitForPostStatus } from './test-uploads.ts';

let t: TestApp;
let worker: WorkerHandle;
let events: MediaUpdate[];
const dir = temporaryDirectory('velvet-processing-video-');
const posts: Record<'fitting' | 'fullHd' | 'rotated', { postId: number; mediaId: number; name: string; file: string }> =
  {} as never;

const media = (id: number) =>
  t.container.database.db.selectFrom('media_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const local = (key: string) => storedFile(t.container.storage, key, dir.path);

beforeAll(async () => {
  t = await testApp();
  events = recordMediaEvents(t.container);
  const { id: userId } = await createUser(t.container.database.db);
  const files = {
    // Already what the 720 rung is: H.264 yuv420p + AAC at 720x1280, with metadata the served copy must lose.
    fitting: await makeClip(join(dir.path, 'fitting.mp4'), {
      width: 720,
      height: 1280,
      seconds: 6,
      extra: ['-metadata', 'title=private title', '-metadata', 'location=+48.8584+002.2945/', '-movflags', '+faststart'],
    }),
    fullHd: await makeClip(join(dir.path, 'full-hd.mp4'), {
      width: 1080,
      height: 1920,
      seconds: 9,
      codec: ['-c:v', 'mpeg4', '-q:v', '5'],
    }),
    rotated: join(dir.path, 'rotated.mp4'),
  };
  // Stored landscape with a quarter-turn display matrix: shown as 720x1280.
  await makeClip(join(dir.path, 'landscape.mp4'), { width: 1280, height: 720, seconds: 3, audio: false });
  await runFfmpeg(['-y', '-i', join(dir.path, 'landscape.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', files.rotated]);
  for (const [label, file] of Object.entries(files)) {
    const {
      postId,
      media: [first],
    } = await uploadedPost(t.container, userId, [file]);
    posts[label as keyof typeof posts] = { postId, mediaId: first!.id, name: first!.name, file };
    await t.container.services.processing.schedule(postId);
    await t.container.services.processing.schedule(postId);
  }
  worker = await processingWorker(t.container);
  for (const { postId } of Object.values(posts))
    await waitForPostStatus(t.container, postId, [PostStatus.published, PostStatus.failed], 240_000);
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  dir.remove();
});

describe('a video post', () => {
  test('ends published with every job done and its media ready', async () => {
    for (const { postId, mediaId } of Object.values(posts)) {
      const post = await t.container.database.db
        .selectFrom('posts')
        .select(['status', 'published_at'])
        .where('id', '=', postId)
        .executeTakeFirstOrThrow();
      expect(post.status).toBe(PostStatus.published);
      const jobs = await t.container.database.db
        .selectFrom('post_jobs')
        .select(['kind', 'state'])
        .where('post_id', '=', postId)
        .orderBy('id')
        .execute();
      expect(jobs.every((job) => job.state === 'done')).toBe(true);
      expect((await media(mediaId)).status).toBe(MediaStatus.ready);
    }
  });

  test('scheduling twice plans once: one job row per kind', async () => {
    const jobs = await t.container.database.db
      .selectFrom('post_jobs')
      .select('kind')
      .where('post_id', '=', posts.fullHd.postId)
      .orderBy('id')
      .execute();
    expect(jobs.map((job) => job.kind)).toEqual(['probe', 'mp4-360', 'mp4-540', 'mp4-720', 'mp4-1080', 'hls', 'stills']);
  });

  test('gets the ladder rungs no larger than its shortest side', async () => {
    const rungs = async (id: number) =>
      Object.keys((await media(id)).variants)
        .filter((name) => name.startsWith('mp4-'))
        .sort();
    expect(await rungs(posts.fitting.mediaId)).toEqual(['mp4-360', 'mp4-540', 'mp4-720']);
    expect(await rungs(posts.fullHd.mediaId)).toEqual(['mp4-1080', 'mp4-360', 'mp4-540', 'mp4-720']);
    expect(await rungs(posts.rotated.mediaId)).toEqual(['mp4-360', 'mp4-540', 'mp4-720']);
  });

  // Decodes every rendition of the posts in full: well over 20 s when another test file shares the cores.
  test('every MP4 is H.264/AAC with faststart, plays to the end and has the size its variant says', async () => {
    for (const { mediaId } of Object.values(posts)) {
      const { variants, duration_ms: durationMs } = await media(mediaId);
      for (const [name, variant] of Object.entries(variants).filter(([key]) => key.startsWith('mp4-'))) {
        const path = await local(variant.key);
        const boxes = await topLevelBoxes(path);
        expect(boxes.indexOf('moov'), `${name} faststart`).toBeLessThan(boxes.indexOf('mdat'));
        await decodesCleanly(path);
        const report = await ffprobe(path);
        const video = report.streams.find((stream) => stream.codec_type === 'video');
        expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: variant.width, height: variant.height });
        expect(Math.min(variant.width ?? 0, variant.height ?? 0)).toBe(Number(name.slice(4)));
        expect(Number(report.format.duration) * 1000).toBeGreaterThan((durationMs ?? 0) * 0.9);
        expect(video?.side_data_list ?? []).toEqual([]);
      }
    }
  }, 120_000);

  test('rotation is applied: a rotated landscape file becomes portrait renditions', async () => {
    const row = await media(posts.rotated.mediaId);
    expect({ width: row.width, height: row.height }).toEqual({ width: 720, height: 1280 });
    expect(row.variants['mp4-540']).toMatchObject({ width: 540, height: 960 });
    expect(row.variants['poster-jpg']).toMatchObject({ width: 720, height: 1280 });
  });

  test('a fitting H.264 source is remuxed: same frames, new container without its metadata', async () => {
    const { variants } = await media(posts.fitting.mediaId);
    const served = await local(variants['mp4-720']!.key);
    expect(await videoPacketsMd5(served)).toBe(await videoPacketsMd5(posts.fitting.file));
    const sha = async (path: string) =>
      createHash('sha256')
        .update(await readFile(path))
        .digest('hex');
    expect(await sha(served)).not.toBe(await sha(posts.fitting.file));
    const original = await ffprobe(posts.fitting.file);
    expect(original.format.tags?.title).toBe('private title');
    const report = await ffprobe(served);
    expect(report.format.tags?.title).toBeUndefined();
    expect(JSON.stringify(report)).not.toContain('48.8584');
    // The other rungs were encoded: their frames are new.
    expect(await videoPacketsMd5(await local(variants['mp4-540']!.key))).not.toBe(await videoPacketsMd5(posts.fitting.file));
  });

  test('HLS: a master playlist lists every rung, each cut into ~4 s fMP4 segments that are all stored', async () => {
    const { variants, name } = await media(posts.fullHd.mediaId);
    expect(variants.hls).toMatchObject({ key: `media/${name}/hls/master.m3u8`, mime: 'application/vnd.apple.mpegurl' });
    const master = await readFile(await local(variants.hls!.key), 'utf8');
    const listed = master.split('\n').filter((line) => line.endsWith('.m3u8'));
    expect(listed).toEqual(['360p/index.m3u8', '540p/index.m3u8', '720p/index.m3u8', '1080p/index.m3u8']);
    expect(master).toContain('RESOLUTION=1080x1920');
    for (const playlist of listed) {
      const text = await readFile(await local(`media/${name}/hls/${playlist}`), 'utf8');
      const durations = [...text.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]));
      expect(durations.reduce((sum, value) => sum + value, 0)).toBeCloseTo(9, 0);
      for (const duration of durations.slice(0, -1)) expect(Math.abs(duration - SEGMENT_SECONDS)).toBeLessThan(0.15);
      const folder = playlist.split('/')[0];
      for (const segment of text.split('\n').filter((line) => line.endsWith('.m4s') || line.includes('init.mp4'))) {
        const file = segment.startsWith('#EXT-X-MAP') ? 'init.mp4' : segment;
        expect(await t.container.storage.exists(`media/${name}/hls/${folder}/${file}`), file).toBe(true);
      }
    }
  });

  test('stills: poster, listing, thumbnail, peek and mini, plus a thumbhash placeholder', async () => {
    const row = await media(posts.fullHd.mediaId);
    for (const name of [
      'poster-webp',
      'poster-jpg',
      'listing-webp',
      'listing-jpg',
      'thumb-webp',
      'thumb-jpg',
      'peek-jpg',
      'peek-png',
      'mini-jpg',
      'mini-png',
    ]) {
      expect(row.variants[name], name).toBeDefined();
      expect(await t.container.storage.exists(row.variants[name]!.key), name).toBe(true);
    }
    expect(row.variants['poster-jpg']).toMatchObject({ width: 1080, height: 1920 });
    expect(row.variants['listing-webp']).toMatchObject({ width: 360, height: 640 });
    expect(row.variants['peek-jpg']?.width).toBe(180);
    expect(row.variants['mini-png']?.width).toBe(64);
    const placeholder = thumbHashToRGBA(Buffer.from(row.placeholder ?? '', 'base64'));
    expect(placeholder.h).toBeGreaterThan(placeholder.w);
  });

  test('progress events go up in order and end at 100 with status ready', () => {
    const mine = events.filter((event) => event.postId === posts.fullHd.postId);
    const progress = mine.map((event) => event.progress ?? 0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(mine.at(-1)).toMatchObject({ id: posts.fullHd.mediaId, status: MediaStatus.ready, progress: 100 });
    // Started and done of 7 jobs, then the final event.
    expect(mine.length).toBe(15);
  });

  test('the duplicate check and the new-post notification are enqueued once it is published', async () => {
    const { rows } = await t.container.database.pool.query<{ task_identifier: string; key: string }>(
      'SELECT task_identifier, key FROM graphile_worker.jobs',
    );
    const { rows: signatures } = await t.container.database.pool.query(
      'SELECT media_id FROM media_signatures WHERE media_id = $1',
      [posts.fullHd.mediaId],
    );
    // Either still waiting or already run by the worker (which leaves a signature behind).
    expect(rows.some((row) => row.key === `media-simicheck:${posts.fullHd.mediaId}`) || signatures.length === 1).toBe(true);
  });
});

describe('/thumber/', () => {
  test('serves peek and mini as JPEG and PNG with ranges, ETag and public (not immutable) caching', async () => {
    const { name } = posts.fullHd;
    const peek = await t.request({ method: 'GET', url: `/thumber/peek/${name}.jpg` });
    expect(peek.status).toBe(200);
    expect(peek.headers['content-type']).toBe('image/jpeg');
    expect(peek.headers['cache-control']).toBe(PUBLIC_MEDIA_CACHE);
    const again = await t.request({
      method: 'GET',
      url: `/thumber/peek/${name}.jpg`,
      headers: { 'if-none-match': String(peek.headers.etag) },
    });
    expect(again.status).toBe(304);
    const part = await t.request({ method: 'GET', url: `/thumber/mini/${name}.png`, headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-type']).toBe('image/png');
  });

  test('answers 404 for an unknown file and rejects other sizes or formats with an envelope', async () => {
    expect((await t.get('/thumber/peek/nothing-here.jpg')).status).toBe(404);
    const wrong = await t.get(`/thumber/huge/${posts.fullHd.name}.jpg`);
    expect(wrong.status).toBeLessThan(500);
    expect(wrong.body.statusCode).toBeLessThan(0);
    expect((await t.get(`/thumber/peek/${posts.fullHd.name}.gif`)).body.statusCode).toBeLessThan(0);
  });
});
