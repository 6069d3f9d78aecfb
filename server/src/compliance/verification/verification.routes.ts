import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { sessionUserId } from '../../accounts/auth.plugin.ts';
import { envelope, OK_ACTION } from '../../http/envelope.ts';
import type { VerificationService } from './verification.service.ts';
import { CallbackParams, SUBMISSION_BODY_LIMIT, SubmissionBody } from './verification-schema.ts';

/** A vendor's callback: at most this many bytes of JSON. */
const CALLBACK_BODY_LIMIT = 256 * 1024;

/** The creator's side of verification and the vendors' callbacks (README.md "Routes"). */
export default async function verificationRoutes(app: FastifyInstance, { verification }: { verification: VerificationService }) {
  const perUser = (name: string, max: number, timeWindow: number) => ({
    rateLimit: { max, timeWindow, keyGenerator: (request: FastifyRequest) => `${name}:${request.session.userId ?? request.ip}` },
  });

  app.get('/api/identity', { preHandler: app.requireUser }, async (request) => verification.standing(sessionUserId(request)));

  app.post(
    '/api/identity/start',
    { preHandler: app.requireUser, config: perUser('identity-start', 10, 60_000) },
    async (request) => verification.start(sessionUserId(request)),
  );

  app.post(
    '/api/identity/submission',
    {
      preHandler: app.requireUser,
      bodyLimit: SUBMISSION_BODY_LIMIT,
      schema: { body: SubmissionBody },
      config: perUser('identity-submission', 5, 60 * 60_000),
    },
    async (request) => verification.submit(sessionUserId(request), request.body as Static<typeof SubmissionBody>),
  );

  // The signature covers the exact bytes sent, so this route alone keeps JSON bodies unparsed.
  await app.register(async (callbacks) => {
    callbacks.removeContentTypeParser('application/json');
    callbacks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    callbacks.post(
      '/api/identity/callback/:provider',
      {
        bodyLimit: CALLBACK_BODY_LIMIT,
        schema: { params: CallbackParams },
        config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      },
      async (request) => {
        const { provider } = request.params as Static<typeof CallbackParams>;
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
        );
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await verification.callback(provider, { headers, body });
        return envelope({}, OK_ACTION);
      },
    );
  });
}
