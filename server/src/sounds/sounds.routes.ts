import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { envelope } from '../http/envelope.ts';
import { Id, Offset } from '../search/query-schemas.ts';
import { SOUND_PAGE, type SoundService } from './sounds.service.ts';

const listQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SOUND_PAGE })),
  offset: Type.Optional(Offset),
});
const params = Type.Object({ id: Id });
const postsQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 40 })) });

/** Spec §7 GET /api/sound, plus one sound with the posts that play it. Public. */
export default async function soundRoutes(app: FastifyInstance, { sounds }: { sounds: SoundService }) {
  const list = async (request: { query: unknown }) => {
    const query = request.query as Static<typeof listQuery>;
    return envelope(await sounds.list(query.limit ?? SOUND_PAGE, query.offset ?? 0));
  };
  const sharedList = { sharedAnswer: { query: ['limit', 'offset'] } };
  app.get('/api/sound', { schema: { querystring: listQuery }, config: sharedList }, list);
  app.get('/api/sound/', { schema: { querystring: listQuery }, config: sharedList }, list);

  const sharedPosts = { sharedAnswer: { query: ['cursor'] } };
  app.get('/api/sound/:id', { schema: { params, querystring: postsQuery }, config: sharedPosts }, async (request) => {
    const { id } = request.params as Static<typeof params>;
    const { cursor } = request.query as Static<typeof postsQuery>;
    return envelope(await sounds.withPosts(id, request.session.userId, cursor));
  });
}
