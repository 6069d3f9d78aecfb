import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import { ReportCategoryField } from '../moderation/moderation-schema.ts';
import { Id } from '../search/query-schemas.ts';
import type { ContactService } from './contact.service.ts';

const body = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 254, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' })),
  subject: Type.Optional(Type.String({ maxLength: 200 })),
  text: Type.String({ minLength: 1, maxLength: 5000 }),
  userAgent: Type.Optional(Type.String({ maxLength: 500 })),
  recaptchaToken: Type.String({ minLength: 1, maxLength: 2000 }),
  postId: Type.Optional(Id),
  abuseUserId: Type.Optional(Id),
  category: ReportCategoryField,
});
type Body = Static<typeof body>;

const senderOf = (request: FastifyRequest) => ({ userId: request.session.userId, ip: request.ip, locale: request.client.locale });

/** Five messages a minute per address: enough for a person, too few to flood the operators. */
const sendLimit = { max: 5, timeWindow: 60_000 };
const challengeLimit = { max: 30, timeWindow: 60_000 };

/**
 * Spec §7 POST /api/contact and /api/abuse (a report: postId or abuseUserId present), each carrying an
 * ALTCHA solution from GET /api/contact/challenge in `recaptchaToken`. Open to visitors and users.
 */
export default async function contactRoutes(app: FastifyInstance, { contact }: { contact: ContactService }) {
  app.get('/api/contact/challenge', { config: { rateLimit: challengeLimit } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return envelope({ challenge: await contact.challenge() }, OK_ACTION);
  });

  app.post('/api/contact', { schema: { body }, config: { rateLimit: sendLimit } }, async (request) =>
    envelope(await contact.send(request.body as Body, senderOf(request), false), OK_ACTION),
  );

  app.post('/api/abuse', { schema: { body }, config: { rateLimit: sendLimit } }, async (request) =>
    envelope(await contact.send(request.body as Body, senderOf(request), true), OK_ACTION),
  );
}
