import { useLocation } from 'react-router';
import { type PageKey, pageText } from '../../i18n/config';
import { useTranslation } from '../../i18n/react';
import { orientationOf } from '../../lib/orientation';
import styles from './PageIntro.module.css';

/** A screen's heading: its translated title, the site variant when there is one, and what the page is for. */
export function PageIntro({ page, values }: { page: PageKey; values?: Record<string, string> }) {
  const { t } = useTranslation();
  const variant = orientationOf(useLocation().pathname);
  const { title, description } = pageText(t, page, values);
  return (
    <header className={styles.intro}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{title}</h1>
        {variant && <span className={styles.variant}>{t(`orientation.${variant.name}`)}</span>}
      </div>
      <p className={styles.description}>{description}</p>
    </header>
  );
}
