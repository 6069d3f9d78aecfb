import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import styles from './Admin.module.css';

/** The console's answer to anyone without the role: the same page for a visitor and a plain user. */
export function Forbidden() {
  const { t } = useTranslation();
  return (
    <section className={styles.forbidden} aria-labelledby="forbidden-title">
      <h1 id="forbidden-title" className={styles.title}>
        {t('moderation.forbidden.title')}
      </h1>
      <p className={styles.lead}>{t('moderation.forbidden.message')}</p>
      <p>
        <Link to="/" className={styles.button}>
          {t('error.home')}
        </Link>
      </p>
    </section>
  );
}
