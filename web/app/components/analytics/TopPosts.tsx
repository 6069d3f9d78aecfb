import { Link } from 'react-router';
import type { TopPost } from '../../../../server/src/analytics/analytics-read.schemas.ts';
import { useTranslation } from '../../i18n/react';
import styles from './Analytics.module.css';
import { formatMetric } from './analytics-format';

/** The account's most viewed posts of the range, each linking to its own analytics. */
export function TopPosts({ posts, days }: { posts: readonly TopPost[]; days: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <section className={styles.topPosts} aria-labelledby="analytics-top-posts">
      <h2 id="analytics-top-posts" className={styles.sectionTitle}>
        {t('analytics.topPosts')}
      </h2>
      {posts.length === 0 ? (
        <p className={styles.empty}>{t('analytics.noData')}</p>
      ) : (
        <ol className={styles.postList}>
          {posts.map((post) => (
            <li key={post.id} className={styles.postItem}>
              <Link to={`/studio/post/${post.id}/analytics?days=${days}`} className={styles.postTitle}>
                {post.title || t('analytics.untitled')}
              </Link>
              <dl className={styles.postFigures}>
                <div>
                  <dt>{t('analytics.metric.views')}</dt>
                  <dd>{formatMetric('count', post.views, locale)}</dd>
                </div>
                <div>
                  <dt>{t('analytics.metric.watchTime')}</dt>
                  <dd>{formatMetric('duration', post.watchMs, locale)}</dd>
                </div>
                <div>
                  <dt>{t('analytics.metric.completionRate')}</dt>
                  <dd>{formatMetric('rate', post.completionRate, locale)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
