import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from './GroupedLikers.module.css';

const LikersSheet = lazy(() => import('../posts/LikersSheet').then((module) => ({ default: module.LikersSheet })));

/**
 * Under a grouped like ("… and 6 more liked your post"): opens the list of everyone who liked the post,
 * the same sheet the post page's likes count opens.
 */
export function GroupedLikers({ postId }: { postId: number }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.button} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('manage.seeWhoLiked')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <LikersSheet postId={postId} locale={i18n.language} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
