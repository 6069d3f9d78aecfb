import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate } from '../../../server/src/db/migrate.ts';
import { PostStatus } from '../../../server/src/posts/post-status.ts';
import { databaseUrl, datasetDatabase, log, startBenchPostgres, withClient } from './bench-database.ts';

/**
 * `npm run bench:data -- --posts 1000000`: a feed dataset in its own database on the bench's embedded
 * PostgreSQL, written set-wise with generate_series (no row-by-row inserts). Deterministic: the same size
 * gives the same rows. Shape, per post n (1 = oldest):
 *   - author: one of posts/100 users (at least 100), so a profile holds about 100 posts;
 *   - published evenly over the last 365 days; 1 in 50 is still processing, 1 in 200 deleted;
 *   - orientation 1, with every 10th gay and every 17th trans;
 *   - popularity, likes, views and shares from a hash of n (a long tail);
 *   - one ready video file and three tags: a hot one of 50 (about 2% of posts each) and two of 2000.
 */
const SIZE_LIMIT = 20_000_000;

function options() {
  const { values } = parseArgs({
    options: { posts: { type: 'string', default: '10000' }, force: { type: 'boolean', default: false } },
  });
  const posts = Number(values.posts);
  if (!Number.isInteger(posts) || posts < 1000 || posts > SIZE_LIMIT) {
    console.error(`--posts must be an integer from 1000 to ${SIZE_LIMIT}`);
    process.exit(2);
  }
  return { posts, force: values.force };
}

async function step(client: pg.Client, label: string, statement: string, values: unknown[] = []) {
  const started = performance.now();
  const result = await client.query(statement, values);
  process.stderr.write(`  ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Tables filled in bulk: their secondary indexes are dropped first and built once at the end, which is far faster. */
const BULK_TABLES = ['posts', 'media_files', 'post_tags'];

async function dropSecondaryIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = any($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const { name } of rows) await client.query(`DROP INDEX ${name}`);
  return rows.map((row) => row.definition);
}

export async function generate(client: pg.Client, posts: number): Promise<void> {
  const users = Math.max(100, Math.floor(posts / 100));
  const indexes = await dropSecondaryIndexes(client);
  await step(
    client,
    'users',
    `INSERT INTO users (username, display_name, type, bio)
     SELECT 'bench_u' || n, 'Bench creator ' || n, CASE WHEN n % 10 = 0 THEN 3 ELSE 1 END, 'Posting for the benchmark #bench'
     FROM generate_series(1, $1::int) n`,
    [users],
  );
  await step(client, 'tags', `INSERT INTO tags (tag) SELECT 'bt' || n FROM generate_series(1, 2050) n`);
  await step(
    client,
    'posts',
    `INSERT INTO posts (user_id, kind, title, status, lgbt, likes_count, shares_count, views_count, completions,
                        popularity, created_at, published_at, deleted_at)
     SELECT u.first + (n::bigint * 7919) % $2, 'video', 'Bench post ' || n,
            CASE WHEN n % 50 = 0 THEN ${PostStatus.processing} ELSE ${PostStatus.published} END,
            CASE WHEN n % 10 = 0 THEN 2 WHEN n % 17 = 0 THEN 3 ELSE 1 END,
            h % 500, h % 40, h % 20000, h % 3000,
            (h % 10007) / 100.0 / power(1 + ($1 - n) * 8760.0 / $1, 0.5),
            stamp, CASE WHEN n % 50 = 0 THEN NULL ELSE stamp END,
            CASE WHEN n % 200 = 0 THEN stamp + interval '1 day' END
     FROM (SELECT min(id) AS first FROM users) u,
          LATERAL generate_series(1, $1::int) n,
          LATERAL (SELECT abs(hashint4(n)) AS h, now() - ($1 - n) * (interval '365 days' / $1) AS stamp) x`,
    [posts, users],
  );
  await step(
    client,
    'media files',
    `INSERT INTO media_files (name, owner_id, kind, mime_type, status, width, height, duration_ms, variants, post_id)
     SELECT 'bench' || p.id, p.user_id, 'video', 'video/mp4', 10, 540, 960, 8000,
            jsonb_build_object('mp4-540', jsonb_build_object('key', 'media/bench/mp4-540.mp4', 'mime', 'video/mp4', 'width', 540, 'height', 960),
                               'listing-jpg', jsonb_build_object('key', 'media/bench/listing.jpg', 'mime', 'image/jpeg', 'width', 270, 'height', 480)),
            p.id
     FROM posts p`,
  );
  // The listing-time trigger would look each post up again; the insert copies it itself.
  await client.query('ALTER TABLE post_tags DISABLE TRIGGER post_tags_listed_at');
  await step(
    client,
    'post tags',
    `INSERT INTO post_tags (post_id, tag_id, position, listed_at)
     SELECT p.id, t.first + slot.tag, slot.position, coalesce(p.published_at, p.created_at)
     FROM posts p, (SELECT min(id) AS first FROM tags) t,
          LATERAL (VALUES (0, (p.id / 3) % 50), (1, 50 + (p.id * 31) % 2000), (2, 50 + (p.id * 97 + 1000) % 2000)) slot(position, tag)
     ON CONFLICT DO NOTHING`,
  );
  await client.query('ALTER TABLE post_tags ENABLE TRIGGER post_tags_listed_at');
  await step(
    client,
    'tag use counts',
    `UPDATE tags t SET use_count = c.count FROM (SELECT tag_id, count(*) AS count FROM post_tags GROUP BY tag_id) c WHERE c.tag_id = t.id`,
  );
  await step(
    client,
    'author counters',
    `UPDATE users u SET posts_count = c.count, likes_received = c.likes
     FROM (SELECT user_id, count(*) FILTER (WHERE status = ${PostStatus.published} AND deleted_at IS NULL) AS count, sum(likes_count) AS likes
           FROM posts GROUP BY user_id) c
     WHERE c.user_id = u.id`,
  );
  const started = performance.now();
  for (const definition of indexes) await client.query(definition);
  process.stderr.write(`  ${indexes.length} indexes rebuilt: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  await step(client, 'analyze', 'ANALYZE');
}

async function main() {
  const { posts, force } = options();
  const database = datasetDatabase(posts);
  process.stderr.write(`bench dataset ${database} (${posts.toLocaleString('en')} posts) on bench/.data/pg\n`);
  // Built under a name of its own and renamed when complete, so an interrupted run never leaves a
  // half-filled dataset that the next run would take for a finished one.
  const building = `${database}_building`;
  const server = await startBenchPostgres();
  try {
    const exists = await withClient(server.url, async (admin) => {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (found.rowCount && !force) return true;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      return false;
    });
    if (exists) {
      process.stderr.write(`${database} exists already (--force rebuilds it)\n`);
      return;
    }
    const url = databaseUrl(server, building);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => undefined);
    await migrate(pool, log);
    await pool.end();
    const started = performance.now();
    await withClient(url, (client) => generate(client, posts));
    await withClient(server.url, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${database}`);
    });
    process.stderr.write(`done in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  } finally {
    await server.stop();
  }
}

if (import.meta.main) await main();
