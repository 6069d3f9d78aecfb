import { resolve } from 'node:path';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../server/src/db/embedded.ts';

const PORT = Number(process.env.E2E_PORT ?? 3555);
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 54455);
/** Where the e2e server keeps its embedded PostgreSQL and media (playwright.config.ts). */
export const DATA_DIR = `e2e/.results/data-${PORT}`;
/** The e2e server's database, for one-off commands run beside it. */
export const e2eDatabaseUrl = () => embeddedDatabaseUrl(resolve(DATA_DIR, 'pg'), PG_PORT);

/**
 * A connection to the e2e server's database, for what no screen does: fixtures an operator would set up,
 * or a clock moved forward instead of waited for.
 */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes a freshly signed-up account a verified creator, as an approved identity verification would
 * (account type 3 and a performer record), so it may upload while UPLOADS_REQUIRE_VERIFICATION is on.
 * Specs about uploading use it; the verification flow itself is tested in server/src/compliance/verification/.
 */
export async function verifyCreator(userId: number): Promise<void> {
  await withDatabase(async (client) => {
    await client.query('UPDATE users SET type = 3 WHERE id = $1 AND type NOT IN (3, 5, 6)', [userId]);
    await client.query(
      `INSERT INTO performer_identities (user_id, legal_name, date_of_birth, fingerprint, provider)
       VALUES ($1, 'E2E Performer', '1990-01-01', decode(md5($2), 'hex'), 'e2e')
       ON CONFLICT (user_id) DO NOTHING`,
      [userId, `e2e-performer-${userId}`],
    );
    // Posts the account already has get the manifest a verified creator declares (themself, consenting)
    // and a production date, so their 2257 records are complete and the legacy guard leaves them published.
    await client.query(`UPDATE posts SET produced_on = created_at::date WHERE user_id = $1 AND produced_on IS NULL`, [userId]);
    await client.query(
      `INSERT INTO post_performers (post_id, kind, user_id, identity_id, state, scopes)
       SELECT p.id, 'self', p.user_id, i.id, 'consented', ARRAY['depicted', 'distribution', 'downloads']
       FROM posts p JOIN performer_identities i ON i.user_id = p.user_id
       WHERE p.user_id = $1
       ON CONFLICT DO NOTHING`,
      [userId],
    );
  });
}
