import { sql } from 'kysely';
import type { Db } from '../../server/src/db/database.ts';

/** Sizes of the search benchmark's data set (issue 8: 100k tags and 1M posts). */
export const SIZES = { users: 20_000, tags: 100_000, posts: 1_000_000 } as const;
const CHUNK = 100_000;
const MARKER = 'bench-search-data';

/**
 * Pronounceable words from a number: 3 syllables of 40 (64,000 words), a 4th above that, so tag names,
 * titles and usernames are distinct but share prefixes the way real words do.
 */
const WORD_FUNCTION = sql`
  CREATE OR REPLACE FUNCTION bench_word(n bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT s[(n % 40) + 1] || s[((n / 40) % 40) + 1] || s[((n / 1600) % 40) + 1]
      || CASE WHEN n >= 64000 THEN s[((n / 64000) % 40) + 1] ELSE '' END
    FROM (SELECT ARRAY['ka','lo','mi','ne','ru','sa','ti','vo','ze','da','be','co','fi','gu','ha','jo','ki','lu','ma','no',
      'pe','qu','ri','so','tu','va','wi','xo','ya','zu','bri','cla','dro','fle','gra','plo','sta','tre','vin','mor'] AS s) syllables
  $$`;

/** The two tags of post i, by multiplicative hashing, so every tag is used and some far more than others. */
const tagOf = (post: string, prime: number) => sql.raw(`(((${post}::bigint * ${prime}) % ${SIZES.tags}) + 1)`);

async function step(label: string, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  console.log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

/** Fills an empty, migrated database once; later runs find the marker and reuse the data. */
export async function ensureSearchData(db: Db): Promise<void> {
  const done = await db.selectFrom('app_state').select('key').where('key', '=', MARKER).executeTakeFirst();
  if (done) return;
  console.log(`Generating ${SIZES.users} users, ${SIZES.tags} tags (2 languages) and ${SIZES.posts} posts (once)…`);
  await WORD_FUNCTION.execute(db);
  await step('users', () =>
    sql`INSERT INTO users (username, display_name, followers_count)
      SELECT 'u' || i || bench_word(i * 7), initcap(bench_word(i * 13)) || ' ' || initcap(bench_word(i * 17 + 5)), (random() ^ 3 * 10000)::int
      FROM generate_series(1, ${SIZES.users}) i`.execute(db),
  );
  await step('tags', () =>
    sql`INSERT INTO tags (tag, use_count, hits_count, is_category)
      SELECT bench_word(i), (random() ^ 4 * 5000)::int, (random() ^ 4 * 100000)::int, i <= 60
      FROM generate_series(0, ${SIZES.tags - 1}) i ORDER BY i`.execute(db),
  );
  await step('tag translations', () =>
    sql`INSERT INTO tag_translations (tag_id, lang, tag, normalized)
      SELECT id, 'en', initcap(tag), tag FROM tags
      UNION ALL SELECT id, 'es', initcap(tag) || 'o', tag || 'o' FROM tags`.execute(db),
  );
  for (let from = 1; from <= SIZES.posts; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, SIZES.posts);
    await step(`posts ${from}–${to}`, async () => {
      await sql`
        INSERT INTO posts (user_id, kind, title, status, lgbt, popularity, views_count, published_at, created_at, search_vector)
        SELECT 1 + (i % ${SIZES.users}), 'video', title, 6, CASE WHEN i % 10 < 8 THEN 1 WHEN i % 10 = 8 THEN 2 ELSE 3 END,
          random() * 1000, (random() ^ 3 * 100000)::int, now() - i * interval '1 minute', now() - i * interval '1 minute',
          to_tsvector('simple', immutable_unaccent(lower(title || ' ' || bench_word(${tagOf('i', 7919)} - 1) || ' '
            || bench_word(${tagOf('i', 104729)} - 1))))
        FROM (SELECT i, initcap(bench_word(i * 31 % 64000)) || ' ' || bench_word(i * 17 % 64000) || ' '
            || (ARRAY['dance','yoga','beach','sunset','café','studio','night','morning'])[i % 8 + 1] AS title
          FROM generate_series(${from}::bigint, ${to}::bigint) i) generated`.execute(db);
      await sql`
        INSERT INTO post_tags (post_id, tag_id, position)
        SELECT i, ${tagOf('i', 7919)}, 0 FROM generate_series(${from}::bigint, ${to}::bigint) i
        UNION ALL SELECT i, ${tagOf('i', 104729)}, 1 FROM generate_series(${from}::bigint, ${to}::bigint) i
        ON CONFLICT DO NOTHING`.execute(db);
    });
  }
  await step('analyze', () => sql`ANALYZE`.execute(db));
  await db
    .insertInto('app_state')
    .values({ key: MARKER, value: JSON.stringify(SIZES) })
    .execute();
}
