import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { sessionUserId } from '../../accounts/auth.plugin.ts';
import { envelope } from '../../http/envelope.ts';
import type { PostService } from '../../posts/posts.service.ts';
import type { ProcessingService } from './processing.service.ts';

const params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/**
 * POST /api/post/retry/{id}: the spec names no call for it; the owner's grid offers it on a failed post.
 * Only the owner of a failed post may; anything else (not theirs, absent, not failed) is
 * `post_not_retryable`, so a stranger learns nothing about a post they cannot see. Answers the post's card.
 */
export default async function retryRoutes(
  app: FastifyInstance,
  { processing, posts }: { processing: ProcessingService; posts: PostService },
) {
  app.post('/api/post/retry/:id', { schema: { params }, preHandler: app.requireUser }, async (request) => {
    const ownerId = sessionUserId(request);
    const { id } = request.params as Static<typeof params>;
    await processing.retry(ownerId, id);
    return envelope({ post: await posts.post(ownerId, id) });
  });
}
