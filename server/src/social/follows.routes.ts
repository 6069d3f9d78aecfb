import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { FollowService } from './follows.service.ts';

/**
 * Spec §7: POST and DELETE /api/user/follow, body `{userId}` (the id of the user to follow or unfollow),
 * answering `{iFollowUser, followersCount, followingCount}` of that user; and the viewer's own lists,
 * GET /api/user?ifollow=1 and ?myfollowers=1 with offset, 30 a page. Profile pages list anyone's:
 * GET /api/user/{id}/followers and /api/user/{id}/following with offset, 30 a page, answering
 * `{users, canLoadMore}` with `iFollowUser` as the viewer sees each user.
 */
export default async function followRoutes(app: FastifyInstance, { follows }: { follows: FollowService }) {
  const body = Type.Object({ userId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
  type Body = Static<typeof body>;

  app.post('/api/user/follow', { schema: { body }, preHandler: app.requireUser }, async (request) =>
    envelope(await follows.follow(sessionUserId(request), (request.body as Body).userId), OK_ACTION),
  );

  app.delete('/api/user/follow', { schema: { body }, preHandler: app.requireUser }, async (request) =>
    envelope(await follows.unfollow(sessionUserId(request), (request.body as Body).userId), OK_ACTION),
  );

  const listQuery = Type.Object({
    ifollow: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    myfollowers: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  });
  const userParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
  const pageQuery = Type.Object({ offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })) });
  for (const direction of ['followers', 'following'] as const) {
    const config = { sharedAnswer: { query: ['offset'] } };
    app.get(`/api/user/:id/${direction}`, { schema: { params: userParams, querystring: pageQuery }, config }, async (request) => {
      const { id } = request.params as Static<typeof userParams>;
      const { offset = 0 } = request.query as Static<typeof pageQuery>;
      return envelope(await follows.listOf(id, direction, request.session.userId, offset));
    });
  }

  app.get('/api/user', { schema: { querystring: listQuery }, preHandler: app.requireUser }, async (request) => {
    const query = request.query as Static<typeof listQuery>;
    const userId = sessionUserId(request);
    if (query.ifollow === 1) return envelope(await follows.following(userId, query.offset ?? 0));
    if (query.myfollowers === 1) return envelope(await follows.followers(userId, query.offset ?? 0));
    throw new AppError('invalid_input', {
      details: [{ field: 'querystring', problem: 'ifollow=1 or myfollowers=1 is required' }],
    });
  });
}
