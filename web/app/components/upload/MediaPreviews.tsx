import { useTranslation } from '../../i18n/react';
import { CloseIcon } from '../layout/icons';
import styles from './MediaPreviews.module.css';
import { type ChosenMedia, leftOut } from './useChosenMedia';

/** A still of the chosen file: the image itself, or the video's first frame (the browser draws it from metadata). */
function Still({ item }: { item: ChosenMedia }) {
  if (item.probe?.kind === 'video') {
    return (
      <span className={styles.stillFrame} aria-hidden="true">
        <video className={styles.still} src={`${item.previewUrl}#t=0.1`} muted playsInline preload="metadata" />
      </span>
    );
  }
  if (item.probe?.kind === 'image') return <img className={styles.still} src={item.previewUrl} alt="" decoding="async" />;
  return <span className={styles.stillBlank} aria-hidden="true" />;
}

/** The chosen files in posting order, each with its remove and move controls; images the rules leave out are marked. */
export function MediaPreviews({
  items,
  showLeftOut,
  disabled,
  locked,
  onRemove,
  onMove,
}: {
  items: readonly ChosenMedia[];
  showLeftOut: boolean;
  disabled: boolean;
  /** Sent: the files are only shown, without controls. */
  locked: boolean;
  onRemove: (id: number) => void;
  onMove: (id: number, step: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  const names = items.map((item, index) => (item.recorded ? t('upload.clip', { number: index + 1 }) : item.file.name));
  return (
    <ul className={styles.previews} aria-label={t('upload.chosen')} data-single={items.length === 1 || undefined}>
      {items.map((item, index) => {
        const name = names[index] ?? '';
        return (
          <li key={item.id} className={styles.preview} data-left-out={(showLeftOut && leftOut(item)) || undefined}>
            <Still item={item} />
            {item.probe === undefined && <span className={styles.previewBadge}>{t('upload.checking')}</span>}
            {showLeftOut && leftOut(item) && <span className={styles.previewBadge}>{t('upload.leftOut')}</span>}
            <span className={styles.previewName} data-with-order={(!locked && items.length > 1) || undefined}>
              {name}
            </span>
            {!locked && items.length > 1 && (
              <span className={styles.previewOrder}>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('upload.moveEarlier', { name })}
                  disabled={disabled || index === 0}
                  onClick={() => onMove(item.id, -1)}
                >
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.flipInRtl}>
                    <path d="M15 5 8 12l7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                  </svg>
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('upload.moveLater', { name })}
                  disabled={disabled || index === items.length - 1}
                  onClick={() => onMove(item.id, 1)}
                >
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.flipInRtl}>
                    <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                  </svg>
                </button>
              </span>
            )}
            {!locked && (
              <button
                type="button"
                className={`${styles.iconButton} ${styles.previewRemove}`}
                aria-label={t('upload.remove', { name })}
                disabled={disabled}
                onClick={() => onRemove(item.id)}
              >
                <CloseIcon strokeWidth={2.4} />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
