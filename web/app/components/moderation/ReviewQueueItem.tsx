import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import { ActionDialog } from './ActionDialog';
import styles from './Admin.module.css';
import { ActionStatusLine } from './AdminPanel';
import type { ReviewQueueAnswer } from './admin-types';
import { BlurredMedia } from './BlurredMedia';
import { postActions } from './enforcement-options';
import list from './ReviewQueue.module.css';
import { useAdminAction } from './useAdminAction';

type HeldPost = ReviewQueueAnswer['posts'][number];

// Rejecting is a removal with its statement of reasons, chosen in the same dialog as on a case.
const reject = postActions.find((choice) => choice.kind === 'post-remove');

/** One held post: its still blurred until asked for, who made it, why it waits; approve or reject it. */
export function ReviewQueueItem({ post }: { post: HeldPost }) {
  const { t, i18n } = useTranslation();
  const { run, busy, status } = useAdminAction();
  const [rejecting, setRejecting] = useState(false);
  const title = post.title || t('console.review.untitled');
  const since = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(post.since),
  );
  const headingId = `review-post-${post.postId}`;
  return (
    <li className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {title}
      </h2>
      <BlurredMedia src={post.thumbnail} alt={title} />
      <dl className={list.facts}>
        <dt>{t('console.review.creator')}</dt>
        <dd>
          <Link to={`/${post.username}`}>@{post.username}</Link>
        </dd>
        <dt>{t('console.review.reason')}</dt>
        <dd>{t(`console.review.reasons.${post.reviewReason}`)}</dd>
        <dt>{t('console.review.since')}</dt>
        <dd>
          <time dateTime={post.since}>{since}</time>
        </dd>
      </dl>
      <div className={styles.toolbar}>
        {post.reviewReason !== 'hidden' && (
          <button
            type="button"
            className={styles.button}
            data-tone="primary"
            disabled={busy}
            onClick={() => run(`/api/admin/enforcement/review-queue/${post.postId}/approve`, {})}
          >
            {t('console.review.approve')}
          </button>
        )}
        <button
          type="button"
          className={styles.button}
          data-tone="danger"
          aria-haspopup="dialog"
          disabled={busy}
          onClick={() => setRejecting(true)}
        >
          {t('console.review.reject')}
        </button>
      </div>
      <ActionStatusLine status={status} />
      {rejecting && reject && (
        <ActionDialog
          choice={reject}
          busy={busy}
          onClose={() => setRejecting(false)}
          onSubmit={async (values) => {
            const body = {
              kind: reject.kind,
              category: values.category,
              ...(values.rule ? { rule: values.rule } : {}),
              publicReason: values.publicReason || undefined,
              note: values.note || undefined,
            };
            if (await run(`/api/admin/enforcement/posts/${post.postId}/actions`, body)) setRejecting(false);
          }}
        />
      )}
    </li>
  );
}
