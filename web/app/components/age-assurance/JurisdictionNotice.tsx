import { useTranslation } from '../../i18n/react';
import styles from '../consent/AgeGate.module.css';
import { VelvetMark } from '../layout/icons';
import own from './AgeAssurance.module.css';

/** What a visitor in a blocked jurisdiction sees instead of any page: the site is not offered there. */
export default function JurisdictionNotice() {
  const { t } = useTranslation();
  return (
    <main className={own.page}>
      <section className={styles.card} aria-labelledby="jurisdiction-notice-title">
        <div className={styles.brand}>
          <VelvetMark />
        </div>
        <h1 id="jurisdiction-notice-title" className={styles.title}>
          {t('ageassurance.blocked.title')}
        </h1>
        <p className={styles.message}>{t('ageassurance.blocked.message')}</p>
      </section>
    </main>
  );
}
