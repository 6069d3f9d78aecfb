import { serverContext } from '#server-context';
import type { PostAnalyticsAnswer } from '../../../../server/src/analytics/analytics-read.schemas.ts';
import styles from '../../components/analytics/Analytics.module.css';
import { AnalyticsView } from '../../components/analytics/AnalyticsView';
import { rangeOf } from '../../components/analytics/analytics-format';
import { analyticsData } from '../../components/analytics/analytics-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/post-analytics';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api } = context.get(serverContext);
  const answer = await api<PostAnalyticsAnswer>(
    `/api/studio/analytics/post/${encodeURIComponent(params.postId)}?days=${rangeOf(request)}`,
  );
  return analyticsData(answer, request);
}

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'analytics.title');

/** /studio/post/:postId/analytics: one of the creator's own posts over 7, 28 or 90 days. */
export default function StudioPostAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const heading = (
    <h2 className={styles.heading}>{t('analytics.postHeading', { title: loaderData.post.title || t('analytics.untitled') })}</h2>
  );
  return <AnalyticsView heading={heading} analytics={loaderData} />;
}
