import { serverContext } from '#server-context';
import type { AccountAnalyticsAnswer } from '../../../../server/src/analytics/analytics-read.schemas.ts';
import styles from '../../components/analytics/Analytics.module.css';
import { AnalyticsView } from '../../components/analytics/AnalyticsView';
import { rangeOf } from '../../components/analytics/analytics-format';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { studioData } from '../../components/studio/studio-loader.server';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/analytics';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(serverContext);
  return studioData<AccountAnalyticsAnswer>(api, request, `/api/studio/analytics?days=${rangeOf(request)}`);
}

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'analytics.title');

/** /studio/analytics: the signed-in creator's account over 7, 28 or 90 days (the studio layout's Analytics tab). */
export default function StudioAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <AnalyticsView heading={<h2 className={styles.heading}>{t('analytics.title')}</h2>} analytics={loaderData} />;
}
