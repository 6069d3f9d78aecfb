import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Transaction } from 'kysely';
import { hashPassword } from '../accounts/password.ts';
import type { Container } from '../container.ts';
import type { Database } from '../db/schema.ts';
import type { JobRun } from '../jobs/registry.ts';
import { processPost } from '../media/processing/processing.job.ts';
import { PROCESS_MAX_ATTEMPTS } from '../media/processing/processing.service.ts';
import { refreshPopularity } from '../posts/popularity.job.ts';
import { mapWithConcurrency } from './concurrency.ts';
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

type Outcome =
  | { readonly kind: 'seeded'; readonly postIds: readonly number[] }
  | { readonly kind: 'not-empty' | 'seeding-elsewhere' };
/** Posts processed at once: one per core. */
const POSTS_AT_ONCE = 2;
/**
 * The seed's run is not the job's last attempt: a post whose processing fails here for a passing reason stays
 * in the pipeline, and the `media:process` job that `schedule` enqueued tries it again in the worker.
 */
const SEED_RUN: JobRun = { attempts: 1, maxAttempts: PROCESS_MAX_ATTEMPTS };

/**
 * Fills an empty database with a small living site: users of every account type, video and image posts
 * with generated media, tags in several languages, playlists, sounds, follows and likes.
 *
 * Runs in one transaction under an advisory lock, so when several nodes start at once exactly one seeds
 * and the others go on without waiting; it never touches a database that has a user or was seeded before.
 * Stored files are removed again when the transaction does not commit.
 *
 * Posts go through the media pipeline like uploads: the transaction leaves them as ingest would (originals
 * stored, post created, media uploaded), then each is scheduled and processed right here by the worker job's
 * own handler, so the site is complete before this returns (the app and the e2e suite expect content on the
 * first page). The jobs that scheduling enqueued find the posts published and do nothing.
 */
export async function seedDemoContent(container: Container): Promise<void> {
  const { database, storage, log } = container;
  const started = performance.now();
  let generator: DemoMediaGenerator | undefined;
  let outcome: Outcome;
  try {
    outcome = await database.db.transaction().execute(async (trx): Promise<Outcome> => {
      if (!(await tryLockSeed(trx))) return { kind: 'seeding-elsewhere' };
      // The transaction stays open while the media is generated (minutes): exempt it from the idle limit.
      await sql`SET LOCAL idle_in_transaction_session_timeout = 0`.execute(trx);
      if (await hasContent(trx)) return { kind: 'not-empty' };
      log.info('seeding demo content (first start on an empty database)');
      const now = new Date();
      const plan = planDemo(new SeededRandom(RANDOM_SEED), now);
      const workDir = await mkdtemp(join(tmpdir(), 'velvet-seed-'));
      let postIds: number[];
      try {
        generator = new DemoMediaGenerator(storage, workDir);
        const [media, passwordHash] = await Promise.all([generateDemoMedia(generator, plan), hashPassword(DEMO_LOGIN.password)]);
        postIds = await writeDemoContent(trx, plan, media, passwordHash, now);
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
      await trx
        .insertInto('app_state')
        .values({ key: SEED_STATE_KEY, value: JSON.stringify({ seededAt: now.toISOString(), posts: plan.posts.length }) })
        .execute();
      return { kind: 'seeded', postIds };
    });
  } catch (error) {
    await generator
      ?.discard()
      .catch((cleanupError) => log.warn({ err: cleanupError }, 'removing demo media after a failed seed failed'));
    throw error;
  }
  if (outcome.kind !== 'seeded') {
    if (outcome.kind === 'not-empty') log.info('demo seed skipped: the database already has content');
    else log.info('demo seed skipped: another process is seeding');
    return;
  }
  const written = performance.now();
  await processDemoPosts(container, outcome.postIds);
  const elapsed = (from: number) => Number(((performance.now() - from) / 1000).toFixed(1));
  log.info({ seconds: elapsed(started), processingSeconds: elapsed(written), login: DEMO_LOGIN.username }, 'demo content seeded');
}

/** Schedules every seeded post, then runs the worker's `media:process` handler on them, two at a time. */
async function processDemoPosts(container: Container, postIds: readonly number[]): Promise<void> {
  const { database, services, log } = container;
  for (const postId of postIds) await services.processing.schedule(postId);
  const deps = { db: database.db, processing: services.processing };
  await mapWithConcurrency(postIds, POSTS_AT_ONCE, (postId) =>
    processPost(deps, { postId }, SEED_RUN).catch((error: unknown) =>
      log.warn({ err: error, postId }, 'demo post not processed yet; its worker job tries again'),
    ),
  );
  // Popularity is computed for published posts only, and the posts were published just now.
  await refreshPopularity(database.db);
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
