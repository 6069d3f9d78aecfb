import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PostStatus } from '../../posts/post-status.ts';
import { createUser } from '../../test/fixtures.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { SimicheckRepository } from './simicheck.repository.ts';
import { FRAME_FRACTIONS, type Sixpack } from './sixpack.ts';

/**
 * The candidate search at scale: 50,000 stored signatures spread like real uploads (durations 2–600 s, frame
 * brightness anywhere); a check must reach its few neighbours through the GiST index, not read them all.
 */
const SIGNATURES = 50_000;
let t: TestApp;
let repository: SimicheckRepository;

beforeAll(async () => {
  t = await testApp();
  const db = t.container.database.db;
  const owner = (await createUser(db)).id;
  await sql`
    WITH new_posts AS (
      INSERT INTO posts (user_id, kind, status, published_at)
      SELECT ${owner}, 'video', ${PostStatus.published}, now() FROM generate_series(1, ${SIGNATURES})
      RETURNING id
    ), new_media AS (
      INSERT INTO media_files (name, owner_id, kind, mime_type, post_id)
      SELECT 'scale' || id, ${owner}, 'video', 'video/mp4', id FROM new_posts
      RETURNING id
    )
    INSERT INTO media_signatures (media_id, owner_id, sixpack, coarse)
    SELECT id, ${owner}, gen_random_bytes(119),
           cube(ARRAY[2 + random() * 598, random() * 255, random() * 255, random() * 255, random() * 255, random() * 255, random() * 255])
    FROM new_media`.execute(db);
  await sql`ANALYZE media_signatures`.execute(db);
  repository = new SimicheckRepository(db);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const probe = (seconds: number, luma: number): Sixpack => ({
  durationMs: seconds * 1000,
  frames: FRAME_FRACTIONS.map(() => ({ structure: new Uint8Array(16), tone: [luma, 128, 128] as const })),
});

test('a check reads its neighbours through the GiST index in milliseconds', async () => {
  const db = t.container.database.db;
  const media = { id: 0, ownerId: null, kind: 'video' as const, originalKey: null, postId: null };
  const started = performance.now();
  for (let index = 0; index < 20; index++) await repository.candidatesOfAll(media, probe(10 + index * 25, 40 + index * 9));
  const perCheckMs = (performance.now() - started) / 20;
  console.info(`candidate search over ${SIGNATURES} signatures: ${perCheckMs.toFixed(1)} ms per check`);
  expect(perCheckMs).toBeLessThan(100);

  const plan = await sql<{ 'QUERY PLAN': string }>`
    EXPLAIN SELECT media_id FROM media_signatures
    WHERE coarse <@ cube(ARRAY[29.5, 16, 16, 16, 16, 16, 16]::float8[], ARRAY[30.5, 64, 64, 64, 64, 64, 64]::float8[])`.execute(
    db,
  );
  expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/media_signatures_coarse/);
}, 60_000);
