import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { envelope } from '../http/envelope.ts';
import type { SettingsService } from './settings.service.ts';

export default async function settingsRoutes(app: FastifyInstance, { settings }: { settings: SettingsService }) {
  const querystring = Type.Object({ country: Type.Optional(Type.String({ maxLength: 8 })) });

  // `country` is read as the forced country (http/client-context.ts), which every cache key holds.
  const shared = { sharedAnswer: { query: [] } };
  app.get('/api/settings', { schema: { querystring }, config: shared }, async (request) =>
    envelope(settings.settingsFor(request.client)),
  );
}
