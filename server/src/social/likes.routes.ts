import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import type { LikeService } from './likes.service.ts';

/**
 * Spec §7 names no like call. We mirror the pin calls: POST /api/post/like/{id} likes, DELETE unlikes;
 * both are idempotent and answer `{likeByUser, likesCount}`.
 */
export default async function likeRoutes(app: FastifyInstance, { likes }: { likes: LikeService }) {
  const params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
  type Params = Static<typeof params>;

  app.post('/api/post/like/:id', { schema: { params }, preHandler: app.requireUser }, async (request) =>
    envelope(await likes.like(sessionUserId(request), (request.params as Params).id), OK_ACTION),
  );

  app.delete('/api/post/like/:id', { schema: { params }, preHandler: app.requireUser }, async (request) =>
    envelope(await likes.unlike(sessionUserId(request), (request.params as Params).id), OK_ACTION),
  );
}
