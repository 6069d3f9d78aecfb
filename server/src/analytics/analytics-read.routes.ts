import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope } from '../http/envelope.ts';
import { AnalyticsQuery, DEFAULT_ANALYTICS_RANGE, PostAnalyticsParams } from './analytics-read.schemas.ts';
import type { AnalyticsReadService } from './analytics-read.service.ts';

/**
 * The studio's analytics, owner only: the account's figures and one own post's (READING.md). Answers
 * depend on the caller, so they are never shared through the response cache.
 */
export default async function analyticsReadRoutes(app: FastifyInstance, { analytics }: { analytics: AnalyticsReadService }) {
  app.get('/api/studio/analytics', { schema: { querystring: AnalyticsQuery }, preHandler: app.requireUser }, async (request) => {
    const { days = DEFAULT_ANALYTICS_RANGE } = request.query as AnalyticsQuery;
    return envelope(await analytics.account(sessionUserId(request), days));
  });

  app.get(
    '/api/studio/analytics/post/:id',
    { schema: { params: PostAnalyticsParams, querystring: AnalyticsQuery }, preHandler: app.requireUser },
    async (request) => {
      const { days = DEFAULT_ANALYTICS_RANGE } = request.query as AnalyticsQuery;
      const { id } = request.params as Static<typeof PostAnalyticsParams>;
      return envelope(await analytics.post(sessionUserId(request), id, days));
    },
  );
}
