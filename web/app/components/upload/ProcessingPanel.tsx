import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { videoLink } from '../../lib/post-links';
import { TimeSentence } from '../studio/LocalTime';
import { ProgressBar } from './ProgressBar';
import type { ProcessingView } from './processing-state';
import styles from './UploadComposer.module.css';

/**
 * After the upload: the §4 processing progress until the post is ready, then the way to it. A post `kept`
 * as a draft or for a schedule is ready in the studio instead.
 */
export function ProcessingPanel({
  view,
  postId,
  title,
  kept,
  onAnother,
}: {
  view: ProcessingView;
  postId: number;
  title: string;
  kept?: { readonly scheduledAt?: string };
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const progress = view.phase === 'processing' ? view.progress : 100;
  const held = view.phase === 'held';
  const doneTitle = !kept ? (
    t('upload.done')
  ) : kept.scheduledAt ? (
    <TimeSentence message="studio.composer.scheduledDone" iso={kept.scheduledAt} />
  ) : (
    t('studio.composer.draftDone')
  );
  return (
    <section className={styles.panel} aria-labelledby="processing-heading">
      <h2 id="processing-heading" className={styles.panelTitle}>
        {view.phase === 'done'
          ? doneTitle
          : held
            ? t('performers.awaiting')
            : view.phase === 'failed'
              ? t('upload.failed')
              : t('upload.processingTitle')}
      </h2>
      <p className={styles.stepLabel}>{t('upload.uploadProgress')}</p>
      <ProgressBar label={t('upload.uploadProgress')} value={100} testId="upload-progress" />
      {view.phase !== 'failed' && (
        <>
          <p className={styles.stepLabel}>{t('upload.processingProgress')}</p>
          <ProgressBar label={t('upload.processingProgress')} value={progress} testId="processing-progress" />
          <p className={styles.progressText} aria-live="polite">
            {t('upload.processing', { progress })}
          </p>
        </>
      )}
      {view.phase === 'processing' && <p className={styles.hint}>{t('upload.processingHint')}</p>}
      {held && <p className={styles.hint}>{t('performers.awaitingHint')}</p>}
      {view.phase === 'failed' && (
        <p className={styles.error} role="alert">
          {t('upload.failed')}
        </p>
      )}
      <div className={styles.actions}>
        {held && (
          <Link to={`/studio/post/${postId}/performers`} className={styles.primaryButton}>
            {t('studio.composer.openInStudio')}
          </Link>
        )}
        {view.phase === 'done' && (
          <Link to={kept ? `/studio/post/${postId}` : videoLink({ id: postId, title })} className={styles.primaryButton}>
            {kept ? t('studio.composer.openInStudio') : t('upload.viewPost')}
          </Link>
        )}
        <button
          type="button"
          className={view.phase === 'done' || held ? styles.secondaryButton : styles.primaryButton}
          onClick={onAnother}
        >
          {t('upload.uploadAnother')}
        </button>
      </div>
    </section>
  );
}
