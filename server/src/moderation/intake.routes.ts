import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import type { IntakeService } from './intake.service.ts';
import { ComplaintBody, FollowUpMessageBody, FollowUpQuery, type IntakeAnswer } from './moderation-schema.ts';

/** Like the contact form: enough for a person, too few to flood the queue (the hourly allowance is on top). */
const complaintLimit = { max: 5, timeWindow: 60_000 };
const followUpLimit = { max: 30, timeWindow: 60_000 };

/** The public complaint form's API and the reporters' follow-up, all without login (README.md "Intake"). */
export default async function intakeRoutes(app: FastifyInstance, { intake }: { intake: IntakeService }) {
  app.post('/api/complaint', { schema: { body: ComplaintBody }, config: { rateLimit: complaintLimit } }, async (request) => {
    const opened = await intake.complaint(request.body as Static<typeof ComplaintBody>, {
      userId: request.session.userId,
      ip: request.ip,
      locale: request.client.locale,
    });
    const answer: Omit<IntakeAnswer, 'statusCode'> = {
      caseId: opened.caseId,
      deadlineAt: opened.deadlineAt.toISOString(),
      followUpToken: opened.followUpToken,
    };
    return envelope(answer, OK_ACTION);
  });

  app.get(
    '/api/complaint/follow-up',
    { schema: { querystring: FollowUpQuery }, config: { rateLimit: followUpLimit } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return envelope(await intake.followUp((request.query as Static<typeof FollowUpQuery>).token));
    },
  );

  app.post(
    '/api/complaint/follow-up',
    { schema: { body: FollowUpMessageBody }, config: { rateLimit: followUpLimit } },
    async (request) => {
      const { token, text } = request.body as Static<typeof FollowUpMessageBody>;
      await intake.reply(token, text.trim());
      return envelope({}, OK_ACTION);
    },
  );
}
