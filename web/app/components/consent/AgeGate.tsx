import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { useOpenSiteDialog } from '../dialogs/SiteDialogs';
import { useLanguages } from '../dialogs/useSiteChoices';
import { VelvetMark } from '../layout/icons';
import styles from './AgeGate.module.css';
import { useConsent } from './ConsentProvider';

/** Where "Leave" sends a visitor who is not an adult: a neutral page outside the site. */
const LEAVE_URL = 'https://www.google.com/';

/**
 * The age confirmation every page shows until have18 is set (spec §1). The server renders it over the
 * page, which stays in the HTML (and inert) behind it, so crawlers still read the content and nothing
 * flashes. A real dialog: labelled, focus on the main action, the rest of the page unreachable.
 */
export function AgeGate({ onConfirm }: { onConfirm: () => void }) {
  const { t, i18n } = useTranslation();
  const { remember } = useConsent();
  const openDialog = useOpenSiteDialog();
  const language = useLanguages().find((entry) => entry.locale === i18n.language);
  const enterRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    enterRef.current?.focus();
  }, []);

  return (
    <div className={styles.overlay}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} className={styles.card}>
        <div className={styles.brand}>
          <VelvetMark />
          <span className={styles.badge}>{t('gate.badge')}</span>
        </div>
        <h2 id={titleId} className={styles.title}>
          {t('gate.title')}
        </h2>
        <p id={messageId} className={styles.message}>
          {t('gate.message')}
        </p>
        <div className={styles.actions}>
          <button
            ref={enterRef}
            type="button"
            className={styles.enter}
            onClick={() => {
              remember('have18', '1');
              onConfirm();
            }}
          >
            {t('gate.enter')}
          </button>
          <a href={LEAVE_URL} className={styles.leave} rel="noreferrer">
            {t('gate.leave')}
          </a>
        </div>
        <div className={styles.footer}>
          <button type="button" className={styles.language} onClick={() => openDialog('language')}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <g fill="none" stroke="currentColor" strokeWidth="1.8">
                <circle cx="12" cy="12" r="9" />
                <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z" />
              </g>
            </svg>
            <span className={styles.hidden}>{t('shell.language')}: </span>
            <span lang={language?.bcp47}>{language?.name}</span>
          </button>
        </div>
      </div>
    </div>
  );
}
