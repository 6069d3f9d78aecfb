import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from './Admin.module.css';
import { AdminPanel } from './AdminPanel';

/** The month `offset` months before `now`, as YYYY-MM (UTC, like the report). */
export function monthOf(now: Date, offset: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - offset, 1));
  return date.toISOString().slice(0, 7);
}

/** The monthly report's range and its two downloads (CSV for spreadsheets, JSON for the DSA figures). */
export function MonthlyReport({ now }: { now: string }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(monthOf(new Date(now), 1));
  const [to, setTo] = useState(monthOf(new Date(now), 1));
  const query = new URLSearchParams({ from, to });
  return (
    <AdminPanel id="monthly-title" title={t('moderation.operations.monthly')}>
      <p className={styles.hint}>{t('moderation.operations.monthlyHint')}</p>
      <div className={styles.filterGrid}>
        <div className={styles.field}>
          <label htmlFor="monthly-from">{t('moderation.operations.fromMonth')}</label>
          <input
            id="monthly-from"
            type="month"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            className={styles.input}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="monthly-to">{t('moderation.operations.toMonth')}</label>
          <input
            id="monthly-to"
            type="month"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            className={styles.input}
          />
        </div>
        <a href={`/api/admin/reports/monthly.csv?${query}`} className={styles.button} download>
          {t('moderation.operations.downloadCsv')}
        </a>
        <a href={`/api/admin/reports/monthly?${query}`} className={styles.button} download={`velvet-report-${from}-${to}.json`}>
          {t('moderation.operations.downloadJson')}
        </a>
      </div>
    </AdminPanel>
  );
}
