import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope } from '../http/envelope.ts';
import type { VerificationRequestService } from './verification-requests.service.ts';

/** `/api/verification-request`: GET where the account stands, POST to ask (compliance/README.md). */
export default async function verificationRequestRoutes(
  app: FastifyInstance,
  { verification }: { verification: VerificationRequestService },
) {
  const perUser = {
    rateLimit: {
      max: 10,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `verification:${request.session.userId ?? request.ip}`,
    },
  };

  app.get('/api/verification-request', { preHandler: app.requireUser }, async (request) =>
    envelope(await verification.standing(sessionUserId(request))),
  );

  app.post('/api/verification-request', { preHandler: app.requireUser, config: perUser }, async (request) =>
    envelope(await verification.request(sessionUserId(request))),
  );
}
