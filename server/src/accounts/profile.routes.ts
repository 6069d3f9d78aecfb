import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { envelope } from '../http/envelope.ts';
import { sessionUserId } from './auth.plugin.ts';
import type { ProfileService, ProfileUpdate } from './profile.service.ts';

export default async function profileRoutes(app: FastifyInstance, { profiles }: { profiles: ProfileService }) {
  const params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
  // A profile as the public sees it; the owner's own view (e-mail, preferences) needs a login, never cached.
  app.get('/api/user/:id', { schema: { params }, config: { sharedAnswer: { query: [] } } }, async (request) =>
    envelope({ user: await profiles.profile((request.params as { id: string }).id, request.session.userId) }),
  );

  const update = Type.Object({
    displayName: Type.Optional(Type.String({ maxLength: 64 })),
    bio: Type.Optional(Type.String({ maxLength: 4000 })),
    lgbtPreference: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    generalNotifSound: Type.Optional(Type.Boolean()),
    fePreference: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 200 }),
        Type.Object({ nFollow: Type.Boolean(), nLike: Type.Boolean(), nCreate: Type.Boolean(), nUpdate: Type.Boolean() }),
      ]),
    ),
    socialLinks: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 200 }), { maxProperties: 40 })),
  });
  app.put('/api/user/me', { schema: { body: update }, preHandler: app.requireUser }, async (request) =>
    envelope({ user: await profiles.update(sessionUserId(request), request.body as ProfileUpdate) }),
  );
}
