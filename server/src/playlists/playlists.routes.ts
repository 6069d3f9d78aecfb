import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { envelope } from '../http/envelope.ts';
import { Id, Lgbt, LocaleFile, localeOfFile, Offset, readerLocale, sharedInReaderLocale } from '../search/query-schemas.ts';
import { resolveLocale } from '../settings/languages.ts';
import { PLAYLIST_PAGE, type PlaylistService } from './playlists.service.ts';

const popularQuery = Type.Object({ lgbt: Type.Optional(Lgbt) });
const listQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PLAYLIST_PAGE })),
  offset: Type.Optional(Offset),
  splaylist: Type.Optional(Type.String({ maxLength: 100 })),
  lgbt: Type.Optional(Lgbt),
  playlistId: Type.Optional(Id),
});
const translationParams = Type.Object({ file: LocaleFile });
const translationQuery = Type.Object({ id: Id });

/** Spec §7 playlist calls and /translations/playlist/{locale}.json/; all public. */
export default async function playlistRoutes(app: FastifyInstance, { playlists }: { playlists: PlaylistService }) {
  const sharedPopular = sharedInReaderLocale('lgbt');
  app.get('/api/playlist/popular', { schema: { querystring: popularQuery }, config: sharedPopular }, async (request) => {
    const { lgbt } = request.query as Static<typeof popularQuery>;
    return envelope(await playlists.popular(readerLocale(request), lgbt || undefined));
  });

  const list = async (request: FastifyRequest) => {
    const query = request.query as Static<typeof listQuery>;
    return envelope(await playlists.list(readerLocale(request), { ...query, lgbt: query.lgbt || undefined }));
  };
  const sharedList = sharedInReaderLocale('limit', 'offset', 'splaylist', 'lgbt', 'playlistId');
  app.get('/api/playlist/', { schema: { querystring: listQuery }, config: sharedList }, list);
  app.get('/api/playlist', { schema: { querystring: listQuery }, config: sharedList }, list);

  const translations = async (request: FastifyRequest) => {
    const { file } = request.params as Static<typeof translationParams>;
    const { id } = request.query as Static<typeof translationQuery>;
    return envelope(await playlists.translationsFor(id, resolveLocale(localeOfFile(file), readerLocale(request))));
  };
  const translationSchema = { schema: { params: translationParams, querystring: translationQuery } };
  app.get('/translations/playlist/:file', translationSchema, translations);
  app.get('/translations/playlist/:file/', translationSchema, translations);
}
