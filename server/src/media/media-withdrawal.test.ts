import { createServer, type IncomingMessage, type Server } from 'node:http';
import { runOnce } from 'graphile-worker';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { jobDeps } from '../container.ts';
import { buildTaskList } from '../jobs/registry.ts';
import { PostStatus } from '../posts/post-status.ts';
import { authAs, createMedia, createPost, createUser } from '../test/fixtures.ts';
import { temporaryDirectory } from '../test/processes.ts';
import { type TestApp, testApp } from '../test/test-app.ts';

/** What the CDN's purge endpoint (a local HTTP server standing in for one) was asked. */
interface PurgeCall {
  readonly authorization: string | undefined;
  readonly files: readonly string[];
}

const purges: PurgeCall[] = [];
let cdn: Server;
let cdnUrl: string;
let s3rver: S3rver;
let s3Port: number;
let s3Folder: ReturnType<typeof temporaryDirectory>;
const apps: TestApp[] = [];

async function readJson(request: IncomingMessage): Promise<{ files: string[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString());
}

beforeAll(async () => {
  cdn = createServer(async (request, response) => {
    const { files } = await readJson(request);
    purges.push({ authorization: request.headers.authorization, files });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  const address = cdn.address();
  cdnUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/purge`;
  s3Folder = temporaryDirectory('velvet-withdrawal-s3-');
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Folder.path,
    configureBuckets: [{ name: 'velvet-media', configs: [] }],
  });
  s3Port = (await s3rver.run()).port;
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await new Promise((resolve) => cdn?.close(resolve));
  await s3rver?.close();
  s3Folder?.remove();
});

async function appWith(driver: 'local' | 's3'): Promise<TestApp> {
  const storage: Record<string, string> =
    driver === 's3'
      ? {
          STORAGE_DRIVER: 's3',
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          S3_BUCKET: 'velvet-media',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
        }
      : {};
  const t = await testApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000', CDN_PURGE_URL: cdnUrl, CDN_PURGE_TOKEN: 'cdn-secret', ...storage },
  });
  apps.push(t);
  return t;
}

/** A post of `ownerId` whose one media name has renditions, HLS, stills and its original in storage. */
async function postWithFiles(t: TestApp, ownerId: number, status: number = PostStatus.published) {
  const { db } = t.container.database;
  const postId = await createPost(db, ownerId, { status });
  const { name } = await db.selectFrom('media_files').select('name').where('post_id', '=', postId).executeTakeFirstOrThrow();
  const keys = ['mp4-540.mp4', 'hls/master.m3u8', 'hls/540p/seg-000.m4s', 'poster-jpg.jpg', 'peek-jpg.jpg', 'original.mp4'].map(
    (file) => `media/${name}/${file}`,
  );
  for (const key of keys) await t.container.storage.put(key, Buffer.from(key));
  return { postId, name, keys };
}

const addresses = (name: string) => [
  `/media/${name}/mp4-540.mp4`,
  `/media/${name}/hls/540p/seg-000.m4s`,
  `/thumber/peek/${name}.jpg`,
];

async function statuses(t: TestApp, name: string, headers: Record<string, string> = {}) {
  const answers = await Promise.all(addresses(name).map((url) => t.request({ method: 'GET', url, headers })));
  return answers.map((answer) => answer.status);
}

/** Waiting media jobs of `name`, as graphile-worker holds them. */
async function mediaJobs(t: TestApp, name: string) {
  const { rows } = await t.container.database.pool.query<{ task_identifier: string; key: string | null }>(
    `SELECT task_identifier, key FROM graphile_worker.jobs WHERE key IN ('media-remove-files:' || $1, 'media-purge-cdn:' || $1) ORDER BY id`,
    [name],
  );
  return rows.map((row) => ({ task: row.task_identifier, key: row.key }));
}

/** Runs every waiting job once, as a worker process would, and waits for their completion to be recorded. */
async function runJobs(t: TestApp) {
  const { pool } = t.container.database;
  await runOnce({ pgPool: pool, taskList: buildTaskList(jobDeps(t.container)) });
  // runOnce can resolve before the completed jobs' rows are deleted.
  await vi.waitFor(async () => {
    const { rows } = await pool.query('SELECT 1 FROM graphile_worker.jobs WHERE locked_at IS NOT NULL');
    expect(rows).toEqual([]);
  });
}

async function remaining(t: TestApp, keys: readonly string[]) {
  const found = await Promise.all(keys.map((key) => t.container.storage.exists(key)));
  return keys.filter((_, index) => found[index]);
}

describe.each(['local', 's3'] as const)('with %s storage', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(driver);
  });

  test('a deleted post: its renditions answer 404 at once; the removal job deletes every stored object and purges the CDN', async () => {
    const alice = await createUser(t.container.database.db);
    const post = await postWithFiles(t, alice.id);
    const before = await t.get(`/media/${post.name}/mp4-540.mp4`);
    expect(before.status).toBe(200);
    expect(before.headers['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
    expect(before.headers['cache-control']).not.toContain('immutable');
    expect(await statuses(t, post.name)).toEqual([200, 200, 200]);

    const deleted = await t.request({ method: 'DELETE', url: `/api/post/${post.postId}`, headers: await authAs(t, alice.id) });
    expect(deleted.body.statusCode).toBe(1);
    expect(await statuses(t, post.name)).toEqual([404, 404, 404]);
    expect(await statuses(t, post.name, await authAs(t, alice.id))).toEqual([404, 404, 404]);
    expect(await mediaJobs(t, post.name)).toEqual([{ task: 'media:remove-files', key: `media-remove-files:${post.name}` }]);

    purges.length = 0;
    await runJobs(t);
    expect(await remaining(t, post.keys)).toEqual([]);
    expect(await mediaJobs(t, post.name)).toEqual([]);
    const purged = purges.flatMap((call) => call.files);
    const origin = t.container.config.http.baseUrl;
    expect(purged).toEqual(
      expect.arrayContaining([`${origin}/media/${post.name}/mp4-540.mp4`, `${origin}/thumber/peek/${post.name}.jpg`]),
    );
    expect(purges.every((call) => call.authorization === 'Bearer cdn-secret')).toBe(true);
  });

  test("a deleted account's avatar and posts answer 404 and their files are removed", async () => {
    const { db } = t.container.database;
    const leaving = await createUser(db);
    const post = await postWithFiles(t, leaving.id);
    const avatarId = await createMedia(db, leaving.id);
    const avatar = await db.selectFrom('media_files').select('name').where('id', '=', avatarId).executeTakeFirstOrThrow();
    const avatarKey = `media/${avatar.name}/avatar-medium-jpg.jpg`;
    await t.container.storage.put(avatarKey, Buffer.from('avatar'));
    await db.updateTable('users').set({ avatar_media_id: avatarId }).where('id', '=', leaving.id).execute();
    expect((await t.get(`/${avatarKey}`)).status).toBe(200);

    // Asking to leave hides the account at once; the grace period ends 30 days later.
    const left = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await db.updateTable('users').set({ delete_requested_at: left }).where('id', '=', leaving.id).execute();
    expect((await t.get(`/${avatarKey}`)).status).toBe(404);
    expect(await statuses(t, post.name)).toEqual([404, 404, 404]);

    await t.container.jobs.add('accounts:delete-expired', {});
    await runJobs(t);
    await runJobs(t);
    expect(await db.selectFrom('users').select('id').where('id', '=', leaving.id).execute()).toEqual([]);
    expect(await remaining(t, [...post.keys, avatarKey])).toEqual([]);
  });
});

describe('who may see which media', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith('local');
  });

  test("a private post's media answers 404 to everyone but its owner, who gets it uncached", async () => {
    const { db } = t.container.database;
    const alice = await createUser(db);
    const bob = await createUser(db);
    const post = await postWithFiles(t, alice.id, PostStatus.private);
    expect(await statuses(t, post.name)).toEqual([404, 404, 404]);
    expect(await statuses(t, post.name, await authAs(t, bob.id))).toEqual([404, 404, 404]);
    expect(await statuses(t, post.name, await authAs(t, alice.id))).toEqual([200, 200, 200]);
    const bearer = (await authAs(t, alice.id)).authorization as string;
    const byCookie = await t.request({
      method: 'GET',
      url: `/media/${post.name}/mp4-540.mp4`,
      headers: { cookie: `authorization=${bearer.slice('Bearer '.length)}`, range: 'bytes=0-3' },
    });
    expect(byCookie.status).toBe(206);
    expect(byCookie.headers['cache-control']).toBe('private, no-store');
    // Nothing is removed: the owner may publish it again.
    expect(await mediaJobs(t, post.name)).toEqual([]);
  });

  test('a published post made private is purged from the CDN and keeps its files', async () => {
    const alice = await createUser(t.container.database.db);
    const post = await postWithFiles(t, alice.id);
    const edited = await t.request({
      method: 'PUT',
      url: `/api/post/${post.postId}`,
      headers: { ...(await authAs(t, alice.id)), 'content-type': 'application/json' },
      payload: JSON.stringify({ status: PostStatus.private }),
    });
    expect(edited.body.statusCode).toBeGreaterThan(0);
    expect(await statuses(t, post.name)).toEqual([404, 404, 404]);
    expect(await mediaJobs(t, post.name)).toEqual([{ task: 'media:purge-cdn', key: `media-purge-cdn:${post.name}` }]);
    purges.length = 0;
    await runJobs(t);
    expect(purges.flatMap((call) => call.files)).toContain(`${t.container.config.http.baseUrl}/media/${post.name}/mp4-540.mp4`);
    expect(await remaining(t, post.keys)).toEqual(post.keys);
  });

  test('a post blocked by any means (a moderator, plain SQL) answers 404 and loses its files', async () => {
    const { db } = t.container.database;
    const alice = await createUser(db);
    const post = await postWithFiles(t, alice.id);
    await db.updateTable('posts').set({ status: PostStatus.blocked }).where('id', '=', post.postId).execute();
    expect(await statuses(t, post.name, await authAs(t, alice.id))).toEqual([404, 404, 404]);
    await runJobs(t);
    expect(await remaining(t, post.keys)).toEqual([]);
  });

  // Every post status there is, so a new one cannot be served to strangers by default.
  test.each(Object.entries(PostStatus))(
    'a post in status %s (%i): strangers and its owner get what the status allows',
    async (_, status) => {
      const { db } = t.container.database;
      const alice = await createUser(db);
      const post = await postWithFiles(t, alice.id, status);
      const public_ = status === PostStatus.published;
      const withdrawn = status === PostStatus.removed || status === PostStatus.blocked;
      expect(await statuses(t, post.name)).toEqual(Array(3).fill(public_ ? 200 : 404));
      expect(await statuses(t, post.name, await authAs(t, alice.id))).toEqual(Array(3).fill(withdrawn ? 404 : 200));
      await db.updateTable('posts').set({ deleted_at: new Date() }).where('id', '=', post.postId).execute();
      expect(await statuses(t, post.name, await authAs(t, alice.id))).toEqual([404, 404, 404]);
    },
  );

  test('a media name without a row, and a post still processing, are not served to others', async () => {
    const { db } = t.container.database;
    await t.container.storage.put('media/strayName123/mp4-540.mp4', Buffer.from('stray'));
    expect((await t.get('/media/strayName123/mp4-540.mp4')).status).toBe(404);
    const alice = await createUser(db);
    const post = await postWithFiles(t, alice.id, PostStatus.processing);
    expect(await statuses(t, post.name)).toEqual([404, 404, 404]);
    expect(await statuses(t, post.name, await authAs(t, alice.id))).toEqual([200, 200, 200]);
  });
});
