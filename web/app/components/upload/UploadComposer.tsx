import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Orientation } from '../../../../server/src/settings/orientation.ts';
import { useTranslation } from '../../i18n/react';
import { loginHref } from '../../lib/navigation';
import { activeOrientation } from '../../lib/orientation';
import { videoLink } from '../../lib/post-links';
import { retryTime } from '../../lib/retry-after';
import { useRootData } from '../../lib/root-data';
import { useViewer } from '../../lib/viewer';
import { useAccount } from '../account/AccountSession';
import { ManifestEditor } from '../performers/ManifestEditor';
import { draftProblem, draftProblemKey, type ManifestDraft, manifestBody, onlyMe } from '../performers/manifest-draft';
import { performerErrorKey, saveManifest } from '../performers/performers-api';
import { PublishChoice, type PublishWhen, publishNowChoice, publishWhenProblem } from '../studio/PublishChoice';
import { fromLocalInputValue } from '../studio/schedule-time';
import { schedulePost } from '../studio/studio-api';
import { studioErrorKey } from '../studio/studio-errors';
import { CameraRecorder } from './CameraRecorder';
import { canRecord } from './camera';
import { DropZone } from './DropZone';
import { MediaPreviews } from './MediaPreviews';
import { type DetailsValue, PostDetails } from './PostDetails';
import { ProcessingPanel } from './ProcessingPanel';
import { ProgressBar } from './ProgressBar';
import { MOBILE_MAX_WIDTH, takePendingFiles } from './pending-upload';
import styles from './UploadComposer.module.css';
import { uploadMessageKey } from './upload-messages';
import { joinsClips, leftOut, useChosenMedia } from './useChosenMedia';
import { useComposerDraft } from './useComposerDraft';
import { useProcessing } from './useProcessing';
import { useUploadAllowance } from './useUploadAllowance';
import { useUploadSender } from './useUploadSender';

/** Spec §8: posts-upload-canceled and notif-video-uploaded-failed stay 3 s. */
const UPLOAD_STATUS_MS = 3000;

/**
 * The new-post screen: files on the inline-start side (a big drop zone, then their previews), details on the
 * other (one column on phones); checked in the browser by the shared rules, sent with progress and cancel,
 * then followed through processing until the post can be watched.
 */
