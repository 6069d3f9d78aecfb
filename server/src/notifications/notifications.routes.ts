import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope } from '../http/envelope.ts';
import { listTypes, NOTIFICATIONS_PAGE, type NotificationService } from './notifications.service.ts';

/**
 * Spec §7: GET /api/notification/follow, /post-like, /post-created and /scraper-job with limit (30) and
 * offset, answering `{notifications, canLoadMore, cursor}`; sending `cursor` back instead of offset pages
 * by keyset. The viewer's own notifications only.
 */
export default async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationService },
) {
  const params = Type.Object({
    list: Type.Union(Object.keys(listTypes).map((name) => Type.Literal(name))),
  });
  const querystring = Type.Object({
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: NOTIFICATIONS_PAGE })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' })),
  });

  app.get('/api/notification/:list', { schema: { params, querystring }, preHandler: app.requireUser }, async (request) => {
    const { list } = request.params as { list: keyof typeof listTypes };
    const query = request.query as Static<typeof querystring>;
    return envelope(
      await notifications.list(sessionUserId(request), list, {
        offset: query.offset ?? 0,
        cursor: query.cursor,
        limit: query.limit,
      }),
    );
  });
}
