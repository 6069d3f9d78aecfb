import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import type { PreferencesService } from './preferences.service.ts';

export default async function preferencesRoutes(app: FastifyInstance, { preferences }: { preferences: PreferencesService }) {
  const body = Type.Object({
    name: Type.String({ minLength: 1, maxLength: 64 }),
    value: Type.String({ maxLength: 1000 }),
    expires: Type.Optional(Type.String({ maxLength: 64 })),
  });

  app.post('/api/user/cookie', { schema: { body }, preHandler: app.requireUser }, async (request) =>
    envelope(await preferences.saveCookie(sessionUserId(request), request.body as Static<typeof body>), OK_ACTION),
  );

  app.get('/api/user/cookie', { preHandler: app.requireUser }, async (request) =>
    envelope({ cookies: await preferences.cookiesOf(sessionUserId(request)) }),
  );
}
