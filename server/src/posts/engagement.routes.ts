import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { type SentViewSource, ViewSourceFields, type ViewSources } from '../analytics/view-source.ts';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import { type EngagementService, SHARE_PLATFORMS } from './engagement.service.ts';
import { countingViewerOf } from './viewer.ts';

/**
 * HTTP fallback of the websocket's `viewedPost` and `sharePost` (spec §7), for clients without a socket:
 * POST /api/post/view/{id} `{completed?, page?, referrer?}` and POST /api/post/share/{id} `{platform?}`. Anyone may call
 * them; each viewer counts once per window, only so many viewers per address range count (engagement.service.ts),
 * and the global per-IP API rate limit keeps scripted loops cheap.
 */
export default async function engagementRoutes(
  app: FastifyInstance,
  { engagement, viewSources }: { engagement: EngagementService; viewSources: ViewSources },
) {
  const params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
  type Params = Static<typeof params>;
  const viewBody = Type.Optional(Type.Object({ completed: Type.Optional(Type.Boolean()), ...ViewSourceFields }));
  const shareBody = Type.Optional(
    Type.Object({ platform: Type.Optional(Type.Union(SHARE_PLATFORMS.map((platform) => Type.Literal(platform)))) }),
  );

  app.post('/api/post/view/:id', { schema: { params, body: viewBody } }, async (request) => {
    const { completed, ...sent } = (request.body ?? {}) as { completed?: boolean } & SentViewSource;
    const source = viewSources.source(viewSources.country(request.headers), sent);
    const counted = await engagement.recordView((request.params as Params).id, countingViewerOf(request), { completed, source });
    return envelope(counted, OK_ACTION);
  });

  app.post('/api/post/share/:id', { schema: { params, body: shareBody } }, async (request) => {
    const body = (request.body ?? {}) as { platform?: (typeof SHARE_PLATFORMS)[number] };
    return envelope(
      await engagement.recordShare((request.params as Params).id, countingViewerOf(request), body.platform),
      OK_ACTION,
    );
  });
}
