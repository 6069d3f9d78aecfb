import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { envelope } from '../http/envelope.ts';
import { Lgbt } from '../search/query-schemas.ts';
import type { BannerService } from './banners.service.ts';

const query = Type.Object({
  position: Type.String({ pattern: '^[a-z0-9-]{1,32}$' }),
  lgbt: Type.Optional(Lgbt),
});

/** Spec §7 GET /api/prbn/?position&lgbt: the banners of one slot. Public. */
export default async function bannerRoutes(app: FastifyInstance, { banners }: { banners: BannerService }) {
  const handler = async (request: { query: unknown }) => {
    const { position, lgbt } = request.query as Static<typeof query>;
    return envelope(await banners.forSlot(position, lgbt ?? 0));
  };
  const shared = { sharedAnswer: { query: ['position', 'lgbt'] } };
  app.get('/api/prbn/', { schema: { querystring: query }, config: shared }, handler);
  app.get('/api/prbn', { schema: { querystring: query }, config: shared }, handler);
}
