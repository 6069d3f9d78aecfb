import { useTranslation } from '../../i18n/react';
import { type LiveData, sendLive } from '../../lib/live-messages';
import { useRootData } from '../../lib/root-data';
import { StatusToast } from './StatusToast';
import { taggedLink } from './share-links';
import { useStatusMessage } from './useStatusMessage';

/** Spec §8: a copied link is a success for 2 s, a failure a warning for 4 s. */
const COPIED_MS = 2000;
const NOT_COPIED_MS = 4000;

type ShareEvent = 'shareProfile' | 'shareTag' | 'sharePlaylist';

/** The share message of spec §7 a page sends when its link is shared. */
export type ShareMessage = { [E in ShareEvent]: { readonly event: E; readonly data: LiveData<E> } }[ShareEvent];

interface ShareLinkButtonProps {
  /** The page's own path, e.g. `/tag/beach`. */
  readonly path: string;
  readonly title: string;
  /** utm_campaign of the shared link (spec §9: utm tags per kind). */
  readonly kind: 'profile' | 'tag' | 'playlist';
  readonly message: ShareMessage;
  readonly className: string | undefined;
}

function send(message: ShareMessage): void {
  sendLive<ShareEvent>(message.event, message.data);
}

/**
 * Shares a profile, tag or playlist page: the device's share sheet where there is one, else the tagged
 * link is copied. A completed share is counted over the socket; a dismissed sheet is no share.
 */
export function ShareLinkButton({ path, title, kind, message, className }: ShareLinkButtonProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const { message: status, show } = useStatusMessage();

  const share = async () => {
    const url = `${root?.baseUrl || window.location.origin}${path}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: taggedLink(url, 'native', kind) });
        send(message);
      } catch (error) {
        // Spec §8: a failed share is only logged; closing the system sheet is no failure at all.
        if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('share failed', error);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(taggedLink(url, 'copy_link', kind));
      show(t('feed.status.notif-link-copied-to-clipboard'), 'success', COPIED_MS);
      send(message);
    } catch {
      show(t('feed.status.notif-link-not-copied-to-clipboard'), 'warning', NOT_COPIED_MS);
    }
  };

  return (
    <>
      <button type="button" className={className} onClick={share}>
        {t('feed.share')}
      </button>
      <StatusToast message={status} />
    </>
  );
}
