import { useTranslation } from '../../i18n/react';
import styles from './Analytics.module.css';
import { formatChange, formatMetric, type Metric, type MetricName, type Totals } from './analytics-format';

interface MetricCardsProps {
  readonly metrics: readonly Metric[];
  readonly totals: Totals;
  readonly previous: Totals;
  readonly chosen: MetricName;
  readonly onChoose: (metric: MetricName) => void;
}

/** Fewer followers lost is the good direction; for every other metric, more is. */
const rising = (metric: MetricName, change: number) => (metric === 'followersLost' ? change < 0 : change > 0);

/**
 * The range's totals, each with its change from the previous period. Each card is a toggle button that
 * puts its metric on the chart; the pressed one is the chart's.
 */
export function MetricCards({ metrics, totals, previous, chosen, onChoose }: MetricCardsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <ul className={styles.cards} aria-label={t('analytics.totals')}>
      {metrics.map((metric) => {
        const value = totals[metric.name] ?? 0;
        const before = previous[metric.name] ?? 0;
        // A rate of no views is no rate: without earlier views there is nothing to compare it with.
        const change = metric.kind === 'rate' && !previous.views ? undefined : formatChange(metric.kind, value, before, locale);
        const tone = value === before ? 'same' : rising(metric.name, value - before) ? 'better' : 'worse';
        return (
          <li key={metric.name}>
            <button
              type="button"
              className={styles.card}
              aria-pressed={metric.name === chosen}
              onClick={() => onChoose(metric.name)}
            >
              <span className={styles.cardLabel}>{t(metric.label)}</span>
              <span className={styles.cardValue}>{formatMetric(metric.kind, value, locale)}</span>
              <span className={styles.cardChange} data-tone={change ? tone : 'same'}>
                {change ? t('analytics.change', { change }) : t('analytics.noChange')}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
