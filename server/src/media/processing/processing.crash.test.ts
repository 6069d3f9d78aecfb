import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Container, createContainer } from '../../container.ts';
import { createLogger } from '../../logger.ts';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import { closeDatabase, createDatabase, databaseUrl, migrateDatabase } from '../../test/databases.ts';
import { createUser } from '../../test/fixtures.ts';
import { freePort, type NodeProcess, spawnNode, stopProcess, temporaryDirectory, waitForOutput } from '../../test/processes.ts';
import { type TestApp, testApp, testConfig } from '../../test/test-app.ts';
import { processingScratchRoot } from './processing-services.ts';
import { decodesCleanly, storedFile, topLevelBoxes } from './rendition-checks.ts';
import { makeClip, processingWorker, uploadedPost, waitForPostStatus } from './test-uploads.ts';

const MPEG4 = ['-c:v', 'mpeg4', '-q:v', '4'];
const dir = temporaryDirectory('velvet-processing-crash-');

/** Resolves once one of the post's rung jobs is `started`, i.e. an ffmpeg transcode is running. */
async function transcodeRunning(container: Container, postId: number, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const started = await container.database.db
      .selectFrom('post_jobs')
      .select('kind')
      .where('post_id', '=', postId)
      .where('state', '=', 'started')
      .where('kind', 'like', 'mp4-%')
      .executeTakeFirst();
    if (started) return started.kind;
    if (Date.now() > deadline) throw new Error(`no transcode of post ${postId} started within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every variant names a stored object of the size it records; every MP4 has faststart and decodes; every HLS entry is stored. */
async function assertRenditionsComplete(container: Container, postId: number) {
  const rows = await container.database.db.selectFrom('media_files').selectAll().where('post_id', '=', postId).execute();
  for (const row of rows) {
    expect(row.status).toBe(MediaStatus.ready);
    for (const [name, variant] of Object.entries(row.variants)) {
      const stored = await container.storage.stat(variant.key);
      expect(stored, name).toBeDefined();
      if (variant.bytes !== undefined) expect(stored?.size, name).toBe(variant.bytes);
      if (!name.startsWith('mp4-')) continue;
      const path = await storedFile(container.storage, variant.key, dir.path);
      const boxes = await topLevelBoxes(path);
      expect(boxes.indexOf('moov'), name).toBeLessThan(boxes.indexOf('mdat'));
      await decodesCleanly(path);
    }
    const master = await readFile(await storedFile(container.storage, row.variants.hls!.key, dir.path), 'utf8');
    for (const playlist of master.split('\n').filter((line) => line.endsWith('.m3u8'))) {
      const key = `media/${row.name}/hls/${playlist}`;
      const text = await readFile(await storedFile(container.storage, key, dir.path), 'utf8');
      const folder = playlist.split('/')[0];
      for (const segment of text.split('\n').filter((line) => line.endsWith('.m4s'))) {
        expect(await container.storage.exists(`media/${row.name}/hls/${folder}/${segment}`), segment).toBe(true);
      }
    }
  }
}

/** The processes whose parent is pid (ffmpeg runs of a worker). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

afterAll(() => dir.remove());

describe('a worker killed in the middle of a transcode', () => {
  let t: TestApp;
  const workers: NodeProcess[] = [];
  const startWorkerProcess = async () => {
    const proc = spawnNode(['server/src/main.ts', 'worker'], {
      DATABASE_URL: t.database.url,
      DATA_DIR: t.container.config.dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WORKER_CONCURRENCY: '1',
    });
    workers.push(proc);
    return proc;
  };

  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    for (const proc of workers) await stopProcess(proc);
    await t?.close();
  });

  test('is retried by the next worker, which publishes the post with complete renditions', async () => {
    const { id: userId } = await createUser(t.container.database.db);
    const clip = await makeClip(join(dir.path, 'long.mp4'), { width: 720, height: 1280, seconds: 20, codec: MPEG4 });
    const { postId } = await uploadedPost(t.container, userId, [clip]);
    await t.container.services.processing.schedule(postId);

    const first = await startWorkerProcess();
    const killedJob = await transcodeRunning(t.container, postId, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // As when the machine dies: the worker and its ffmpeg at once, no chance to clean up.
    const pid = first.child.pid ?? 0;
    for (const child of childrenOf(pid)) process.kill(child, 'SIGKILL');
    first.child.kill('SIGKILL');
    await first.exited;
    const scratch = processingScratchRoot(t.container.config);
    expect(readdirSync(scratch).some((name) => name.startsWith(`p${pid}-`))).toBe(true);
    const { rows: locked } = await t.container.database.pool.query('SELECT locked_by FROM graphile_worker.jobs WHERE key = $1', [
      `media-process:${postId}`,
    ]);
    expect(locked[0]?.locked_by).toBeTruthy();

    const second = await startWorkerProcess();
    await waitForOutput(second, /released the jobs of workers that are gone/, 60_000);
    await waitForPostStatus(t.container, postId, [PostStatus.published, PostStatus.failed], 240_000);
    expect(
      (await t.container.database.db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow())
        .status,
    ).toBe(PostStatus.published);
    const jobs = await t.container.database.db
      .selectFrom('post_jobs')
      .select(['kind', 'state', 'attempts'])
      .where('post_id', '=', postId)
      .execute();
    expect(jobs.every((job) => job.state === 'done')).toBe(true);
    expect(jobs.find((job) => job.kind === killedJob)?.attempts).toBe(2);
    await assertRenditionsComplete(t.container, postId);
    expect(readdirSync(scratch).some((name) => name.startsWith(`p${pid}-`))).toBe(false);
  }, 420_000);
});

describe('PostgreSQL restarted while a job runs', () => {
  const pgFolder = temporaryDirectory('velvet-pg-restart-');
  const dataDir = temporaryDirectory('velvet-pg-restart-data-');
  let port: number;
  let server: NodeProcess | undefined;
  let container: Container | undefined;

  const startPostgres = async () => {
    server = spawnNode(['server/src/test/postgres-server.ts', pgFolder.path, String(port), 'keep'], {}, { stdin: 'pipe' });
    const [, url = ''] = await waitForOutput(server, /^READY (\S+)$/m, 60_000);
    return url;
  };
  const stopPostgres = async () => {
    server?.child.stdin?.end();
    await server?.exited;
  };

  afterAll(async () => {
    if (container) {
      await container.close().catch(() => undefined);
      await closeDatabase(container.database).catch(() => undefined);
    }
    await stopPostgres();
    pgFolder.remove();
    dataDir.remove();
  });

  test('the job still completes: the worker reconnects and the post is published', async () => {
    port = await freePort();
    const adminUrl = await startPostgres();
    const url = databaseUrl(adminUrl, 'velvet_restart');
    await createDatabase(adminUrl, 'velvet_restart');
    await migrateDatabase(url, createLogger('warn'));
    const config = testConfig(dataDir.path, { DATABASE_URL: url, EVENT_BUS: 'memory' });
    container = await createContainer(config, createLogger(config.logLevel), { databaseUrl: url });
    const worker = await processingWorker(container);
    try {
      const { id: userId } = await createUser(container.database.db);
      const clip = await makeClip(join(dir.path, 'restart.mp4'), { width: 720, height: 1280, seconds: 12, codec: MPEG4 });
      const { postId } = await uploadedPost(container, userId, [clip]);
      await container.services.processing.schedule(postId);
      await transcodeRunning(container, postId, 60_000);

      await stopPostgres();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await startPostgres();

      await waitForPostStatus(container, postId, [PostStatus.published, PostStatus.failed], 240_000);
      const post = await container.database.db
        .selectFrom('posts')
        .select('status')
        .where('id', '=', postId)
        .executeTakeFirstOrThrow();
      expect(post.status).toBe(PostStatus.published);
      await assertRenditionsComplete(container, postId);
    } finally {
      await worker.stop();
    }
  }, 420_000);
});