export function UploadComposer({ mobile }: { mobile: boolean }) {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const root = useRootData();
  const { pathname, search, key } = useLocation();
  const navigate = useNavigate();
  const { showStatus } = useAccount();
  const [details, setDetails] = useState<DetailsValue>(() => ({
    title: '',
    tags: [],
    lgbt: activeOrientation(pathname, root?.lgbtPreference ?? Orientation.straight),
    joinClips: false,
  }));
  const [when, setWhen] = useState<PublishWhen>(publishNowChoice);
  /** Who appears in the post; "only me, today" until changed (set after hydration: the day is the browser's). */
  const [manifest, setManifest] = useState<ManifestDraft>({ producedOn: '', performers: [{ kind: 'self' }] });
  const [triedSending, setTriedSending] = useState(false);
  /** The moment a scheduled upload goes public, once the studio took the schedule. */
  const [scheduledAt, setScheduledAt] = useState<string>();
  const [camera, setCamera] = useState(false);
  const [recordingSupported, setRecordingSupported] = useState(false);
  const media = useChosenMedia(viewer?.type ?? 1, details.joinClips);
  const sender = useUploadSender();
  const sentPost = sender.state.step === 'sent' ? sender.state.post : undefined;
  const processing = useProcessing(sentPost?.postId);
  const addFiles = useRef(media.add);
  addFiles.current = media.add;
  const handedOver = useRef(false);
  const refusal = useUploadAllowance(viewer !== undefined);

  useEffect(() => setRecordingSupported(canRecord()), []);
  useEffect(
    () => setManifest((current) => (current.producedOn ? current : { ...current, producedOn: onlyMe(new Date()).producedOn })),
    [],
  );

  // A file dropped beside the drop zone would otherwise open in the tab and lose the post being composed.
  useEffect(() => {
    const keep = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  // Files chosen from the top bar or the side menu, handed over on each arrival here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation, which `key` identifies
  useEffect(() => {
    const files = takePendingFiles();
    handedOver.current = files.length > 0;
    if (files.length > 0) addFiles.current(files);
  }, [key]);

  const draft = useComposerDraft({
    userId: viewer?.id,
    items: media.items,
    details,
    sent: sentPost !== undefined,
    hasHandedOverFiles: () => handedOver.current,
    restore: (kept) => {
      for (const { file, recorded } of kept.files) addFiles.current([file], recorded);
      setDetails(kept.details);
    },
  });

  // The session ended while composing: the post is kept, and comes back after logging in again.
  const failedCode = sender.state.step === 'failed' ? sender.state.code : undefined;
  const keepDraft = useRef(draft.keepNow);
  keepDraft.current = draft.keepNow;
  useEffect(() => {
    if (failedCode !== 'login_required') return;
    showStatus(t('imports.sessionEnded'), 'info', UPLOAD_STATUS_MS * 2);
    void keepDraft.current().then(() => navigate(loginHref(pathname, search)));
  }, [failedCode, navigate, pathname, search, showStatus, t]);

  useEffect(() => {
    if (processing.view.phase === 'failed') showStatus(t('upload.failed'), 'warning', UPLOAD_STATUS_MS);
  }, [processing.view.phase, showStatus, t]);

  // A scheduled post is sent as a draft, then scheduled: a refused time leaves a draft, never a public post.
  const sentPostId = sentPost?.postId;
  const scheduling = useRef<number>(undefined);
  useEffect(() => {
    const scheduleAt = when.mode === 'schedule' ? fromLocalInputValue(when.at) : undefined;
    if (sentPostId === undefined || !scheduleAt || scheduling.current === sentPostId) return;
    scheduling.current = sentPostId;
    schedulePost(sentPostId, scheduleAt).then(
      (post) => setScheduledAt(post.scheduledAt ?? undefined),
      (error: unknown) =>
        showStatus(t('studio.composer.scheduleFailed', { reason: t(studioErrorKey(error)) }), 'error', UPLOAD_STATUS_MS * 3),
    );
  }, [sentPostId, when, showStatus, t]);

  // The manifest goes with the post as soon as it exists, before processing can publish it.
  const manifestSent = useRef<number>(undefined);
  useEffect(() => {
    if (sentPostId === undefined || manifestSent.current === sentPostId) return;
    manifestSent.current = sentPostId;
    saveManifest(sentPostId, manifestBody(manifest)).catch((error: unknown) =>
      showStatus(t('performers.manifest.uploadFailed', { reason: t(performerErrorKey(error)) }), 'error', UPLOAD_STATUS_MS * 5),
    );
  }, [sentPostId, manifest, showStatus, t]);

  const { items, verdict } = media;
  const step = sender.state.step;
  const busy = step === 'checking' || step === 'uploading';
  const videos = items.filter((item) => item.probe?.kind === 'video');
  const canJoin = videos.length > 1;
  const warnings = verdict?.warnings ?? [];
  const leftOutCount = items.filter(leftOut).length;
  const ready = verdict !== undefined && verdict.errors.length === 0 && !busy && refusal === undefined;

  const post = () => {
    setTriedSending(true);
    if (!ready || publishWhenProblem(when, new Date()) || draftProblem(manifest, new Date())) return;
    const join = joinsClips(items, details.joinClips);
    void sender.send({
      files: items.map((item) => item.file),
      singleVideo: videos.length === 1 && items.length === 1 ? videos[0]?.file : undefined,
      locale: i18n.language,
      fields: {
        title: details.title,
        tags: details.tags,
        lgbt: details.lgbt,
        joinClips: join,
        draft: when.mode !== 'now',
        recorded: items.some((item) => item.recorded),
        device: mobile || window.innerWidth <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop',
      },
    });
  };

  const cancel = () => {
    if (sender.cancel()) showStatus(t('upload.canceled'), 'warning', UPLOAD_STATUS_MS);
  };

  const startOver = () => {
    sender.reset();
    media.clear();
    setCamera(false);
    setWhen(publishNowChoice);
    setTriedSending(false);
    setScheduledAt(undefined);
    setManifest(onlyMe(new Date()));
    setDetails((current) => ({ ...current, title: '', tags: [], joinClips: false }));
  };

  const withRetry = (code: string, retryAfter: number | undefined) =>
    retryAfter === undefined
      ? t(uploadMessageKey(code))
      : `${t(uploadMessageKey(code))} ${t('imports.tryAgainAt', { time: retryTime(retryAfter, i18n.language) })}`;
  const manifestProblem = triedSending ? draftProblem(manifest, new Date()) : undefined;
  const problems = [
    ...(verdict?.errors ?? []).map((code) => t(uploadMessageKey(code))),
    ...(manifestProblem ? [t(draftProblemKey(manifestProblem))] : []),
    ...(sender.state.step === 'failed' && sender.state.code !== 'login_required'
      ? [withRetry(sender.state.code, sender.state.retryAfter)]
      : []),
  ];

  return (
    <div className={styles.page}>
      <div className={styles.headingRow}>
        <h1 className={styles.heading}>{t('upload.heading')}</h1>
        <div className={styles.headingLinks}>
          <Link to="/studio" className={styles.secondaryButton}>
            {t('studio.open')}
          </Link>
          {sentPost === undefined && (
            <Link to="/new-post?import" className={styles.secondaryButton}>
              {t('imports.fromLink')}
            </Link>
          )}
        </div>
      </div>
      {refusal && (
        <p className={styles.warning} role="status" data-testid="upload-refused">
          {withRetry(refusal.code, refusal.retryAfter)}
        </p>
      )}
      <div className={styles.layout}>
        <div className={styles.mediaColumn}>
          {items.length === 0 && !camera ? (
            <DropZone compact={false} disabled={busy} onFiles={media.add} />
          ) : (
            <div className={styles.chosen}>
              <MediaPreviews
                items={items}
                showLeftOut={warnings.length > 0}
                disabled={busy}
                locked={sentPost !== undefined}
                onRemove={media.remove}
                onMove={media.move}
              />
              {sentPost === undefined && <DropZone compact disabled={busy} onFiles={media.add} />}
            </div>
          )}
          {camera && sentPost === undefined && (
            <CameraRecorder
              clipsSoFar={items.filter((item) => item.recorded).length}
              onClip={(file) => {
                media.add([file], true);
                if (items.some((item) => item.recorded)) setDetails((current) => ({ ...current, joinClips: true }));
              }}
              onClose={() => setCamera(false)}
            />
          )}
          {recordingSupported && !camera && sentPost === undefined && (
            <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => setCamera(true)}>
              <span className={styles.recordDot} aria-hidden="true" />
              {t('upload.record')}
            </button>
          )}
          {items.length === 0 && <p className={styles.requirements}>{t('upload.requirements')}</p>}
        </div>

        <div className={styles.detailsColumn}>
          {sentPost ? (
            <ProcessingPanel
              view={processing.view}
              postId={sentPost.postId}
              title={details.title}
              kept={when.mode === 'now' ? undefined : { scheduledAt }}
              onAnother={startOver}
            />
          ) : (
            <form
              className={styles.panel}
              aria-label={t('upload.details')}
              onSubmit={(event) => {
                event.preventDefault();
                post();
              }}
            >
              <fieldset className={styles.fields} disabled={busy}>
                <PostDetails
                  value={details}
                  canJoin={canJoin}
                  onChange={(change) => setDetails((current) => ({ ...current, ...change }))}
                />
                <ManifestEditor value={manifest} onChange={setManifest} />
                <PublishChoice value={when} onChange={setWhen} showProblem={triedSending} />
              </fieldset>
              <div className={styles.messages} role="alert">
                {problems.map((text) => (
                  <p key={text} className={styles.error}>
                    {text}
                  </p>
                ))}
                {warnings.includes('some_images_out_of_ratio_range') && (
                  <p className={styles.warning}>{t('upload.warnings.some_images_out_of_ratio_range', { count: leftOutCount })}</p>
                )}
                {step === 'duplicate' && (
                  <p className={styles.error}>
                    {t('upload.duplicate')}{' '}
                    {sender.state.step === 'duplicate' && sender.state.postId !== null && (
                      <a href={videoLink({ id: sender.state.postId, title: '' })}>{t('upload.duplicateLink')}</a>
                    )}
                  </p>
                )}
              </div>
              {busy ? (
                <div className={styles.sending}>
                  <ProgressBar
                    label={t('upload.uploadProgress')}
                    value={step === 'uploading' && sender.state.step === 'uploading' ? sender.state.percent : 0}
                    testId="upload-progress"
                  />
                  <p className={styles.progressText} aria-live="polite">
                    {sender.state.step === 'uploading'
                      ? t('upload.uploading', { progress: sender.state.percent })
                      : t('upload.checkingDuplicate')}
                  </p>
                  <button type="button" className={styles.secondaryButton} onClick={cancel}>
                    {t('upload.cancel')}
                  </button>
                </div>
              ) : (
                <div className={styles.actions}>
                  <button type="button" className={styles.secondaryButton} disabled={items.length === 0} onClick={startOver}>
                    {t('upload.discard')}
                  </button>
                  <button type="submit" className={styles.primaryButton} disabled={!ready}>
                    {when.mode === 'draft'
                      ? t('studio.composer.submitDraft')
                      : when.mode === 'schedule'
                        ? t('studio.composer.submitSchedule')
                        : t('upload.post')}
                  </button>
                </div>
              )}
            </form>
          )}
        </div>
      </div>
    </div>
  );
}
