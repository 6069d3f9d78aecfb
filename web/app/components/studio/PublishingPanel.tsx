import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { PostStatus } from '../../../../server/src/posts/post-status.ts';
import { useTranslation } from '../../i18n/react';
import type { MessageKey } from '../../i18n/translate';
import { useAccount } from '../account/AccountSession';
import forms from '../account/forms.module.css';
import { TimeSentence } from './LocalTime';
import { ScheduleField } from './ScheduleField';
import styles from './Studio.module.css';
import { fromLocalInputValue, scheduleProblem } from './schedule-time';
import { cancelSchedule, publishNow, type StudioPost, schedulePost } from './studio-api';
import { studioErrorKey } from './studio-errors';

const STATUS_MS = 4000;

/** What the panel says about a post waiting to be published. */
function hintOf(post: StudioPost): { message: MessageKey; time?: string } {
  const scheduled = post.target === 'scheduled' && post.scheduledAt;
  if (post.state === 'processing') {
    return scheduled
      ? { message: 'studio.publishing.pipelineScheduledHint', time: post.scheduledAt ?? '' }
      : { message: 'studio.publishing.pipelineDraftHint' };
  }
  return scheduled
    ? { message: 'studio.publishing.scheduledHint', time: post.scheduledAt ?? '' }
    : { message: 'studio.publishing.draftHint' };
}

/**
 * A draft's or scheduled post's way out: publish now (public or private), schedule, change the time,
 * cancel the schedule (studio/README.md). Each change reloads the editor's post.
 */
export function PublishingPanel({ post }: { post: StudioPost }) {
  const { t } = useTranslation();
  const { showStatus } = useAccount();
  const { revalidate } = useRevalidator();
  const [when, setWhen] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const scheduled = post.target === 'scheduled';
  const problem = scheduleProblem(fromLocalInputValue(when), new Date());
  const hint = hintOf(post);

  const run = async (action: () => Promise<MessageKey>) => {
    setBusy(true);
    try {
      showStatus(t(await action()), 'success', STATUS_MS);
      await revalidate();
    } catch (error) {
      showStatus(t(studioErrorKey(error)), 'error', STATUS_MS * 2);
    } finally {
      setBusy(false);
    }
  };

  const publish = (status: typeof PostStatus.published | typeof PostStatus.private) =>
    run(async () => {
      const after = await publishNow(post.id, status);
      if (after.state === 'review') return 'studio.publishing.heldForReview';
      return status === PostStatus.private ? 'studio.publishing.publishedPrivately' : 'studio.publishing.published';
    });

  const schedule = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const at = fromLocalInputValue(when);
    if (problem || !at) return;
    void run(async () => {
      await schedulePost(post.id, at);
      return 'studio.publishing.scheduled';
    });
  };

  return (
    <section className={styles.panel} aria-labelledby="publishing-heading">
      <h3 id="publishing-heading" className={styles.panelTitle}>
        {t('studio.publishing.heading')}
      </h3>
      <p className={styles.note}>{hint.time ? <TimeSentence message={hint.message} iso={hint.time} /> : t(hint.message)}</p>
      <div className={styles.buttons}>
        <button type="button" className={forms.primary} disabled={busy} onClick={() => void publish(PostStatus.published)}>
          {t('studio.publishing.publishNow')}
        </button>
        <button type="button" className={forms.secondary} disabled={busy} onClick={() => void publish(PostStatus.private)}>
          {t('studio.publishing.publishPrivately')}
        </button>
      </div>
      <form className={forms.form} onSubmit={schedule} noValidate>
        <ScheduleField value={when} onChange={setWhen} problem={tried ? problem : undefined} initial={post.scheduledAt} />
        <div className={styles.buttons}>
          <button type="submit" className={forms.secondary} disabled={busy}>
            {scheduled ? t('studio.publishing.reschedule') : t('studio.publishing.schedule')}
          </button>
          {scheduled && (
            <button
              type="button"
              className={forms.quiet}
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await cancelSchedule(post.id);
                  return 'studio.publishing.unscheduled';
                })
              }
            >
              {t('studio.publishing.cancelSchedule')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
