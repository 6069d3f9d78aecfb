import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { sessionUserId } from '../../accounts/auth.plugin.ts';
import { envelope } from '../../http/envelope.ts';
import type { SimicheckService } from './simicheck.service.ts';
import { SIXPACK_BASE64_LENGTH } from './sixpack.ts';

const body = Type.Object({
  sixpack: Type.String({
    minLength: SIXPACK_BASE64_LENGTH,
    maxLength: SIXPACK_BASE64_LENGTH,
    pattern: '^[A-Za-z0-9+/]+={0,2}$',
  }),
});

/** `POST /simicheck/check-user {sixpack}` (SPEC §7): before an upload, is this video one of my posts already? */
export default async function simicheckRoutes(app: FastifyInstance, { simicheck }: { simicheck: SimicheckService }) {
  app.post(
    '/simicheck/check-user',
    {
      schema: { body },
      preHandler: app.requireUser,
      // Outside /api, so the global limit does not cover it; one check per chosen video is the normal use.
      config: {
        rateLimit: {
          max: 60,
          timeWindow: 60_000,
          allowList: [],
          keyGenerator: (request) => `simicheck:${request.session.userId ?? request.ip}`,
        },
      },
    },
    async (request) => envelope(await simicheck.checkUser(sessionUserId(request), (request.body as Static<typeof body>).sixpack)),
  );
}
