import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useAccount } from '../../components/account/AccountSession';
import forms from '../../components/account/forms.module.css';
import { PostEditFields } from '../../components/posts/PostEditFields';
import { usePostEdit } from '../../components/posts/usePostEdit';
import { PublishingPanel } from '../../components/studio/PublishingPanel';
import { SettingsPanel } from '../../components/studio/SettingsPanel';
import styles from '../../components/studio/Studio.module.css';
import { useStudioPost } from '../../components/studio/useStudioPost';
import { useTranslation } from '../../i18n/react';

/** Spec §8: success messages for the usual 3 s, failures 8 s (as the manage sheet). */
const SUCCESS_MS = 3000;
const ERROR_MS = 8000;

/**
 * /studio/post/:postId, the editor's Details tab: title, tags and visibility (the manage sheet's edit,
 * usePostEdit), publishing a draft or scheduled post, and the post's settings.
 */
export default function StudioPostDetails() {
  const post = useStudioPost();
  return <Details key={`${post.id}-${post.status}`} />;
}

function Details() {
  const { t } = useTranslation();
  const post = useStudioPost();
  const { showStatus } = useAccount();
  const { revalidate } = useRevalidator();
  const edit = usePostEdit(post);
  const [busy, setBusy] = useState(false);
  const awaiting =
    (post.target === 'draft' || post.target === 'scheduled') && ['draft', 'scheduled', 'processing'].includes(post.state);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await edit.save();
      showStatus(t('manage.post-updated-success'), 'success', SUCCESS_MS);
      await revalidate();
    } catch {
      showStatus(t('manage.post-Updated-error'), 'error', ERROR_MS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.details}>
      <form className={`${styles.panel} ${forms.form}`} onSubmit={save} aria-labelledby="details-heading">
        <h3 id="details-heading" className={styles.panelTitle}>
          {t('studio.editorTabs.details')}
        </h3>
        <PostEditFields edit={edit} visibility={post.state === 'published' || post.state === 'private'} />
        <div>
          <button type="submit" className={forms.primary} disabled={busy}>
            {t('manage.save')}
          </button>
        </div>
      </form>
      <div className={styles.side}>
        {awaiting && <PublishingPanel post={post} />}
        <SettingsPanel post={post} />
      </div>
    </div>
  );
}
