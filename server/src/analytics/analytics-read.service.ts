import { AppError } from '../http/errors.ts';
import { breakdownsOf, dayFigures, periodsOf, totalsOf } from './analytics-periods.ts';
import type { AccountDayRow, AnalyticsReadRepository, DayRow } from './analytics-read.repository.ts';
import type { AccountAnalytics, AccountTotals, AnalyticsRange, PostAnalytics } from './analytics-read.schemas.ts';

const followersOf = (rows: readonly AccountDayRow[]) => ({
  followersGained: rows.reduce((total, row) => total + row.followers_gained, 0),
  followersLost: rows.reduce((total, row) => total + row.followers_lost, 0),
});

const accountTotalsOf = (rows: readonly AccountDayRow[]): AccountTotals => ({ ...totalsOf(rows), ...followersOf(rows) });

/** Rows of both periods, oldest first: the first `days` are the previous period's. */
const split = <Row extends DayRow>(rows: readonly Row[], days: number) => ({
  previous: rows.slice(0, days),
  current: rows.slice(days),
});

/**
 * The creator studio's analytics: a creator reads the figures of their own account and of each of their
 * own posts over the last 7, 28 or 90 days, from the daily aggregates (READING.md).
 */
export class AnalyticsReadService {
  readonly #repository: AnalyticsReadRepository;
  readonly #now: () => Date;

  constructor(repository: AnalyticsReadRepository, now: () => Date = () => new Date()) {
    this.#repository = repository;
    this.#now = now;
  }

  async account(userId: number, days: AnalyticsRange): Promise<AccountAnalytics> {
    const { current, previous } = periodsOf(days, this.#now());
    const [rows, breakdowns, topPosts] = await Promise.all([
      this.#repository.accountDays(userId, { from: previous.from, to: current.to }),
      this.#repository.accountBreakdowns(userId, current),
      this.#repository.topPosts.topPosts(userId, days, current),
    ]);
    const periods = split(rows, days);
    return {
      period: { days, ...current },
      totals: accountTotalsOf(periods.current),
      previous: accountTotalsOf(periods.previous),
      series: periods.current.map((row) => ({
        ...dayFigures(row),
        followersGained: row.followers_gained,
        followersLost: row.followers_lost,
      })),
      breakdowns: breakdownsOf(breakdowns),
      topPosts: topPosts.map((post) => ({
        id: post.id,
        title: post.title,
        views: post.views,
        watchMs: post.watch_ms,
        completionRate: post.views ? post.completions / post.views : 0,
        likes: post.likes,
        shares: post.shares,
      })),
    };
  }

  /** One post of the caller's; someone else's post answers `not_found`, as if it did not exist. */
  async post(userId: number, postId: number, days: AnalyticsRange): Promise<PostAnalytics> {
    const { current, previous } = periodsOf(days, this.#now());
    // Both reads start at once; the breakdowns of a post that turns out not to be the caller's are dropped.
    const [rows, breakdowns] = await Promise.all([
      this.#repository.postDays(userId, postId, { from: previous.from, to: current.to }),
      this.#repository.postBreakdowns(postId, current),
    ]);
    const first = rows[0];
    if (!first) throw new AppError('not_found');
    const periods = split(rows, days);
    return {
      post: { id: postId, title: first.title },
      period: { days, ...current },
      totals: totalsOf(periods.current),
      previous: totalsOf(periods.previous),
      series: periods.current.map(dayFigures),
      breakdowns: breakdownsOf(breakdowns),
    };
  }
}
