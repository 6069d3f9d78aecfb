import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { VelvetMark } from './icons';
import styles from './SiteUpdating.module.css';

/** Spec §8: the whole-page fallback when the settings cannot be loaded. */
export function SiteUpdating() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <main id="content" className={styles.page}>
      <VelvetMark />
      <h1 className={styles.title}>{t('updating.title')}</h1>
      <p className={styles.message}>{t('updating.message')}</p>
      {/* A plain link reloads even before the scripts have loaded. */}
      <a href={`${pathname}${search}`} className={styles.refresh}>
        {t('updating.refresh')}
      </a>
    </main>
  );
}
