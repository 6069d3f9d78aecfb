import type { BreakdownEntry } from '../../../../server/src/analytics/analytics-read.schemas.ts';
import { useTranslation } from '../../i18n/react';
import styles from './Analytics.module.css';
import { formatMetric } from './analytics-format';

interface BreakdownBarsProps {
  readonly title: string;
  readonly entries: readonly BreakdownEntry[];
  /** The entry's name as the reader should see it (a country's name, a page's label). */
  readonly labelOf: (key: string) => string;
  /** What the shares are of: the range's views, or its shares for the platforms. */
  readonly total: number;
}

/**
 * A top list as horizontal bars. It is a real table (name, count, share), so screen readers read it
 * as one; the bars are drawn in CSS from the inline start, so they grow right-to-left in RTL by themselves.
 */
export function BreakdownBars({ title, entries, labelOf, total }: BreakdownBarsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const largest = entries[0]?.count ?? 0;
  return (
    <section className={styles.breakdown} aria-label={title}>
      <h3 className={styles.breakdownTitle}>{title}</h3>
      {entries.length === 0 ? (
        <p className={styles.empty}>{t('analytics.noData')}</p>
      ) : (
        <table className={styles.bars}>
          <caption className={styles.visuallyHidden}>{title}</caption>
          <thead className={styles.visuallyHidden}>
            <tr>
              <th scope="col">{t('analytics.breakdown.name')}</th>
              <th scope="col">{t('analytics.breakdown.count')}</th>
              <th scope="col">{t('analytics.breakdown.share')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.key} className={styles.barRow}>
                <th scope="row" className={styles.barLabel}>
                  <span className={styles.barTrack} aria-hidden="true">
                    <span className={styles.barFill} style={{ inlineSize: `${largest ? (entry.count / largest) * 100 : 0}%` }} />
                  </span>
                  <span className={styles.barName}>{labelOf(entry.key)}</span>
                </th>
                <td className={styles.barCount}>{formatMetric('count', entry.count, locale)}</td>
                <td className={styles.barShare}>{formatMetric('rate', total ? Math.min(1, entry.count / total) : 0, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
