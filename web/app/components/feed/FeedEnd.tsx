import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import styles from './VerticalFeed.module.css';

/** The last stop of the feed: the next page on its way, a retry after a failure, or the end of the list. */
export function FeedEnd({ loading, failed, onRetry }: { loading: boolean; failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.end} aria-live="polite">
      {failed ? (
        <>
          <p>{t('feed.loadFailed')}</p>
          <button type="button" className={styles.endButton} onClick={onRetry}>
            {t('feed.retry')}
          </button>
        </>
      ) : loading ? (
        <span className={styles.loading} role="status" aria-label={t('feed.loading')} />
      ) : (
        <>
          <p className={styles.endTitle}>{t('feed.endTitle')}</p>
          <p>{t('feed.endText')}</p>
          <Link to="/popular" className={styles.endButton}>
            {t('feed.explorePopular')}
          </Link>
        </>
      )}
    </div>
  );
}
