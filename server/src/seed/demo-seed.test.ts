import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { RecordsRepository } from '../compliance/records/records.repository.ts';
import type { MediaVariant } from '../db/schema.ts';
import { storedFile, videoPacketsMd5 } from '../media/processing/rendition-checks.ts';
import { processingWorker } from '../media/processing/test-uploads.ts';
import { MediaStatus, PostStatus } from '../posts/post-status.ts';
import { temporaryDirectory } from '../test/processes.ts';
import { type TestApp, testApp } from '../test/test-app.ts';
import { seedDemoContent } from './demo-seed.ts';

// The real seed, with real ffmpeg and sharp and every post through the media pipeline: a minute or two on
// two idle cores, several when the machine is shared.
const SEED_TIMEOUT = 600_000;
const WORKER_DRAIN_MS = 240_000;
let api: TestApp;
let seedStartedAt: Date;
const dir = temporaryDirectory('velvet-demo-seed-');
/** What the seed left, read again after the worker ran the jobs that processing enqueued. */
let beforeWorker: Awaited<ReturnType<typeof pipelineState>>;
let afterWorker: Awaited<ReturnType<typeof pipelineState>>;
let jobsBeforeWorker: Record<string, number>;

const db = () => api.container.database.db;
const count = async (table: 'users' | 'posts' | 'playlists' | 'sounds' | 'tag_translations' | 'media_files' | 'notifications') =>
  Number((await db().selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

async function pipelineState() {
  const [posts, jobs, media, notifications] = await Promise.all([
    db().selectFrom('posts').select(['id', 'status', 'published_at', 'updated_at']).orderBy('id').execute(),
    db().selectFrom('post_jobs').select(['post_id', 'kind', 'state', 'attempts', 'updated_at']).orderBy('id').execute(),
    db()
      .selectFrom('media_files')
      .select(['id', 'status', 'variants', 'updated_at'])
      .where('post_id', 'is not', null)
      .orderBy('id')
      .execute(),
    count('notifications'),
  ]);
  return { posts, jobs, media, notifications };
}

async function queuedJobs(): Promise<Record<string, number>> {
  const { rows } = await sql<{ task: string; n: number }>`
    SELECT task_identifier AS task, count(*)::int AS n FROM graphile_worker.jobs GROUP BY 1`.execute(db());
  return Object.fromEntries(rows.map((row) => [row.task, row.n]));
}

/** Runs a worker like the app's until every queued job is done (a failing one keeps the queue non-empty). */
async function drainQueueWithWorker() {
  const worker = await processingWorker(api.container);
  try {
    const deadline = Date.now() + WORKER_DRAIN_MS;
    while (Object.keys(await queuedJobs()).length > 0) {
      if (Date.now() > deadline) throw new Error(`jobs still queued: ${JSON.stringify(await queuedJobs())}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await worker.stop();
  }
}

beforeAll(async () => {
  api = await testApp();
  seedStartedAt = new Date();
  await seedDemoContent(api.container);
  beforeWorker = await pipelineState();
  jobsBeforeWorker = await queuedJobs();
  await drainQueueWithWorker();
  afterWorker = await pipelineState();
}, SEED_TIMEOUT);
afterAll(async () => {
  await api?.close();
  dir.remove();
});

const postMedia = () =>
  db()
    .selectFrom('media_files as m')
    .innerJoin('posts as p', 'p.id', 'm.post_id')
    .select([
      'm.id',
      'm.name',
      'm.kind',
      'm.status',
      'm.original_key',
      'm.variants',
      'm.placeholder',
      'm.position',
      'p.kind as postKind',
    ])
    .orderBy('m.id')
    .execute();

const missingKeys = async (variants: Record<string, MediaVariant>) => {
  const keys = Object.values(variants).map((variant) => variant.key);
  const present = await Promise.all(keys.map((key) => api.container.storage.exists(key)));
  return keys.filter((_, index) => !present[index]);
};

test('creates users of every account type, with the demo creator able to log in by password', async () => {
  const users = await db().selectFrom('users').select(['username', 'type', 'password_hash']).execute();
  expect(users.length).toBeGreaterThanOrEqual(8);
  for (const type of [1, 2, 3, 5, 6]) expect(users.some((user) => user.type === type)).toBe(true);
  const demo = users.find((user) => user.username === 'demo');
  expect(demo?.password_hash).toMatch(/^\$argon2id\$/);
  expect(users.filter((user) => user.password_hash)).toHaveLength(1);
  // Verified demo creators (the demo login among them) and every author have performer records: the
  // former pass the uploader gate, the latter complete their posts' 2257 records.
  const performers = await db()
    .selectFrom('performer_identities as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select('u.username')
    .execute();
  const authors = await db().selectFrom('posts as p').innerJoin('users as u', 'u.id', 'p.user_id').select('u.username').execute();
  expect(performers.map((row) => row.username).sort()).toEqual(
    [
      ...new Set([
        ...users.filter((user) => [3, 5, 6].includes(user.type)).map((user) => user.username),
        ...authors.map((row) => row.username),
      ]),
    ].sort(),
  );
  expect(performers.map((row) => row.username)).toContain('demo');
});

test('creates at least 40 posts, videos and image sets, published by the pipeline on their planned dates', async () => {
  const posts = await db()
    .selectFrom('posts')
    .select(['id', 'kind', 'status', 'target_status', 'sound_id', 'published_at'])
    .execute();
  expect(posts.length).toBeGreaterThanOrEqual(40);
  expect(posts.every((post) => post.status === PostStatus.published && post.target_status === PostStatus.published)).toBe(true);
  expect(posts.some((post) => post.kind === 'video')).toBe(true);
  const imagePosts = posts.filter((post) => post.kind === 'images');
  expect(imagePosts.length).toBeGreaterThan(0);
  expect(imagePosts.every((post) => post.sound_id !== null)).toBe(true);
  // Publishing kept the planned dates (spread over the last month) instead of stamping the processing time.
  const publishedAt = posts.map((post) => post.published_at?.getTime() ?? Number.NaN);
  expect(publishedAt.every((at) => at < seedStartedAt.getTime())).toBe(true);
  expect(Math.min(...publishedAt)).toBeLessThan(seedStartedAt.getTime() - 7 * 24 * 3600 * 1000);

  // Complete 2257 records: the legacy guard finds nothing to take down, however recent the post.
  expect(await new RecordsRepository(db()).incompletePublished(0)).toEqual([]);

  const newest = await api.get('/api/post/?latest=1&limit=10');
  const expected = [...posts].sort((a, b) => (b.published_at?.getTime() ?? 0) - (a.published_at?.getTime() ?? 0));
  expect(newest.body.posts.map((post: { id: number }) => post.id)).toEqual(expected.slice(0, 10).map((post) => post.id));
});

test('every post ran its whole processing plan once, and its media are ready with every rendition stored', async () => {
  const jobs = await db().selectFrom('post_jobs').select(['post_id', 'kind', 'state', 'attempts']).execute();
  const posts = await db().selectFrom('posts').select(['id', 'kind']).execute();
  for (const post of posts) {
    const plan = jobs.filter((job) => job.post_id === post.id);
    const kinds = plan.map((job) => job.kind).sort();
    expect(kinds).toEqual(post.kind === 'video' ? ['hls', 'mp4-360', 'mp4-540', 'probe', 'stills'] : ['images', 'slideshow']);
    expect(plan.every((job) => job.state === 'done' && job.attempts === 1)).toBe(true);
  }

  const media = await postMedia();
  for (const file of media) {
    expect(file.status).toBe(MediaStatus.ready);
    expect(file.original_key).toBe(`media/${file.name}/original.${file.kind === 'video' ? 'mp4' : 'jpg'}`);
    expect(await api.container.storage.exists(file.original_key as string)).toBe(true);
    expect(file.placeholder).toBeTruthy();
    expect(await missingKeys(file.variants)).toEqual([]);
    const names = Object.keys(file.variants);
    const stills = ['poster-jpg', 'poster-webp', 'listing-jpg', 'thumb-webp', 'peek-jpg', 'peek-png', 'mini-jpg', 'mini-png'];
    expect(names).toEqual(expect.arrayContaining(stills));
    if (file.kind === 'video') expect(names).toEqual(expect.arrayContaining(['mp4-360', 'mp4-540', 'hls']));
    else expect(names).toEqual(expect.arrayContaining(['listing-small-webp', 'avatar-retina-jpg', 'banner-medium-webp']));
    // An image post's slideshow is stored as its first picture's mp4-720.
    if (file.postKind === 'images') expect(names.includes('mp4-720')).toBe(file.position === 0);
  }
});

test('a seeded video has an HLS ladder, and its 540 rung is a remux of the original', async () => {
  const video = (await postMedia()).find((file) => file.kind === 'video');
  const variants = video?.variants ?? {};
  const master = await readFile(await storedFile(api.container.storage, variants.hls?.key as string, dir.path), 'utf8');
  expect(master.match(/^(360p|540p)\/index\.m3u8$/gm)).toEqual(['360p/index.m3u8', '540p/index.m3u8']);
  for (const rung of ['360p', '540p']) {
    const playlistKey = `media/${video?.name}/hls/${rung}/index.m3u8`;
    const playlist = await readFile(await storedFile(api.container.storage, playlistKey, dir.path), 'utf8');
    const segments = playlist.split('\n').filter((line) => line.endsWith('.m4s'));
    expect(segments.length).toBeGreaterThan(0);
    for (const segment of segments)
      expect(await api.container.storage.exists(`media/${video?.name}/hls/${rung}/${segment}`)).toBe(true);
  }
  const original = await storedFile(api.container.storage, video?.original_key as string, dir.path);
  const rung540 = await storedFile(api.container.storage, variants['mp4-540']?.key as string, dir.path);
  expect(await videoPacketsMd5(rung540)).toBe(await videoPacketsMd5(original));
});

test('the worker jobs that scheduling enqueued find every seeded post done and redo nothing', () => {
  expect(jobsBeforeWorker['media:process']).toBe(beforeWorker.posts.length);
  expect(afterWorker).toEqual(beforeWorker);
});

test('the duplicate check that publishing enqueued signs every seeded video and finds no copies among them', async () => {
  const signatures = await db().selectFrom('media_signatures').select(['media_id', 'duplicate_of_media_id']).execute();
  const videos = (await postMedia()).filter((file) => file.kind === 'video');
  expect(signatures.map((row) => row.media_id).sort()).toEqual(videos.map((file) => file.id).sort());
  expect(signatures.filter((row) => row.duplicate_of_media_id !== null)).toEqual([]);
});

test('creates tags in several languages, playlists and sounds', async () => {
  const languages = await db().selectFrom('tag_translations').select('lang').distinct().execute();
  expect(languages.length).toBeGreaterThanOrEqual(3);
  expect(await count('playlists')).toBeGreaterThanOrEqual(3);
  expect(await count('sounds')).toBeGreaterThanOrEqual(4);
});

test('a generated video is served with range support', async () => {
  const video = await db().selectFrom('media_files').select('variants').where('kind', '=', 'video').executeTakeFirstOrThrow();
  const rendition = Object.values(video.variants).find((variant) => variant.mime === 'video/mp4');
  expect(rendition).toBeDefined();
  const response = await api.get(`/${rendition?.key}`, { range: 'bytes=0-99' });
  expect(response.status).toBe(206);
  expect(response.headers['content-range']).toMatch(/^bytes 0-99\//);
});

test('never seeds a database that already has content', async () => {
  const before = await Promise.all([count('users'), count('posts'), count('media_files')]);
  await seedDemoContent(api.container);
  expect(await Promise.all([count('users'), count('posts'), count('media_files')])).toEqual(before);
});
