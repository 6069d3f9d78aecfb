import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { type CookieName, readCookie } from '../../lib/cookies';
import { readTabValue, writeTabValue } from '../../lib/tab-storage';
import { useConsent } from '../consent/ConsentProvider';
import styles from './FeedTips.module.css';

/** Spec §9 breakpoint: at most this wide is a phone layout. */
const PHONE_MAX_WIDTH = 945;

type Tip = 'swipe' | 'keys';
const COOKIE_OF: Record<Tip, CookieName> = { swipe: 'sawTutorial', keys: 'keyboardTutorial' };

/** The tip this visitor has not seen yet: swiping on phones, the keyboard on desktops with a mouse. */
function pendingTip(): Tip | undefined {
  const phone = window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`).matches;
  const keyboard = !phone && window.matchMedia('(hover: hover) and (pointer: fine)').matches;
  const tip: Tip | undefined = phone ? 'swipe' : keyboard ? 'keys' : undefined;
  if (!tip) return undefined;
  const cookie = COOKIE_OF[tip];
  // Without preference consent the cookie is not kept: the tab remembers instead, so it shows once a visit.
  return readCookie(document.cookie, cookie) || readTabValue(`velvet.${cookie}`) ? undefined : tip;
}

/**
 * First-visit tips over a feed (the cookies sawTutorial and keyboardTutorial of spec §3): on a phone a
 * swipe-up introduction, on a desktop the keyboard shortcuts. Shown after hydration, over the page, so
 * nothing moves; dismissed with its button (or, for the swipe one, a tap anywhere or Escape).
 */
export function FeedTips() {
  const [tip, setTip] = useState<Tip>();
  const { remember } = useConsent();
  useEffect(() => setTip(pendingTip()), []);
  if (!tip) return null;
  const dismiss = () => {
    remember(COOKIE_OF[tip], '1');
    writeTabValue(`velvet.${COOKIE_OF[tip]}`, '1');
    setTip(undefined);
  };
  return tip === 'swipe' ? <SwipeTutorial onDone={dismiss} /> : <KeyboardTip onDone={dismiss} />;
}

function SwipeTutorial({ onDone }: { onDone: () => void }) {
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
          focusable="false"
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

function KeyboardTip({ onDone }: { onDone: () => void }) {
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
