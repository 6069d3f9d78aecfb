import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { assertSameOrigin } from '../accounts/auth.plugin.ts';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import { rateLimitKey } from '../http/security.ts';
import { countingViewerOf } from '../posts/viewer.ts';
import { WatchProgressBody, type WatchProgressService } from './watch-progress.service.ts';

/** Progress reports one client address may send over HTTP per minute (a household shares one). */
export const PROGRESS_REPORTS_PER_MINUTE = 120;

/**
 * POST /api/post/progress/{id} `{watchedMs, completed?}`: the HTTP fallback of the websocket's
 * `watchProgress`, for a closed socket and for the page being left, when the player sends it with
 * `navigator.sendBeacon`. A beacon's JSON comes as text/plain (the type a beacon may send cross-origin
 * without a preflight), so this route alone parses text/plain as JSON, and therefore refuses any
 * cross-site caller, with or without cookies: only our own pages (the embed frame is one) report.
 */
export default async function watchProgressRoutes(
  app: FastifyInstance,
  { progress, baseUrl }: { progress: WatchProgressService; baseUrl: string },
) {
  const publicOrigin = new URL(baseUrl).origin;
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  const params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

  app.post(
    '/api/post/progress/:id',
    {
      schema: { params, body: WatchProgressBody },
      config: {
        rateLimit: {
          max: PROGRESS_REPORTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `watch-progress:${rateLimitKey(request)}`,
        },
      },
      preValidation: async (request) => assertSameOrigin(request, publicOrigin),
    },
    async (request) => {
      const { id } = request.params as Static<typeof params>;
      const body = request.body as Static<typeof WatchProgressBody>;
      return envelope(await progress.report(id, countingViewerOf(request).key, body), OK_ACTION);
    },
  );
}
