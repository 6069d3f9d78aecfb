import { hashPassword } from '../../../server/src/accounts/password.ts';
import type { EmbeddedDatabase } from '../../../server/src/db/embedded.ts';
import { databaseExists, databaseUrl, datasetDatabase, withClient } from '../data/bench-database.ts';
import type { Credentials, Sample } from './workload.ts';

const MIX_DATABASE = 'velvet_mix_scratch';
const MEMBER_PASSWORD = 'bench-mix-2026';
/** Posts the steps open, drawn from the whole dataset so the caches see a realistic spread. */
const SAMPLED_POSTS = 5_000;
/** Tag pages visited: the most used, as visitors arrive on those. */
const SAMPLED_TAGS = 200;

export interface MixDatabase {
  readonly url: string;
  readonly accounts: readonly Credentials[];
  readonly sample: Sample;
  /** Drops the scratch copy. */
  drop(): Promise<void>;
}

/**
 * The mix's own copy of a feed dataset (generate.ts, `npm run bench:data -- --posts 1000000`): its likes,
 * follows, views and uploads must not change what the other benches read. The copy is a template clone,
 * about a minute for a million posts. `members` accounts with a known password are added to sign in as:
 * verified creators (type 3), since the simulated users upload too, as the soak's demo account does.
 */
export async function prepareMixDatabase(server: EmbeddedDatabase, posts: number, members: number): Promise<MixDatabase> {
  const source = datasetDatabase(posts);
  if (!(await databaseExists(server.url, source)))
    throw new Error(`${source} is missing: run npm run bench:data -- --posts ${posts}`);
  process.stderr.write(`copying ${source} into ${MIX_DATABASE}…\n`);
  await withClient(server.url, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${MIX_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${MIX_DATABASE} TEMPLATE ${source}`);
  });
  const url = databaseUrl(server, MIX_DATABASE);
  const passwordHash = await hashPassword(MEMBER_PASSWORD);
  const accounts = Array.from({ length: members }, (_, index) => ({ username: `bench_mix_${index}`, password: MEMBER_PASSWORD }));
  const sample = await withClient(url, async (client) => {
    await client.query(
      `INSERT INTO users (username, display_name, type, password_hash, email, email_verified_at)
       SELECT name, 'Bench member', 3, $2, name || '@example.test', now() FROM unnest($1::text[]) AS name`,
      [accounts.map((account) => account.username), passwordHash],
    );
    const { rows } = await client.query<{ id: string; user_id: string; username: string }>(
      `SELECT p.id, p.user_id, u.username FROM posts p TABLESAMPLE SYSTEM (1) JOIN users u ON u.id = p.user_id
       WHERE p.status = 6 LIMIT ${SAMPLED_POSTS}`,
    );
    const tags = await client.query<{ tag: string }>(`SELECT tag FROM tags ORDER BY use_count DESC LIMIT ${SAMPLED_TAGS}`);
    const authors = new Map(rows.map((row) => [Number(row.user_id), row.username]));
    return {
      posts: rows.map((row) => Number(row.id)),
      users: [...authors.keys()],
      usernames: [...authors.values()],
      tags: tags.rows.map((row) => row.tag),
    };
  });
  return {
    url,
    accounts,
    sample,
    drop: () =>
      withClient(server.url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${MIX_DATABASE} WITH (FORCE)`)).then(() => {}),
  };
}
