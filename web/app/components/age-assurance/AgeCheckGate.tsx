import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from '../consent/AgeGate.module.css';
import { VelvetMark } from '../layout/icons';
import { startAgeCheck } from './age-check-api';

const LEAVE_URL = 'https://www.google.com/';

/**
 * The age gate where the law asks for more than a click (compliance/age-assurance): the visitor verifies
 * their age with the provider, then comes back to this page, whose media the server now serves.
 */
export function AgeCheckGate() {
  const { t } = useTranslation();
  const startRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    startRef.current?.focus();
  }, []);

  return (
    <div className={styles.overlay}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} className={styles.card}>
        <div className={styles.brand}>
          <VelvetMark />
          <span className={styles.badge}>{t('gate.badge')}</span>
        </div>
        <h2 id={titleId} className={styles.title}>
          {t('ageassurance.gate.title')}
        </h2>
        <p id={messageId} className={styles.message}>
          {t('ageassurance.gate.message')}
        </p>
        <div className={styles.actions}>
          <button
            ref={startRef}
            type="button"
            className={styles.enter}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setFailed(false);
              try {
                await startAgeCheck(`${window.location.pathname}${window.location.search}`);
              } catch {
                setFailed(true);
                setBusy(false);
              }
            }}
          >
            {busy ? t('ageassurance.gate.starting') : t('ageassurance.gate.start')}
          </button>
          <a href={LEAVE_URL} className={styles.leave} rel="noreferrer">
            {t('gate.leave')}
          </a>
        </div>
        <p role="status" className={styles.message}>
          {failed ? t('ageassurance.gate.failed') : ''}
        </p>
        <p className={styles.message}>{t('ageassurance.gate.privacy')}</p>
      </div>
    </div>
  );
}
