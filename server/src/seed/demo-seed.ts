import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Transaction } from 'kysely';
import { hashPassword } from '../accounts/password.ts';
import type { Container } from '../container.ts';
import type { Database } from '../db/schema.ts';
import { DEMO_LOGIN } from './demo-data.ts';
import { generateDemoMedia } from './demo-media.ts';
import { planDemo } from './demo-plan.ts';
import { writeDemoContent } from './demo-writer.ts';
import { DemoMediaGenerator } from './media-generator.ts';
import { SeededRandom } from './random.ts';

/** Advisory lock id held by whichever process is seeding; any fixed number no other lock in the app uses. */
const SEED_LOCK_ID = 7_319_540_001;
const SEED_STATE_KEY = 'demo-seed';
/** Same seed, same demo site on every fresh install. */
const RANDOM_SEED = 2026;

type Outcome = 'seeded' | 'not-empty' | 'seeding-elsewhere';

/**
 * Fills an empty database with a small living site: users of every account type, video and image posts
 * with generated media, tags in several languages, playlists, sounds, follows and likes.
 *
 * Runs in one transaction under an advisory lock, so when several nodes start at once exactly one seeds
 * and the others go on without waiting; it never touches a database that has a user or was seeded before.
 * Stored files are removed again when the transaction does not commit.
 */
export async function seedDemoContent(container: Container): Promise<void> {
  const { database, storage, log } = container;
  const started = performance.now();
  let generator: DemoMediaGenerator | undefined;
  let outcome: Outcome;
  try {
    outcome = await database.db.transaction().execute(async (trx): Promise<Outcome> => {
      if (!(await tryLockSeed(trx))) return 'seeding-elsewhere';
      if (await hasContent(trx)) return 'not-empty';
      log.info('seeding demo content (first start on an empty database)');
      const now = new Date();
      const plan = planDemo(new SeededRandom(RANDOM_SEED), now);
      const workDir = await mkdtemp(join(tmpdir(), 'velvet-seed-'));
      try {
        generator = new DemoMediaGenerator(storage, workDir);
        const [media, passwordHash] = await Promise.all([generateDemoMedia(generator, plan), hashPassword(DEMO_LOGIN.password)]);
        await writeDemoContent(trx, plan, media, passwordHash, now);
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
      await trx
        .insertInto('app_state')
        .values({ key: SEED_STATE_KEY, value: JSON.stringify({ seededAt: now.toISOString(), posts: plan.posts.length }) })
        .execute();
      return 'seeded';
    });
  } catch (error) {
    await generator
      ?.discard()
      .catch((cleanupError) => log.warn({ err: cleanupError }, 'removing demo media after a failed seed failed'));
    throw error;
  }
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  if (outcome === 'seeded') log.info({ seconds, login: DEMO_LOGIN.username }, 'demo content seeded');
  else if (outcome === 'not-empty') log.info('demo seed skipped: the database already has content');
  else log.info('demo seed skipped: another process is seeding');
}

async function tryLockSeed(trx: Transaction<Database>): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${SEED_LOCK_ID}::bigint) AS locked`.execute(
    trx,
  );
  return rows[0]?.locked === true;
}

async function hasContent(trx: Transaction<Database>): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM app_state WHERE key = ${SEED_STATE_KEY}) AS found`.execute(trx);
  return rows[0]?.found === true;
}
