import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import styles from './Analytics.module.css';
import { analyticsRanges } from './analytics-format';

/** 7, 28 or 90 days, kept in the address (`?days=`) so a range can be shared and reloaded. */
export function RangeTabs({ days }: { days: number }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.ranges} aria-label={t('analytics.range')}>
      {analyticsRanges.map((range) => (
        <Link
          key={range}
          to={{ search: `?days=${range}` }}
          className={styles.range}
          aria-current={range === days ? 'page' : undefined}
          preventScrollReset
          replace
        >
          {t(`analytics.ranges.${range}`)}
        </Link>
      ))}
    </nav>
  );
}
