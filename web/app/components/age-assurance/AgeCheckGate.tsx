import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from '../consent/AgeGate.module.css';
import { GateCard } from '../consent/GateCard';
import { startAgeCheck } from './age-check-api';

/**
 * The age gate where the law asks for more than a click (compliance/age-assurance): the visitor verifies
 * their age with the provider, then comes back to this page, whose media the server now serves.
 */
export function AgeCheckGate() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  return (
    <GateCard
      title={t('ageassurance.gate.title')}
      message={t('ageassurance.gate.message')}
      action={{
        label: busy ? t('ageassurance.gate.starting') : t('ageassurance.gate.start'),
        disabled: busy,
        onClick: async () => {
          setBusy(true);
          setFailed(false);
          try {
            await startAgeCheck(`${window.location.pathname}${window.location.search}`);
          } catch {
            setFailed(true);
            setBusy(false);
          }
        },
      }}
    >
      <p role="status" className={styles.message}>
        {failed ? t('ageassurance.gate.failed') : ''}
      </p>
      <p className={styles.message}>{t('ageassurance.gate.privacy')}</p>
    </GateCard>
  );
}
