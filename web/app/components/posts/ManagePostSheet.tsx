import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PostStatus } from '../../../../server/src/posts/post-status.ts';
import { useTranslation } from '../../i18n/react';
import { useAccount } from '../account/AccountSession';
import forms from '../account/forms.module.css';
import { Dialog } from '../dialogs/Dialog';
import styles from './ManagePostSheet.module.css';
import { PostEditFields } from './PostEditFields';
import type { PostCard } from './post-links';
import { deletePost, retryPost } from './post-management';
import { usePostEdit } from './usePostEdit';

/** Spec §8: success messages for the usual 3 s, the two failures 8 s. */
const SUCCESS_MS = 3000;
const ERROR_MS = 8000;

export interface ManagePostSheetProps {
  readonly post: PostCard;
  readonly onClose: () => void;
  /** The post's card after an edit or a retry. */
  readonly onUpdated: (post: PostCard) => void;
  readonly onDeleted: (postId: number) => void;
  /** Opens who liked the post (the feed's own-post menu has no other way to it). */
  readonly onShowLikers?: () => void;
}

/**
 * The owner's sheet for one post: title, tags and who may see it (PUT /api/post/{id}), delete after a
 * confirmation (DELETE), and for a failed post, processing it again (POST /api/post/retry/{id}). A post
 * still processing keeps the visibility as its wish and takes it when processing ends (posts/README.md).
 */
export function ManagePostSheet({ post, onClose, onUpdated, onDeleted, onShowLikers }: ManagePostSheetProps) {
  const { t } = useTranslation();
  const { showStatus } = useAccount();
  const failed = post.status === PostStatus.failed;
  // Drafts and scheduled posts go public from the studio, which says when.
  const awaiting = post.status === PostStatus.draft || post.status === PostStatus.scheduled;
  const edit = usePostEdit(post);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        onUpdated(await edit.save());
        showStatus(t('manage.post-updated-success'), 'success', SUCCESS_MS);
        onClose();
      } catch {
        showStatus(t('manage.post-Updated-error'), 'error', ERROR_MS);
      }
    });
  };

  const remove = () =>
    run(async () => {
      try {
        await deletePost(post.id);
        showStatus(t('manage.post-deleted-success'), 'success', SUCCESS_MS);
        onDeleted(post.id);
        onClose();
      } catch {
        showStatus(t('manage.post-deleted-error'), 'error', ERROR_MS);
      }
    });

  const retry = () =>
    run(async () => {
      try {
        onUpdated(await retryPost(post.id));
        showStatus(t('manage.post-retry-success'), 'success', SUCCESS_MS);
        onClose();
      } catch {
        showStatus(t('manage.post-retry-error'), 'error', ERROR_MS);
      }
    });

  return (
    <Dialog open onClose={onClose} title={t('manage.sheetTitle')} size="small">
      {confirming ? (
        <div className={styles.confirm}>
          <p>{t('manage.deleteConfirm')}</p>
          <div className={forms.actions}>
            <button type="button" className={forms.secondary} onClick={() => setConfirming(false)} disabled={busy}>
              {t('manage.cancel')}
            </button>
            <button type="button" className={forms.danger} onClick={remove} disabled={busy} data-autofocus="">
              {t('manage.deleteYes')}
            </button>
          </div>
        </div>
      ) : (
        <form className={forms.form} onSubmit={save}>
          {failed && (
            <div className={styles.notice} data-tone="error">
              <p>{t('manage.failedHint')}</p>
              <button type="button" className={forms.secondary} onClick={retry} disabled={busy}>
                {t('manage.retry')}
              </button>
            </div>
          )}
          <PostEditFields edit={edit} visibility={!failed && !awaiting} />
          {awaiting && (
            <Link to={`/studio/post/${post.id}`} className={forms.quiet}>
              {t('studio.composer.openInStudio')}
            </Link>
          )}
          <button type="submit" className={`${forms.primary} ${forms.wide}`} disabled={busy}>
            {t('manage.save')}
          </button>
          <div className={styles.footer}>
            {onShowLikers && (
              <button type="button" className={forms.quiet} onClick={onShowLikers}>
                {t('manage.whoLiked')}
              </button>
            )}
            <button type="button" className={styles.deleteLink} onClick={() => setConfirming(true)} disabled={busy}>
              {t('manage.delete')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
