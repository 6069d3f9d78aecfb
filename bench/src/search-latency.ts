import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../server/src/db/embedded.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { createLogger } from '../../server/src/logger.ts';
import { PlaylistsRepository } from '../../server/src/playlists/playlists.repository.ts';
import { PlaylistService } from '../../server/src/playlists/playlists.service.ts';
import { PostFeedRepository } from '../../server/src/posts/post-feed.repository.ts';
import { RestrictedTerms } from '../../server/src/search/restricted-terms.ts';
import { SearchRepository } from '../../server/src/search/search.repository.ts';
import { SearchService } from '../../server/src/search/search.service.ts';
import { TagsRepository } from '../../server/src/tags/tags.repository.ts';
import { ensureSearchData, SIZES } from './search-data.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);

/** Typing prefixes (1–6 letters), whole words, a typo, a word in the Spanish translations, a real word. */
const WHISPER_QUERIES = ['k', 'ka', 'kal', 'kalo', 'kalomi', 'mo', 'stavo', 'u12', 'dan', 'yog', 'kalomu', 'bri'];
const SEARCH_QUERIES = [
  'kalomi',
  'dance',
  'cafe',
  'beach sunset',
  'kalomu',
  'stamorvin',
  'sakalo',
  'lokaka',
  'morning yoga',
  'vinstaka',
];

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(label: string, queries: readonly string[], run: (query: string) => Promise<unknown>, target: number) {
  for (const query of queries) await run(query); // warm the caches and plans
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const started = performance.now();
      await run(query);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  const figures = [50, 95, 99].map((p) => `p${p} ${percentile(times, p).toFixed(1)} ms`).join('  ');
  console.log(
    `${label.padEnd(16)} n=${times.length}  ${figures}  max ${(times.at(-1) ?? 0).toFixed(1)} ms  target p99 < ${target} ms: ${p99 < target ? 'met' : 'MISSED'}`,
  );
  return p99 < target;
}

const log = createLogger('warn');
const embedded = await startEmbeddedPostgres(resolve(import.meta.dirname, '../.data-search/pg'), 54471, log);
const database = openDatabase(embedded.url, 4, log);
try {
  await migrate(database.pool, log);
  await ensureSearchData(database.db);
  const { db } = database;
  const tags = new TagsRepository(db);
  const search = new SearchService({
    search: new SearchRepository(db),
    posts: new PostFeedRepository(db),
    tags,
    playlists: new PlaylistService(new PlaylistsRepository(db)),
    restricted: RestrictedTerms.load(),
  });
  const context = { viewerId: undefined, locale: 'en-US', country: 'US' };
  console.log(
    `Search latency, one query at a time: ${SIZES.tags} tags, ${SIZES.posts} posts, ${SIZES.users} users; ${rounds} rounds`,
  );
  const results = [
    await measure('whisperer', WHISPER_QUERIES, (q) => search.whisper(q, 'en-US'), 20),
    await measure('whisperer/tag', WHISPER_QUERIES, (q) => search.whisperTags(q, 'en-US', 1), 20),
    await measure('search (page 1)', SEARCH_QUERIES, (q) => search.fullSearch({ q, lgbt: 1 }, context), 100),
    await measure('search page 2', SEARCH_QUERIES, (q) => search.postSearch({ q, lgbt: 1, offset: 30 }, context), 100),
  ];
  process.exitCode = results.every(Boolean) ? 0 : 1;
} finally {
  await database.close();
  await embedded.stop();
}
