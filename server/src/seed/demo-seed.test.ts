import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PostStatus } from '../posts/post-status.ts';
import { type TestApp, testApp } from '../test/test-app.ts';
import { seedDemoContent } from './demo-seed.ts';

// The real seed, with real ffmpeg and sharp: it takes most of a minute on two cores.
const SEED_TIMEOUT = 240_000;
let api: TestApp;

beforeAll(async () => {
  api = await testApp();
  await seedDemoContent(api.container);
}, SEED_TIMEOUT);
afterAll(() => api?.close());

const count = async (table: 'users' | 'posts' | 'playlists' | 'sounds' | 'tag_translations' | 'media_files') =>
  Number((await api.container.database.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

test('creates users of every account type, with the demo creator able to log in by password', async () => {
  const db = api.container.database.db;
  const users = await db.selectFrom('users').select(['username', 'type', 'password_hash']).execute();
  expect(users.length).toBeGreaterThanOrEqual(8);
  for (const type of [1, 2, 3, 5, 6]) expect(users.some((user) => user.type === type)).toBe(true);
  const demo = users.find((user) => user.username === 'demo');
  expect(demo?.password_hash).toMatch(/^\$argon2id\$/);
  expect(users.filter((user) => user.password_hash)).toHaveLength(1);
});

test('creates at least 40 published posts, videos and image sets, with their media stored', async () => {
  const db = api.container.database.db;
  const posts = await db.selectFrom('posts').select(['id', 'kind', 'status', 'sound_id']).execute();
  expect(posts.length).toBeGreaterThanOrEqual(40);
  expect(posts.every((post) => post.status === PostStatus.published)).toBe(true);
  expect(posts.some((post) => post.kind === 'video')).toBe(true);
  const imagePosts = posts.filter((post) => post.kind === 'images');
  expect(imagePosts.length).toBeGreaterThan(0);
  expect(imagePosts.every((post) => post.sound_id !== null)).toBe(true);

  const media = await db.selectFrom('media_files').select(['name', 'variants']).where('post_id', 'is not', null).execute();
  const stored = new Set(readdirSync(`${api.container.config.dataDir}/media/media`));
  for (const file of media) expect(stored.has(file.name)).toBe(true);
});

test('creates tags in several languages, playlists and sounds', async () => {
  const languages = await api.container.database.db.selectFrom('tag_translations').select('lang').distinct().execute();
  expect(languages.length).toBeGreaterThanOrEqual(3);
  expect(await count('playlists')).toBeGreaterThanOrEqual(3);
  expect(await count('sounds')).toBeGreaterThanOrEqual(4);
});

test('a generated video is served with range support', async () => {
  const video = await api.container.database.db
    .selectFrom('media_files')
    .select('variants')
    .where('kind', '=', 'video')
    .executeTakeFirstOrThrow();
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
