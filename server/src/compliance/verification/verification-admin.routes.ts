import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { envelope, OK_ACTION } from '../../http/envelope.ts';
import { holds } from '../../moderation/roles.service.ts';
import { staffActor, staffMember } from '../../moderation/staff-guard.plugin.ts';
import type { VerificationReviewService } from './verification-review.service.ts';
import { DocumentParams, RejectBody, SubmissionParams } from './verification-schema.ts';

const moderator = { role: 'moderator' } as const;

/** The verification queue in the console, moderators and admins (README.md "Routes"). */
export default async function verificationAdminRoutes(app: FastifyInstance, { review }: { review: VerificationReviewService }) {
  app.get('/api/admin/identity', { config: moderator }, async () => review.queue());

  app.get('/api/admin/identity/:id', { config: moderator, schema: { params: SubmissionParams } }, async (request) => {
    const { id } = request.params as Static<typeof SubmissionParams>;
    return review.review(id, holds(staffMember(request).roles, 'admin'));
  });

  // The picture itself, never stored by a browser or a proxy; an altered blob fails at its end and the
  // reply is cut, so the reviewer's browser shows a broken image rather than a forged one.
  app.get(
    '/api/admin/identity/:id/document/:document',
    { config: moderator, schema: { params: DocumentParams } },
    async (request, reply) => {
      const { id, document } = request.params as Static<typeof DocumentParams>;
      const stream = await review.openDocument(staffActor(request), id, document);
      stream.on('error', (error) => {
        request.log.error({ err: error, submissionId: id, document }, 'sealed identity document did not verify');
        reply.raw.destroy();
      });
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(stream);
    },
  );

  app.post('/api/admin/identity/:id/approve', { config: moderator, schema: { params: SubmissionParams } }, async (request) => {
    const { id } = request.params as Static<typeof SubmissionParams>;
    await review.approve(staffActor(request), id);
    return envelope({}, OK_ACTION);
  });

  app.post(
    '/api/admin/identity/:id/reject',
    { config: moderator, schema: { params: SubmissionParams, body: RejectBody } },
    async (request) => {
      const { id } = request.params as Static<typeof SubmissionParams>;
      await review.reject(staffActor(request), id, (request.body as Static<typeof RejectBody>).reason);
      return envelope({}, OK_ACTION);
    },
  );
}
