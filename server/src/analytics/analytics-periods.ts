import type { BreakdownRow, DayRange, DayRow } from './analytics-read.repository.ts';
import type { AnalyticsRange, Breakdowns, PostTotals } from './analytics-read.schemas.ts';

const DAY_MS = 86_400_000;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface Periods {
  /** `days` days ending on today (UTC), today included. */
  readonly current: DayRange;
  /** The `days` days just before it. */
  readonly previous: DayRange;
}

/** The range a read covers and the one before it, by UTC calendar day (the rollups count by UTC day). */
export function periodsOf(days: AnalyticsRange, now: Date): Periods {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = today - (days - 1) * DAY_MS;
  return {
    current: { from: isoDay(from), to: isoDay(today) },
    previous: { from: isoDay(from - days * DAY_MS), to: isoDay(from - DAY_MS) },
  };
}

/** Sums the daily rows into totals, with the averages derived from the sums (0 when there are no views). */
export function totalsOf(rows: readonly DayRow[]): PostTotals {
  const sum = (field: keyof Omit<DayRow, 'day'>) => rows.reduce((total, row) => total + row[field], 0);
  const views = sum('views');
  const watchMs = sum('watch_ms');
  const completions = sum('completions');
  return {
    views,
    uniqueViewers: sum('unique_viewers'),
    watchMs,
    averageWatchMs: views ? Math.round(watchMs / views) : 0,
    completions,
    completionRate: views ? completions / views : 0,
    likes: sum('likes'),
    shares: sum('shares'),
  };
}

export function dayFigures(row: DayRow) {
  return {
    day: row.day,
    views: row.views,
    uniqueViewers: row.unique_viewers,
    watchMs: row.watch_ms,
    completions: row.completions,
    likes: row.likes,
    shares: row.shares,
  };
}

/** Rows already ranked and cut by the repository, grouped into the answer's lists. */
export function breakdownsOf(rows: readonly BreakdownRow[]): Breakdowns {
  const list = (dimension: BreakdownRow['dimension']) =>
    rows.filter((row) => row.dimension === dimension).map(({ key, count }) => ({ key, count }));
  return {
    countries: list('country'),
    referrers: list('referrer'),
    pages: list('page'),
    sharePlatforms: list('share_platform'),
  };
}
