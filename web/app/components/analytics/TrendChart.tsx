import { curveMonotoneX } from '@visx/curve';
import { scaleLinear } from '@visx/scale';
import { AreaClosed, LinePath } from '@visx/shape';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from './Analytics.module.css';
import { formatDay, formatMetric, type Metric, type SeriesDay } from './analytics-format';
import { useElementWidth } from './useElementWidth';

/** The drawing's height in CSS pixels; the box reserves it (Analytics.module.css .chartBox), so nothing shifts. */
export const CHART_HEIGHT = 220;
/** The server render's width, replaced by the measured one before the first paint after hydration. */
const INITIAL_WIDTH = 720;
const MARGIN = { top: 12, bottom: 28, valueAxis: 52, far: 12 };
const X_TICKS = 5;

interface TrendChartProps {
  readonly metric: Metric;
  readonly series: readonly SeriesDay[];
  readonly dir: 'ltr' | 'rtl';
  /** The chart's name, e.g. "Views, last 28 days". */
  readonly title: string;
}

/** Indices of up to `count` days spread evenly over the series, first and last included. */
function tickDays(length: number, count: number): number[] {
  if (length <= count) return Array.from({ length }, (_, index) => index);
  return Array.from({ length: count }, (_, index) => Math.round((index * (length - 1)) / (count - 1)));
}

/**
 * One metric over the days of the range as an area chart (visx scales and shapes, SVG). Time runs with the reading
 * direction: left to right, or right to left with the value axis on the right in RTL languages. The
 * drawing is hidden from assistive technology; a description sums it up and a table holds every value
 * (visually hidden until "Show table" is pressed).
 */
export function TrendChart({ metric, series, dir, title }: TrendChartProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const [boxRef, width] = useElementWidth<HTMLDivElement>(INITIAL_WIDTH);
  const values = series.map(metric.ofDay);
  const rtl = dir === 'rtl';

  const plotStart = MARGIN.valueAxis;
  const plotEnd = Math.max(plotStart + 1, width - MARGIN.far);
  const x = scaleLinear<number>({
    domain: [0, Math.max(1, series.length - 1)],
    range: rtl ? [width - plotStart, width - plotEnd] : [plotStart, plotEnd],
  });
  const highest = Math.max(0, ...values);
  const y = scaleLinear<number>({
    domain: [0, highest > 0 ? highest : 1],
    range: [CHART_HEIGHT - MARGIN.bottom, MARGIN.top],
    nice: true,
  });
  const format = (value: number, compact = false) => formatMetric(metric.kind, value, locale, compact);
  const peak = highest > 0 ? series[values.indexOf(highest)] : undefined;
  const range = { from: formatDay(series[0]?.day ?? '', locale), to: formatDay(series.at(-1)?.day ?? '', locale) };
  const summary = !peak
    ? t('analytics.chart.empty')
    : metric.kind === 'rate'
      ? t('analytics.chart.summaryRate', { ...range, peak: format(highest), peakDay: formatDay(peak.day, locale) })
      : t('analytics.chart.summary', {
          ...range,
          total: format(values.reduce((sum, value) => sum + value, 0)),
          peak: format(highest),
          peakDay: formatDay(peak.day, locale),
        });

  // Tick labels are plain SVG text in the reading direction: `end` is a label's right edge in LTR and its
  // left edge in RTL, so value labels sit outside the plot on the value axis's side either way.
  const valueLabelX = rtl ? width - plotStart + 6 : plotStart - 6;
  const dayLabelY = CHART_HEIGHT - MARGIN.bottom + 18;

  return (
    <figure className={styles.chart} aria-labelledby={`${id}-title`} aria-describedby={`${id}-description`}>
      <figcaption className={styles.chartCaption}>
        <span id={`${id}-title`} className={styles.chartTitle}>
          {title}
        </span>
        <button
          type="button"
          className={styles.tableToggle}
          aria-expanded={showTable}
          aria-controls={`${id}-table`}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {t(showTable ? 'analytics.chart.hideTable' : 'analytics.chart.showTable')}
        </button>
      </figcaption>
      <p id={`${id}-description`} className={styles.chartDescription}>
        {summary}
      </p>
      <div ref={boxRef} className={styles.chartBox}>
        <svg className={styles.chartSvg} viewBox={`0 0 ${width} ${CHART_HEIGHT}`} aria-hidden="true" data-testid="trend-chart">
          {y.ticks(4).map((tick) => (
            <line key={tick} x1={x(0)} x2={x(series.length - 1)} y1={y(tick)} y2={y(tick)} className={styles.gridLine} />
          ))}
          <AreaClosed
            data={values}
            x={(_, index) => x(index)}
            y={(value) => y(value)}
            yScale={y}
            curve={curveMonotoneX}
            className={styles.chartArea}
          />
          <LinePath
            data={values}
            x={(_, index) => x(index)}
            y={(value) => y(value)}
            curve={curveMonotoneX}
            className={styles.chartLine}
          />
          <g className={styles.axis}>
            {y.ticks(4).map((tick) => (
              <text key={tick} x={valueLabelX} y={y(tick)} dy="0.32em" textAnchor="end" direction={dir}>
                {format(tick, true)}
              </text>
            ))}
            {tickDays(series.length, X_TICKS).map((index) => (
              <text key={index} x={x(index)} y={dayLabelY} textAnchor="middle" direction={dir}>
                {formatDay(series[index]?.day ?? '', locale)}
              </text>
            ))}
          </g>
        </svg>
      </div>
      {/* Shown, it scrolls: focusable then, so a keyboard can scroll it too. */}
      <section
        id={`${id}-table`}
        className={showTable ? styles.tableShown : styles.visuallyHidden}
        tabIndex={showTable ? 0 : undefined}
        aria-labelledby={`${id}-title`}
      >
        <table className={styles.table} data-testid="trend-table">
          <caption className={styles.visuallyHidden}>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.chart.day')}</th>
              <th scope="col">{t(metric.label)}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((day, index) => (
              <tr key={day.day}>
                <th scope="row">{formatDay(day.day, locale, true)}</th>
                <td>{format(values[index] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </figure>
  );
}
