import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Orientation } from '../../../../server/src/settings/orientation.ts';
import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';
import { useAccount } from '../account/AccountSession';
import { stillUrl } from '../player/renditions';
import own from './ImportComposer.module.css';
import { ImportLinkForm } from './ImportLinkForm';
import { importMessageKey } from './import-messages';
import { type DetailsValue, PostDetails } from './PostDetails';
import { ProcessingPanel } from './ProcessingPanel';
import { ProgressBar } from './ProgressBar';
import styles from './UploadComposer.module.css';
import { useImportJob } from './useImportJob';
import { useProcessing } from './useProcessing';

/** Spec §3 post status published. */
const PUBLISHED = 6;
/** How far the bar stands while the job waits, then downloads: the job reports no byte counts. */
const STATE_PROGRESS: Record<string, number> = { new: 5, started: 50, done: 100 };

/**
 * /new-post?import: paste a link, follow the import live (cancel while it runs), then title, tag and publish
 * the post it became, which waits as private until then (scraper/README.md). `jobId` is the import's id
 * (from the link form, or the scraper-done notification).
 */
export function ImportComposer({ jobId }: { jobId: number | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <div className={styles.headingRow}>
        <h1 className={styles.heading}>{t('imports.heading')}</h1>
        <Link to="/new-post" className={styles.secondaryButton}>
          {t('imports.uploadInstead')}
        </Link>
      </div>
      {jobId === undefined ? <ImportLinkForm /> : <ImportedPost key={jobId} jobId={jobId} />}
    </div>
  );
}

function ImportedPost({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showStatus } = useAccount();
  const { state, cancel } = useImportJob(jobId);
  const job = state.phase === 'job' ? state.job : undefined;
  const postId = job?.state === 'done' ? (job.postId ?? undefined) : undefined;
  const processing = useProcessing(postId);
  const [details, setDetails] = useState<DetailsValue>({ title: '', tags: [], lgbt: Orientation.straight, joinClips: false });
  const [publishing, setPublishing] = useState<'idle' | 'busy' | 'done'>('idle');
  const [problem, setProblem] = useState<string>();

  // A post published earlier (the notification opened again) shows as published.
  const card = processing.post;
  useEffect(() => {
    if (card?.status === PUBLISHED) setPublishing('done');
  }, [card?.status]);

  if (state.phase === 'loading') return <p className={styles.hint}>{t('imports.loading')}</p>;
  if (state.phase === 'missing' || !job) {
    return (
      <div className={styles.panel}>
        <p className={styles.error}>{t('imports.missing')}</p>
        <div className={styles.actions}>
          <Link to="/new-post?import" className={styles.primaryButton}>
            {t('imports.another')}
          </Link>
        </div>
      </div>
    );
  }

  const running = job.state === 'new' || job.state === 'started';
  const another = () => navigate('/new-post?import');
  const publish = async () => {
    if (postId === undefined) return;
    setPublishing('busy');
    setProblem(undefined);
    try {
      await api('/api/post', {
        method: 'POST',
        body: { postId, title: details.title.trim(), tags: details.tags, status: PUBLISHED },
      });
      showStatus(t('imports.published'), 'success');
      setPublishing('done');
    } catch (error) {
      setProblem(t(importMessageKey(error instanceof ApiError ? error.code : 'network')));
      setPublishing('idle');
    }
  };
  const stop = async () => {
    try {
      await cancel();
      showStatus(t('imports.canceled'), 'warning', 3000);
    } catch {
      showStatus(t('imports.cancelFailed'), 'error', 6000);
    }
  };
  const poster = card?.media[0] ? stillUrl(card.media[0], 'poster') : undefined;

  return (
    <div className={styles.layout}>
      <section className={styles.mediaColumn} aria-labelledby="import-status">
        <div className={styles.panel}>
          <h2 id="import-status" className={styles.panelTitle}>
            {t(`imports.states.${job.state}`)}
          </h2>
          <p className={own.source} title={job.sourceUrl}>
            {job.sourceUrl}
          </p>
          {job.state !== 'failed' && job.state !== 'canceled' && (
            <ProgressBar label={t('imports.progress')} value={STATE_PROGRESS[job.state] ?? 0} testId="import-progress" />
          )}
          <p className={styles.progressText} aria-live="polite" data-testid="import-state">
            {t(`imports.stateHints.${job.state}`)}
          </p>
          {job.state === 'failed' && (
            <p className={styles.error} role="alert">
              {t(importMessageKey(job.error ?? 'generic'))}
            </p>
          )}
          <div className={styles.actions}>
            {running ? (
              <button type="button" className={styles.secondaryButton} onClick={() => void stop()}>
                {t('imports.cancel')}
              </button>
            ) : (
              (job.state === 'failed' || job.state === 'canceled') && (
                <button type="button" className={styles.primaryButton} onClick={another}>
                  {t('imports.another')}
                </button>
              )
            )}
          </div>
        </div>
        {poster && <img className={own.poster} src={poster} alt={t('imports.posterAlt')} />}
      </section>

      <div className={styles.detailsColumn}>
        {publishing === 'done' && postId !== undefined ? (
          <ProcessingPanel
            view={processing.view}
            postId={postId}
            title={details.title || card?.title || ''}
            onAnother={another}
          />
        ) : (
          <form
            className={styles.panel}
            aria-label={t('upload.details')}
            onSubmit={(event) => {
              event.preventDefault();
              void publish();
            }}
          >
            <fieldset className={styles.fields} disabled={postId === undefined || publishing === 'busy'}>
              <PostDetails
                value={details}
                canJoin={false}
                audience={false}
                onChange={(change) => setDetails((current) => ({ ...current, ...change }))}
              />
            </fieldset>
            {problem && (
              <p className={styles.error} role="alert">
                {problem}
              </p>
            )}
            {postId !== undefined && processing.view.phase === 'processing' && (
              <p className={styles.hint}>{t('imports.publishWhileProcessing')}</p>
            )}
            <div className={styles.actions}>
              <button type="submit" className={styles.primaryButton} disabled={postId === undefined || publishing === 'busy'}>
                {t('upload.post')}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
