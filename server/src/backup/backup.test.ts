import { readFile } from 'node:fs/promises';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { createContainer } from '../container.ts';
import { createLogger } from '../logger.ts';
import { closeDatabase } from '../test/databases.ts';
import { createPost, createUser, startSession } from '../test/fixtures.ts';
import { spawnNode, temporaryDirectory } from '../test/processes.ts';
import { testApp, testConfig, testDatabase } from '../test/test-app.ts';

/**
 * Issue 24: `velvet backup`, then `velvet restore` into an empty database and an empty data folder, and
 * every post of the original site plays on the restored one: its rows are there and every media file it
 * names is served with the same bytes.
 */
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function velvet(command: 'backup' | 'restore', folder: string, env: Record<string, string>) {
  const proc = spawnNode(['server/src/backup/backup-cli.ts', command, folder], { LOG_LEVEL: 'warn', ...env });
  const code = await proc.exited;
  expect(code, proc.output()).toBe(0);
  return proc.output();
}

test('a backup restored into an empty data folder and database serves every post and its media', async () => {
  const source = await testApp();
  cleanups.push(() => source.close());
  const { db } = source.container.database;
  const author = await createUser(db);
  const fan = await createUser(db);
  const posts: number[] = [];
  for (let n = 0; n < 3; n++) {
    const postId = await createPost(db, author.id);
    const media = await db.selectFrom('media_files').select('variants').where('post_id', '=', postId).execute();
    for (const { variants } of media) {
      for (const { key } of Object.values(variants))
        await source.container.storage.put(key, Buffer.from(`bytes of post ${postId}`));
    }
    posts.push(postId);
  }
  await source.post(`/api/post/like/${posts[0]}`, {}, { authorization: `Bearer ${await tokenOf(source, fan.id)}` });
  const before = await Promise.all(posts.map(async (id) => (await source.get(`/api/post/${id}`)).body));

  const folder = temporaryDirectory('velvet-backup-');
  cleanups.push(folder.remove);
  const printed = await velvet('backup', `${folder.path}/b`, {
    DATABASE_URL: source.database.url,
    DATA_DIR: source.container.config.dataDir,
  });
  expect(printed).toMatch(/Backed up \d+ tables \(\d+ rows\) and \d+ media objects/);

  const emptyDatabase = await testDatabase({ empty: true });
  cleanups.push(emptyDatabase.drop);
  const emptyData = temporaryDirectory('velvet-restored-');
  cleanups.push(emptyData.remove);
  await velvet('restore', `${folder.path}/b`, { DATABASE_URL: emptyDatabase.url, DATA_DIR: emptyData.path });

  const config = testConfig(emptyData.path, { DATABASE_URL: emptyDatabase.url });
  const container = await createContainer(config, createLogger(config.logLevel), { databaseUrl: emptyDatabase.url });
  cleanups.push(async () => {
    await container.close();
    await closeDatabase(container.database);
  });
  const app = await buildApp(container, { web: 'none' });
  cleanups.push(() => app.close());
  for (const [index, id] of posts.entries()) {
    const restored = (await app.inject({ method: 'GET', url: `/api/post/${id}` })).json();
    expect(restored).toEqual(before[index]);
    const urls = restored.post.media.flatMap((media: { variants: Record<string, string> }) => Object.values(media.variants));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(200);
      expect(served.body).toBe(`bytes of post ${id}`);
    }
  }
  expect(await readFile(`${emptyData.path}/secrets.json`, 'utf8')).toBe(
    await readFile(`${source.container.config.dataDir}/secrets.json`, 'utf8'),
  );
}, 90_000);

async function tokenOf(app: Awaited<ReturnType<typeof testApp>>, userId: number) {
  return (await startSession(app.container.database.db, app.container.config.auth.jwtSecret, userId)).session.accessToken;
}
