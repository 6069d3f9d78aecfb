import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { envelope } from '../http/envelope.ts';
import { Id, Lgbt, Offset, readerLocale, SearchText, sharedInReaderLocale } from './query-schemas.ts';
import type { SearchService } from './search.service.ts';

const searchQuery = Type.Object({
  q: Type.Optional(SearchText),
  query: Type.Optional(SearchText),
  offset: Type.Optional(Offset),
  lgbt: Type.Optional(Lgbt),
  inclTagId: Type.Optional(Id),
  exclTagId: Type.Optional(Id),
});
const pagedQuery = Type.Object({ q: Type.Optional(SearchText), offset: Type.Optional(Offset), lgbt: Type.Optional(Lgbt) });
const trendQuery = Type.Object({ country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })) });

type SearchQuery = Static<typeof searchQuery>;
const searchParameters = ['q', 'query', 'offset', 'lgbt', 'inclTagId', 'exclTagId'];

/** The -2 answer is already a complete envelope; everything else is wrapped as data (statusCode 2). */
function answer<T extends object>(result: T) {
  return 'statusCode' in result ? result : envelope(result);
}

/**
 * Spec §7 search calls. The full search is GET /api/2/search; the others live under /api/search/
 * (post-tag, whisperer, whisperer/tag, top-queries, popular, combo, random, user, tag). `q` is the text
 * (`query` is accepted as its synonym).
 */
export default async function searchRoutes(
  app: FastifyInstance,
  { search, defaultCountry }: { search: SearchService; defaultCountry: string },
) {
  const context = (request: FastifyRequest) => ({
    viewerId: request.session.userId,
    locale: readerLocale(request),
    country: request.client.forcedCountry ?? defaultCountry,
  });
  const text = (query: { q?: string; query?: string }) => query.q ?? query.query ?? '';

  // onResponse also runs for answers the response cache gave, so cached searches are counted too.
  const countSearch = async (request: FastifyRequest) => {
    const raw = request.query as Record<string, unknown>;
    await search.countSearch(raw.q ?? raw.query, raw.offset, context(request).country);
  };
  const shared = {
    full: sharedInReaderLocale(...searchParameters),
    whisperer: sharedInReaderLocale('q'),
    tagWhisperer: sharedInReaderLocale('q', 'lgbt'),
    tags: sharedInReaderLocale('q', 'offset', 'lgbt'),
    users: { sharedAnswer: { query: ['q', 'offset'] } },
    // The country parameter is the forced country, already part of every key.
    trends: { sharedAnswer: { query: [] } },
  };
  app.get(
    '/api/2/search',
    { schema: { querystring: searchQuery }, onResponse: countSearch, config: shared.full },
    async (request) => {
      const query = request.query as SearchQuery;
      return answer(await search.fullSearch({ ...query, q: text(query) }, context(request)));
    },
  );

  app.get('/api/search/post-tag', { schema: { querystring: searchQuery }, config: shared.full }, async (request) => {
    const query = request.query as SearchQuery;
    return answer(await search.postSearch({ ...query, q: text(query) }, context(request)));
  });

  app.get('/api/search/whisperer', { schema: { querystring: pagedQuery }, config: shared.whisperer }, async (request) => {
    const query = request.query as Static<typeof pagedQuery>;
    return answer(await search.whisper(query.q ?? '', readerLocale(request)));
  });

  app.get('/api/search/whisperer/tag', { schema: { querystring: pagedQuery }, config: shared.tagWhisperer }, async (request) => {
    const query = request.query as Static<typeof pagedQuery>;
    return answer(await search.whisperTags(query.q ?? '', readerLocale(request), query.lgbt || 1));
  });

  app.get('/api/search/user', { schema: { querystring: pagedQuery }, config: shared.users }, async (request) => {
    const query = request.query as Static<typeof pagedQuery>;
    return answer(await search.users(query.q ?? '', query.offset ?? 0));
  });

  app.get('/api/search/tag', { schema: { querystring: pagedQuery }, config: shared.tags }, async (request) => {
    const query = request.query as Static<typeof pagedQuery>;
    return answer(await search.tagSearch(query.q ?? '', query.offset ?? 0, readerLocale(request), query.lgbt || 1));
  });

  const trends = { 'top-queries': 'top', popular: 'popular', combo: 'combo', random: 'random' } as const;
  for (const [path, kind] of Object.entries(trends)) {
    app.get(`/api/search/${path}`, { schema: { querystring: trendQuery }, config: shared.trends }, async (request) =>
      envelope(await search.trends(kind, context(request).country)),
    );
  }
}
