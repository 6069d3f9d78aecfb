import { serverContext } from '#server-context';
import type { PostAnalyticsAnswer } from '../../../../server/src/analytics/analytics-read.schemas.ts';
import styles from '../../components/analytics/Analytics.module.css';
import { AnalyticsView } from '../../components/analytics/AnalyticsView';
import { rangeOf } from '../../components/analytics/analytics-format';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { studioData } from '../../components/studio/studio-loader.server';
import { useTranslation } from '../../i18n/react';
import { idOrUndefined, notFound } from '../../lib/route-params';
import type { Route } from './+types/post-analytics';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = idOrUndefined(params.postId) ?? notFound();
  const { api } = context.get(serverContext);
  return studioData<PostAnalyticsAnswer>(api, request, `/api/studio/analytics/post/${id}?days=${rangeOf(request)}`);
}

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'analytics.title');

/** /studio/post/:postId/analytics: one of the creator's own posts (the post editor's Analytics tab). */
export default function StudioPostAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <AnalyticsView heading={<h3 className={styles.heading}>{t('analytics.title')}</h3>} analytics={loaderData} />;
}
