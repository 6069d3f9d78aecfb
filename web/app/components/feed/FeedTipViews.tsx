import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from './FeedTips.module.css';

/* The two first-visit tips of FeedTips, loaded only when one is due. */

export function SwipeTutorial({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onDone();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDone]);
  return (
    // The whole overlay dismisses on a tap, as the swipe it teaches would; the button is the keyboard's way.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape and the focused button dismiss it from the keyboard
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-labelledby="swipe-tip-title" onClick={onDone}>
      <div className={styles.hand} aria-hidden="true">
        <svg
          viewBox="0 0 48 96"
          width="48"
          height="96"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M24 88V12M10 26 24 12l14 14" />
        </svg>
      </div>
      <h2 id="swipe-tip-title" className={styles.title}>
        {t('guide.swipeTitle')}
      </h2>
      <p className={styles.text}>{t('guide.swipeText')}</p>
      <button
        ref={button}
        type="button"
        className={styles.button}
        onClick={(event) => {
          event.stopPropagation();
          onDone();
        }}
      >
        {t('guide.gotIt')}
      </button>
    </div>
  );
}

export function KeyboardTip({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const keys: [string[], string][] = [
    [['↑', '↓'], t('guide.keysMove')],
    [['Space'], t('guide.keysPlay')],
    [['M'], t('guide.keysMute')],
    [['L'], t('guide.keysLike')],
  ];
  return (
    <aside className={styles.card} aria-labelledby="keys-tip-title">
      <div className={styles.cardHeader}>
        <h2 id="keys-tip-title" className={styles.cardTitle}>
          {t('guide.keysTitle')}
        </h2>
      </div>
      <dl className={styles.keys}>
        {keys.map(([names, meaning]) => (
          <div key={meaning} className={styles.key}>
            <dt dir="ltr">
              {names.map((name) => (
                <kbd key={name}>{name}</kbd>
              ))}
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className={styles.cardButton} onClick={onDone}>
        {t('guide.gotIt')}
      </button>
    </aside>
  );
}
