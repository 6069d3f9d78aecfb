import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { envelope } from '../http/envelope.ts';
import { Lgbt, LocaleFile, localeOfFile, Offset, readerLocale, sharedInReaderLocale } from '../search/query-schemas.ts';
import { resolveLocale } from '../settings/languages.ts';
import { ALPHABET_MIN_USAGE, CATEGORY_SIZE, LIST_SIZE, type TagService } from './tags.service.ts';

const TagName = Type.String({ minLength: 1, maxLength: 100 });
const alphabetQuery = Type.Object({
  minUsage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: ALPHABET_MIN_USAGE })),
  lgbt: Type.Optional(Lgbt),
});
const listQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_SIZE })),
  offset: Type.Optional(Offset),
  lgbt: Type.Optional(Lgbt),
});
const categoryQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CATEGORY_SIZE })),
  lgbt: Type.Optional(Lgbt),
});
const translateQuery = Type.Object({ tag: TagName, lgbt: Type.Optional(Lgbt) });
const translationParams = Type.Object({ file: LocaleFile });
const translationQuery = Type.Object({ tag: TagName });

/** Spec §7 tag calls and /translations/tag/{locale}.json/. Every list is public; `users-liked` is personal when logged in. */
export default async function tagRoutes(app: FastifyInstance, { tags }: { tags: TagService }) {
  const shared = {
    alphabet: sharedInReaderLocale('minUsage', 'lgbt'),
    list: sharedInReaderLocale('limit', 'lgbt'),
    liked: sharedInReaderLocale('lgbt'),
    popular: sharedInReaderLocale('offset', 'lgbt'),
    translate: sharedInReaderLocale('tag', 'lgbt'),
  };
  app.get('/api/tag/alphabet', { schema: { querystring: alphabetQuery }, config: shared.alphabet }, async (request) => {
    const query = request.query as Static<typeof alphabetQuery>;
    const minUsage = query.minUsage ?? ALPHABET_MIN_USAGE;
    return envelope({ minUsage, alphabet: await tags.alphabet(readerLocale(request), minUsage, query.lgbt || 1) });
  });

  app.get('/api/tag/tophits', { schema: { querystring: listQuery }, config: shared.list }, async (request) => {
    const query = request.query as Static<typeof listQuery>;
    return envelope({ tags: await tags.topHits(readerLocale(request), query.limit ?? LIST_SIZE, query.lgbt || 1) });
  });

  app.get('/api/tag/category', { schema: { querystring: categoryQuery }, config: shared.list }, async (request) => {
    const query = request.query as Static<typeof categoryQuery>;
    return envelope({ tags: await tags.categories(readerLocale(request), query.limit ?? CATEGORY_SIZE, query.lgbt || 1) });
  });

  app.get('/api/tag/users-liked', { schema: { querystring: listQuery }, config: shared.liked }, async (request) => {
    const query = request.query as Static<typeof listQuery>;
    return envelope({ tags: await tags.usersLiked(request.session.userId, readerLocale(request), query.lgbt || 1) });
  });

  app.get('/api/tag/popular', { schema: { querystring: listQuery }, config: shared.popular }, async (request) => {
    const query = request.query as Static<typeof listQuery>;
    return envelope(await tags.popular(readerLocale(request), query.offset ?? 0, query.lgbt || 1));
  });

  app.get('/api/tag/translate', { schema: { querystring: translateQuery }, config: shared.translate }, async (request) => {
    const query = request.query as Static<typeof translateQuery>;
    return envelope(await tags.translate(query.tag, readerLocale(request), query.lgbt || 1, request.session.userId));
  });

  const translations = async (request: FastifyRequest) => {
    const { file } = request.params as Static<typeof translationParams>;
    const { tag } = request.query as Static<typeof translationQuery>;
    return envelope(await tags.translationsFor(tag, resolveLocale(localeOfFile(file), readerLocale(request))));
  };
  const translationSchema = { schema: { params: translationParams, querystring: translationQuery } };
  app.get('/translations/tag/:file', translationSchema, translations);
  app.get('/translations/tag/:file/', translationSchema, translations);
}
