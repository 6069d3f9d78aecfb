import { useTranslation } from '../../i18n/react';
import { CloseIcon } from '../layout/icons';
import styles from './UpdateBanner.module.css';

/** The update-available flag of spec §1. Shown inside a status region, so it is announced without taking focus. */
export default function UpdateBanner({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.banner}>
      <p className={styles.message}>{t('pwa.update.message')}</p>
      <button type="button" className={styles.reload} onClick={onReload}>
        {t('pwa.update.reload')}
      </button>
      <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label={t('dialogs.close')}>
        <CloseIcon strokeWidth={2.2} />
      </button>
    </div>
  );
}
