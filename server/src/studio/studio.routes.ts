import type { FastifyInstance } from 'fastify';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope } from '../http/envelope.ts';
import type { StudioService } from './studio.service.ts';
import {
  IdParams,
  PublishBody,
  ScheduleBody,
  SettingsBody,
  StudioListQuery,
  type StudioPost,
  type StudioPostAnswer,
  type StudioPostsAnswer,
} from './studio-schema.ts';

type Id = { id: number };

/** The editor's post after a read or a change, as `StudioPostAnswer` declares it. */
const postAnswer = async (post: Promise<StudioPost>) =>
  envelope({ post: await post } satisfies Omit<StudioPostAnswer, 'statusCode'>);

/**
 * The creator studio over HTTP (studio/README.md): the session's own posts only. Answers depend on the
 * caller, so none is a shared answer of the response cache.
 */
export default async function studioRoutes(app: FastifyInstance, { studio }: { studio: StudioService }) {
  const owner = { preHandler: app.requireUser };

  app.get('/api/studio/posts', { ...owner, schema: { querystring: StudioListQuery } }, async (request) =>
    envelope(
      (await studio.list(sessionUserId(request), request.query as StudioListQuery)) satisfies Omit<
        StudioPostsAnswer,
        'statusCode'
      >,
    ),
  );

  app.get('/api/studio/posts/:id', { ...owner, schema: { params: IdParams } }, (request) =>
    postAnswer(studio.post(sessionUserId(request), (request.params as Id).id)),
  );

  app.put('/api/studio/posts/:id/schedule', { ...owner, schema: { params: IdParams, body: ScheduleBody } }, (request) =>
    postAnswer(studio.schedule(sessionUserId(request), (request.params as Id).id, (request.body as ScheduleBody).at)),
  );

  app.delete('/api/studio/posts/:id/schedule', { ...owner, schema: { params: IdParams } }, (request) =>
    postAnswer(studio.cancelSchedule(sessionUserId(request), (request.params as Id).id)),
  );

  app.post('/api/studio/posts/:id/publish', { ...owner, schema: { params: IdParams, body: PublishBody } }, (request) =>
    postAnswer(studio.publishNow(sessionUserId(request), (request.params as Id).id, request.body as PublishBody)),
  );

  app.put('/api/studio/posts/:id/settings', { ...owner, schema: { params: IdParams, body: SettingsBody } }, (request) =>
    postAnswer(studio.updateSettings(sessionUserId(request), (request.params as Id).id, request.body as SettingsBody)),
  );
}
