import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { envelope } from '../http/envelope.ts';
import type { SettingsService } from './settings.service.ts';

export default async function settingsRoutes(app: FastifyInstance, { settings }: { settings: SettingsService }) {
  const querystring = Type.Object({ country: Type.Optional(Type.String({ maxLength: 8 })) });

  app.get('/api/settings', { schema: { querystring } }, async (request) => envelope(settings.settingsFor(request.client)));
}
