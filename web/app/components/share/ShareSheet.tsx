import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/root-data';
import { Dialog } from '../dialogs/Dialog';
import { ReportButton } from '../discovery/ReportButton';
import type { FeedPost } from '../feed/feed-data';
import { recordShare, type ShareCountChannel } from '../feed/social-actions';
import { PlatformIcon } from './PlatformIcon';
import styles from './ShareSheet.module.css';
import { StatusToast } from './StatusToast';
import { embedCode, platformShareUrl, sharePlatforms, taggedLink } from './share-links';
import { useStatusMessage } from './useStatusMessage';

/** Spec §8: a copied link or code is a success for 2 s, a failure a warning for 4 s. */
const COPIED_MS = 2000;
const NOT_COPIED_MS = 4000;

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export interface ShareSheetProps {
  /** The post to share; no post, no sheet. */
  readonly post: FeedPost | undefined;
  readonly onClose: () => void;
  /** The post's share count after a counted share. */
  readonly onShared?: (postId: number, shareCount: number) => void;
}

/** The share sheet of a post. */
export function ShareSheet({ post, onClose, onShared }: ShareSheetProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={Boolean(post)} onClose={onClose} title={t('feed.shareTitle')} size="small">
      {post && <ShareOptions post={post} onShared={onShared} />}
    </Dialog>
  );
}

/**
 * Copy the link, the device's own share sheet where there is one, the usual platforms (each link tagged
 * with its utm_source), the embed code when the creator allows embedding, and the report action for someone else's post. Each share is counted
 * (feed/social-actions.ts recordShare); spec §8: a failed count is only logged.
 */
function ShareOptions({ post, onShared }: { post: FeedPost; onShared: ShareSheetProps['onShared'] }) {
  const { t } = useTranslation();
  const root = useRootData();
  const origin = root?.baseUrl || window.location.origin;
  const isOwnPost = root?.viewer?.id === post.user.id;
  const { message, show } = useStatusMessage();
  const url = `${origin}${post.path}`;
  const title = post.title || t('feed.shareFallbackTitle', { name: post.user.displayName || post.user.username });
  const media = post.media[0];
  const code = embedCode(origin, post.id, title, { width: media?.width ?? null, height: media?.height ?? null });
  const link = taggedLink(url, 'copy_link');

  const counted = (channel: ShareCountChannel) => {
    recordShare(post.id, channel).then(
      (answer) => answer && onShared?.(post.id, answer.shareCount),
      (error: unknown) => console.warn('share not counted', error),
    );
  };
  const copyLink = async () => {
    if (await copy(link)) {
      show(t('feed.status.notif-link-copied-to-clipboard'), 'success', COPIED_MS);
      counted('copy_link');
    } else show(t('feed.status.notif-link-not-copied-to-clipboard'), 'warning', NOT_COPIED_MS);
  };
  const copyCode = async () => {
    if (await copy(code)) {
      show(t('feed.status.notif-code-copied-to-clipboard'), 'success', COPIED_MS);
      counted('embed');
    } else show(t('feed.status.notif-code-not-copied-to-clipboard'), 'warning', NOT_COPIED_MS);
  };
  const shareNatively = async () => {
    try {
      await navigator.share({ title, url: taggedLink(url, 'native') });
      counted('native');
    } catch (error) {
      // Spec §8: a failed share is only logged; closing the system sheet is no failure at all.
      if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('share failed', error);
    }
  };

  return (
    <>
      <ul className={styles.platforms}>
        {sharePlatforms.map((platform) => (
          <li key={platform}>
            <a
              className={styles.platform}
              href={platformShareUrl(platform, url, title)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => counted(platform)}
            >
              <PlatformIcon platform={platform} />
              <span>{t(`feed.platforms.${platform}`)}</span>
            </a>
          </li>
        ))}
      </ul>
      <div className={styles.row}>
        <input className={styles.field} value={link} readOnly dir="ltr" aria-label={t('feed.shareLink')} />
        <button type="button" className={styles.primary} onClick={copyLink} data-autofocus>
          {t('feed.copyLink')}
        </button>
      </div>
      {typeof navigator.share === 'function' && (
        <button type="button" className={styles.secondary} onClick={shareNatively}>
          {t('feed.shareMore')}
        </button>
      )}
      {post.allowEmbedding && (
        <div className={styles.embed}>
          <label className={styles.embedLabel} htmlFor="share-embed-code">
            {t('feed.embedCode')}
          </label>
          <textarea id="share-embed-code" className={styles.code} value={code} readOnly dir="ltr" rows={3} />
          <button type="button" className={styles.secondary} onClick={copyCode}>
            {t('feed.copyEmbed')}
          </button>
        </div>
      )}
      {!isOwnPost && (
        <div className={styles.report}>
          <ReportButton target={{ postId: post.id }} className={styles.secondary} />
        </div>
      )}
      <StatusToast message={message} />
    </>
  );
}
