import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import type { ScraperService } from './scraper.service.ts';

const listQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  /** Just this job (the list holds it alone); not_found when it is not the caller's. */
  id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
});
const createBody = Type.Object({ sourceUrl: Type.String({ minLength: 1, maxLength: 2048 }) });
const cancelBody = Type.Object({ jobUid: Type.String({ format: 'uuid' }) });

/** `/api/scraper` (SPEC §7): GET the user's imports, POST {sourceUrl} to start one, DELETE {jobUid} to cancel or remove. */
export default async function scraperRoutes(app: FastifyInstance, { scraper }: { scraper: ScraperService }) {
  const perUser = (max: number) => ({
    rateLimit: {
      max,
      timeWindow: 60_000,
      keyGenerator: (request: { session: { userId?: number }; ip: string }) => `scraper:${request.session.userId ?? request.ip}`,
    },
  });

  app.get('/api/scraper', { schema: { querystring: listQuery }, preHandler: app.requireUser }, async (request) => {
    const { limit = 20, before, id } = request.query as Static<typeof listQuery>;
    if (id !== undefined) return envelope({ jobs: [await scraper.one(sessionUserId(request), id)], canLoadMore: false });
    return envelope(await scraper.list(sessionUserId(request), limit, before));
  });

  app.post('/api/scraper', { schema: { body: createBody }, preHandler: app.requireUser, config: perUser(10) }, async (request) =>
    envelope({ job: await scraper.create(sessionUserId(request), (request.body as Static<typeof createBody>).sourceUrl) }),
  );

  app.delete(
    '/api/scraper',
    { schema: { body: cancelBody }, preHandler: app.requireUser, config: perUser(30) },
    async (request) => {
      await scraper.cancel(sessionUserId(request), (request.body as Static<typeof cancelBody>).jobUid);
      return envelope({}, OK_ACTION);
    },
  );
}
