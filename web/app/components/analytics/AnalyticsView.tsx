import { type ReactNode, useState } from 'react';
import type { AccountAnalytics, PostAnalytics } from '../../../../server/src/analytics/analytics-read.schemas.ts';
import { directionOf } from '../../i18n/config';
import { useTranslation } from '../../i18n/react';
import styles from './Analytics.module.css';
import { type MetricName, metricsOf } from './analytics-format';
import { BreakdownBars } from './BreakdownBars';
import { breakdownLabels } from './breakdown-labels';
import { MetricCards } from './MetricCards';
import { RangeTabs } from './RangeTabs';
import { TopPosts } from './TopPosts';
import { TrendChart } from './TrendChart';

interface AnalyticsViewProps {
  readonly heading: ReactNode;
  readonly analytics: AccountAnalytics | PostAnalytics;
}

/**
 * A studio analytics page, the account's or one post's: the range switch, the totals as cards (each puts
 * its metric on the chart), the chart of the chosen metric, the breakdowns and, for the account, its top posts.
 */
export function AnalyticsView({ heading, analytics }: AnalyticsViewProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [chosen, setChosen] = useState<MetricName>('views');
  const metrics = metricsOf(analytics.totals);
  const metric = metrics.find((candidate) => candidate.name === chosen) ?? metrics[0];
  const { days } = analytics.period;
  const labels = breakdownLabels(t, locale);
  const { breakdowns, totals } = analytics;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {heading}
        <RangeTabs days={days} />
      </header>
      <p className={styles.note}>{t('analytics.rangeNote')}</p>
      <MetricCards
        metrics={metrics}
        totals={totals}
        previous={analytics.previous}
        chosen={metric?.name ?? 'views'}
        onChoose={setChosen}
      />
      {metric && (
        <TrendChart
          metric={metric}
          series={analytics.series}
          dir={directionOf(locale)}
          title={t('analytics.chart.title', { metric: t(metric.label), range: t(`analytics.ranges.${days}`) })}
        />
      )}
      <h2 className={styles.sectionTitle}>{t('analytics.breakdowns')}</h2>
      <div className={styles.breakdowns}>
        <BreakdownBars
          title={t('analytics.trafficByPage')}
          entries={breakdowns.pages}
          labelOf={labels.page}
          total={totals.views}
        />
        <BreakdownBars
          title={t('analytics.topCountries')}
          entries={breakdowns.countries}
          labelOf={labels.country}
          total={totals.views}
        />
        <BreakdownBars
          title={t('analytics.topReferrers')}
          entries={breakdowns.referrers}
          labelOf={labels.referrer}
          total={totals.views}
        />
        <BreakdownBars
          title={t('analytics.sharesByPlatform')}
          entries={breakdowns.sharePlatforms}
          labelOf={labels.sharePlatform}
          total={totals.shares}
        />
      </div>
      {'topPosts' in analytics && <TopPosts posts={analytics.topPosts} days={days} />}
    </div>
  );
}
