import { serverContext } from '#server-context';
import type { AccountAnalyticsAnswer } from '../../../../server/src/analytics/analytics-read.schemas.ts';
import styles from '../../components/analytics/Analytics.module.css';
import { AnalyticsView } from '../../components/analytics/AnalyticsView';
import { rangeOf } from '../../components/analytics/analytics-format';
import { analyticsData } from '../../components/analytics/analytics-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/analytics';

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await context.get(serverContext).api<AccountAnalyticsAnswer>(`/api/studio/analytics?days=${rangeOf(request)}`);
  return analyticsData(answer, request);
}

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'analytics.title');

/** /studio/analytics: the signed-in creator's account over 7, 28 or 90 days. */
export default function StudioAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <AnalyticsView heading={<h1 className={styles.heading}>{t('analytics.title')}</h1>} analytics={loaderData} />;
}
