import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { allowsCategory, readCookie } from '../../lib/cookies';
import { useConsent } from '../consent/ConsentProvider';
import styles from './AddToHomeScreen.module.css';
import { type Ask, askCookie, dueAsk, isIosSafari } from './add-to-home-screen';

/** Safari's Share icon, as the visitor will find it in the toolbar. */
function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M12 3v12M8 7l4-4 4 4M8 10H6.5A1.5 1.5 0 0 0 5 11.5v8A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-8a1.5 1.5 0 0 0-1.5-1.5H16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function AddIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <rect x="4" y="4" width="16" height="16" rx="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M12 8.5v7M8.5 12h7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function isStandalone(): boolean {
  return (navigator as { standalone?: boolean }).standalone === true || window.matchMedia('(display-mode: standalone)').matches;
}

/**
 * The ask due now, recorded in its cookie as it shows (add-to-home-screen.ts has the schedule). Only
 * for visitors past the age gate who allow preference cookies: without them the schedule could not be
 * kept and the prompt would come back on every visit.
 */
function useDueAsk(): Ask | undefined {
  const { consent, remember } = useConsent();
  const [ask, setAsk] = useState<Ask>();
  useEffect(() => {
    const cookies = document.cookie;
    const browser = { userAgent: navigator.userAgent, platform: navigator.platform, maxTouchPoints: navigator.maxTouchPoints };
    if (!allowsCategory(consent, 'preferences') || !readCookie(cookies, 'have18')) return;
    if (!isIosSafari({ ...browser, standalone: isStandalone() })) return;
    const now = Date.now();
    const due = dueAsk(
      {
        firstAskAddHomeScreen: readCookie(cookies, 'firstAskAddHomeScreen'),
        secondAskAddHomeScreen: readCookie(cookies, 'secondAskAddHomeScreen'),
      },
      now,
    );
    if (!due) return;
    remember(...askCookie(due, now));
    setAsk(due);
  }, [consent, remember]);
  return ask;
}

/**
 * The iOS add-to-home-screen prompt (spec §2), loaded once the visitor has spent the spec's time on
 * the site. Non-modal: it appears on its own, so it never takes the focus nor blocks the page.
 */
export default function AddToHomeScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  const ask = useDueAsk();
  const [closed, setClosed] = useState(false);
  if (!ask || closed) return null;
  return (
    <section className={styles.prompt} role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <img className={styles.icon} src="/apple-touch-icon.png" alt="" width="52" height="52" />
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {t('pwa.install.title')}
        </h2>
        <p className={styles.message}>{t('pwa.install.message')}</p>
        <ol className={styles.steps}>
          <li>
            <ShareIcon />
            {t('pwa.install.share')}
          </li>
          <li>
            <AddIcon />
            {t('pwa.install.add')}
          </li>
        </ol>
        <button type="button" className={styles.later} onClick={() => setClosed(true)}>
          {t('pwa.install.later')}
        </button>
      </div>
    </section>
  );
}
