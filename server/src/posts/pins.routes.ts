import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import type { PinService } from './pins.service.ts';

/** Spec §4 pin toggle: POST pins, DELETE unpins; owners only. */
export default async function pinRoutes(app: FastifyInstance, { pins }: { pins: PinService }) {
  const params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
  type Params = Static<typeof params>;

  app.post('/api/post/pin/:id', { schema: { params }, preHandler: app.requireUser }, async (request) =>
    envelope(await pins.pin(sessionUserId(request), (request.params as Params).id), OK_ACTION),
  );

  app.delete('/api/post/pin/:id', { schema: { params }, preHandler: app.requireUser }, async (request) =>
    envelope(await pins.unpin(sessionUserId(request), (request.params as Params).id), OK_ACTION),
  );
}
