import { useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { useModalDialog } from '../dialogs/useModalDialog';
import { BackIcon, CloseIcon } from '../layout/icons';
import styles from './FeedOverlay.module.css';
import { type FeedStart, playbackPreferences } from './feed-data';
import { VerticalFeed } from './VerticalFeed';

/** How long the closing slide lasts; the owner unmounts the overlay after it (FeedOverlay.module.css). */
export const FEED_OVERLAY_CLOSING_MS = 220;

export interface FeedOverlayProps {
  readonly start: FeedStart;
  /** Names the overlay and its feed for assistive technology. */
  readonly label: string;
  /** Escape or the close button: the owner goes back in history, which closes the overlay. */
  readonly onClose: () => void;
  /** The overlay is on its way out: it plays the closing slide. */
  readonly closing: boolean;
  /** The owner deleted one of their posts in the overlay. */
  readonly onPostDeleted?: (postId: number) => void;
}

/**
 * The feed over a page of posts (spec §2): a grid's post opens here, with the grid's list to swipe on,
 * and the page stays underneath with its scroll position. On phones it slides up over the whole screen;
 * on wide screens it is the desktop popup, a centred player with the page dimmed behind it. It is a
 * modal <dialog>: the page is inert behind it, Escape closes it, and the focus goes back to the tile.
 */
export function FeedOverlay({ start, label, onClose, closing, onPostDeleted }: FeedOverlayProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, true, onClose);

  const { autoplay, notPlayableSeen } = playbackPreferences(document.cookie);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape (the native cancel) is the keyboard way out; this is the pointer one.
    <dialog
      ref={ref}
      className={styles.overlay}
      aria-label={label}
      data-feed-overlay=""
      data-closing={closing || undefined}
      onClick={(event) => {
        // Only the desktop popup leaves backdrop around the feed: a click there closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <button type="button" className={styles.close} onClick={onClose} aria-label={t('dialogs.close')}>
        <span className={styles.backIcon}>
          <BackIcon />
        </span>
        <span className={styles.closeIcon}>
          <CloseIcon size={22} strokeWidth={2.2} />
        </span>
      </button>
      <VerticalFeed
        start={start}
        autoplay={autoplay}
        notPlayableSeen={notPlayableSeen}
        label={label}
        variant="overlay"
        onPostDeleted={onPostDeleted}
      />
    </dialog>
  );
}
