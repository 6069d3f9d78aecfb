import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { orientationOf, variantPath } from '../../lib/orientation';
import styles from './discovery.module.css';
import results from './SearchResults.module.css';

export interface TrendRow {
  readonly query: string;
  readonly searches: number;
}

/** A ranked list of searches, each linking to its results on the current site variant; nothing when empty. */
export function TrendList({
  id,
  title,
  rows,
  ranked = true,
}: {
  id: string;
  title: string;
  rows: readonly TrendRow[];
  ranked?: boolean;
}) {
  const { t } = useTranslation();
  const searchPath = variantPath('search', orientationOf(useLocation().pathname));
  if (rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ol className={results.trendList}>
        {rows.map((row, index) => (
          <li key={row.query}>
            <Link to={`${searchPath}?q=${encodeURIComponent(row.query)}`} className={results.trendItem}>
              <span className={results.rank} aria-hidden="true">
                {ranked ? index + 1 : '•'}
              </span>
              <span>{row.query}</span>
              <span className={results.trendCount}>{t('counts.searches', { count: row.searches })}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
