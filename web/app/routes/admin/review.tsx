import { Link } from 'react-router';
import { serverContext } from '#server-context';
import styles from '../../components/moderation/Admin.module.css';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import type { ReviewQueueAnswer } from '../../components/moderation/admin-types';
import list from '../../components/moderation/ReviewQueue.module.css';
import { ReviewQueueItem } from '../../components/moderation/ReviewQueueItem';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/review';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'console.review.title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const cursor = new URL(request.url).searchParams.get('cursor');
  const query = cursor && /^[A-Za-z0-9_-]{3,120}$/.test(cursor) ? `?cursor=${cursor}` : '';
  return adminData<ReviewQueueAnswer>(context.get(serverContext).api, `/api/admin/enforcement/review-queue${query}`);
}

/** Posts held before publication (new creators, watched words), longest waiting first. */
export default function AdminReview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { posts, cursor } = loaderData;
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('console.review.title')}</h1>
        <p className={styles.lead}>{t('console.review.lead')}</p>
      </div>
      {posts.length === 0 ? (
        <p className={styles.hint}>{t('console.review.empty')}</p>
      ) : (
        <ul className={list.grid} data-testid="review-queue">
          {posts.map((post) => (
            <ReviewQueueItem key={post.postId} post={post} />
          ))}
        </ul>
      )}
      {cursor && (
        <Link to={`/admin/review?cursor=${encodeURIComponent(cursor)}`} className={styles.button}>
          {t('console.review.more')}
        </Link>
      )}
    </>
  );
}
