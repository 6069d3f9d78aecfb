import type {
  AccountDay,
  AccountTotals,
  AnalyticsRange,
  PostDay,
  PostTotals,
} from '../../../../server/src/analytics/analytics-read.schemas.ts';
import type { MessageKey } from '../../i18n/translate';
import { numberLocale } from '../../lib/format-number';

// The server's list as a value here: its schema module also builds TypeBox objects the browser need not load.
export const analyticsRanges: readonly AnalyticsRange[] = [7, 28, 90];

/** The range in a page's address (`?days=`); anything but 7, 28 or 90 reads as the default, 28. */
export function rangeOf(request: Request): AnalyticsRange {
  const days = Number(new URL(request.url).searchParams.get('days'));
  return analyticsRanges.find((range) => range === days) ?? 28;
}

/** What one metric card shows and the chart can draw. */
export type MetricName =
  | 'views'
  | 'uniqueViewers'
  | 'watchMs'
  | 'averageWatchMs'
  | 'completionRate'
  | 'likes'
  | 'shares'
  | 'followersGained'
  | 'followersLost';

export type Totals = PostTotals & Partial<Pick<AccountTotals, 'followersGained' | 'followersLost'>>;
export type SeriesDay = PostDay & Partial<Pick<AccountDay, 'followersGained' | 'followersLost'>>;

/** How a metric's values read: plain counts, a duration, or a share of views. */
export type MetricKind = 'count' | 'duration' | 'rate';

export interface Metric {
  readonly name: MetricName;
  readonly label: MessageKey;
  readonly kind: MetricKind;
  /** The metric of one day, derived like the totals (an average or a rate of that day). */
  readonly ofDay: (day: SeriesDay) => number;
}

const ratio = (part: number, whole: number) => (whole ? part / whole : 0);

export const METRICS: readonly Metric[] = [
  { name: 'views', label: 'analytics.metric.views', kind: 'count', ofDay: (day) => day.views },
  { name: 'uniqueViewers', label: 'analytics.metric.uniqueViewers', kind: 'count', ofDay: (day) => day.uniqueViewers },
  { name: 'watchMs', label: 'analytics.metric.watchTime', kind: 'duration', ofDay: (day) => day.watchMs },
  {
    name: 'averageWatchMs',
    label: 'analytics.metric.averageWatchTime',
    kind: 'duration',
    ofDay: (day) => Math.round(ratio(day.watchMs, day.views)),
  },
  {
    name: 'completionRate',
    label: 'analytics.metric.completionRate',
    kind: 'rate',
    ofDay: (day) => ratio(day.completions, day.views),
  },
  { name: 'likes', label: 'analytics.metric.likes', kind: 'count', ofDay: (day) => day.likes },
  { name: 'shares', label: 'analytics.metric.shares', kind: 'count', ofDay: (day) => day.shares },
  {
    name: 'followersGained',
    label: 'analytics.metric.followersGained',
    kind: 'count',
    ofDay: (day) => day.followersGained ?? 0,
  },
  { name: 'followersLost', label: 'analytics.metric.followersLost', kind: 'count', ofDay: (day) => day.followersLost ?? 0 },
];

/** The metrics a page shows: the follower ones only where the totals carry them (the account). */
export const metricsOf = (totals: Totals) => METRICS.filter((metric) => metric.name in totals);

// A formatter costs far more to make than to use: a studio page formats hundreds of values (issue 22).
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>(key: string, make: () => T): T {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format as T;
}

const numbers = (locale: string, options: Intl.NumberFormatOptions) =>
  cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(numberLocale(locale), options));

/** A duration in the largest unit that keeps it readable: seconds under a minute, minutes under an hour, then hours. */
export function formatDuration(ms: number, locale: string, display: 'short' | 'narrow' = 'short'): string {
  const seconds = ms / 1000;
  const [value, unit] = seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [seconds / 60, 'minute'] : [seconds / 3600, 'hour'];
  return numbers(locale, { style: 'unit', unit, unitDisplay: display, maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}

/** A value of a metric, in full (cards, tables) or compact (chart ticks). */
export function formatMetric(kind: MetricKind, value: number, locale: string, compact = false): string {
  if (kind === 'duration') return formatDuration(value, locale, compact ? 'narrow' : 'short');
  if (kind === 'rate') return numbers(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  return numbers(locale, compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}).format(value);
}

/**
 * The change from the previous period: relative for counts and durations ("+12%"), in percentage points
 * for a rate, whose relative change would mislead. Undefined when there is nothing to compare with.
 */
export function formatChange(kind: MetricKind, current: number, previous: number, locale: string): string | undefined {
  const percent = (value: number) =>
    numbers(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value);
  if (kind === 'rate') return percent(current - previous);
  if (!previous) return undefined;
  return percent((current - previous) / previous);
}

/** A `YYYY-MM-DD` day of the API (UTC) in the reader's words: "Mar 4" or, with `long`, "Tuesday, March 4, 2026". */
export function formatDay(day: string, locale: string, long = false): string {
  const options: Intl.DateTimeFormatOptions = long
    ? { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }
    : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return cached(`d|${locale}|${long}`, () => new Intl.DateTimeFormat(numberLocale(locale), options)).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A country code as its name in the reader's language (`DE` → "Germany"); `unknown` and odd codes stay as they are. */
export function countryName(code: string, locale: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return cached(`r|${locale}`, () => new Intl.DisplayNames([locale], { type: 'region' })).of(code) ?? code;
  } catch {
    return code;
  }
}
