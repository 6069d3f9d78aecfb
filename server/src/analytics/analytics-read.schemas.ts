import Type, { type Static } from 'typebox';

/**
 * Request and answer shapes of the studio's analytics read API (READING.md). The web
 * app imports the answer types with `import type`, so a change of shape fails its typecheck.
 */

/** The ranges a read covers, in days ending today. */
const Range = Type.Union([Type.Literal(7), Type.Literal(28), Type.Literal(90)]);
export type AnalyticsRange = Static<typeof Range>;
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 28;

/** How many entries each top list holds (countries, referrers, platforms, posts). */
export const TOP_LIST_SIZE = 10;

export const BREAKDOWN_DIMENSIONS = ['country', 'referrer', 'page', 'share_platform'] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

export const AnalyticsQuery = Type.Object({ days: Type.Optional(Range) });
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

export const PostAnalyticsParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

const Count = Type.Integer({ minimum: 0 });
/** A calendar day in UTC, `YYYY-MM-DD`: the rollups count by UTC day. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

const dailyFigures = {
  views: Count,
  /** Distinct viewers of that day; a viewer who comes back another day counts again. */
  uniqueViewers: Count,
  watchMs: Count,
  completions: Count,
  likes: Count,
  shares: Count,
};
const followerFigures = { followersGained: Count, followersLost: Count };

const totalFigures = {
  ...dailyFigures,
  /** watchMs ÷ views, rounded; 0 without views. */
  averageWatchMs: Count,
  /** completions ÷ views, from 0 to 1; 0 without views. */
  completionRate: Type.Number({ minimum: 0 }),
};

export const PostTotals = Type.Object(totalFigures);
export type PostTotals = Static<typeof PostTotals>;
/**
 * The account's figures over the range. `uniqueViewers` is the sum of the days' distinct viewers (the
 * aggregates keep no viewer ids), so a viewer seen on three days counts three times.
 */
export const AccountTotals = Type.Object({ ...totalFigures, ...followerFigures });
export type AccountTotals = Static<typeof AccountTotals>;

export const PostDay = Type.Object({ day: Day, ...dailyFigures });
export type PostDay = Static<typeof PostDay>;
export const AccountDay = Type.Object({ day: Day, ...dailyFigures, ...followerFigures });
export type AccountDay = Static<typeof AccountDay>;

export const BreakdownEntry = Type.Object({ key: Type.String(), count: Count });
export type BreakdownEntry = Static<typeof BreakdownEntry>;

/** Each list sorted by count, largest first (ties by key), at most TOP_LIST_SIZE entries. */
export const Breakdowns = Type.Object({
  countries: Type.Array(BreakdownEntry),
  referrers: Type.Array(BreakdownEntry),
  /** Where the views came from: feed, tag, profile, search, embed, post, playlist, other. */
  pages: Type.Array(BreakdownEntry),
  sharePlatforms: Type.Array(BreakdownEntry),
});
export type Breakdowns = Static<typeof Breakdowns>;

/** The range asked for: `days` days ending today (UTC), both ends included. */
export const AnalyticsPeriod = Type.Object({ days: Range, from: Day, to: Day });
export type AnalyticsPeriod = Static<typeof AnalyticsPeriod>;

export const TopPost = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  views: Count,
  watchMs: Count,
  completionRate: Type.Number({ minimum: 0 }),
  likes: Count,
  shares: Count,
});
export type TopPost = Static<typeof TopPost>;

export const AccountAnalyticsAnswer = Type.Object({
  statusCode: Type.Literal(2),
  period: AnalyticsPeriod,
  totals: AccountTotals,
  /** The same figures over the `days` days before the range, for a "vs previous period" change. */
  previous: AccountTotals,
  /** One entry per day of the range, oldest first; days without data are zeros. */
  series: Type.Array(AccountDay),
  breakdowns: Breakdowns,
  /** The account's posts with the most views in the range. */
  topPosts: Type.Array(TopPost),
});
export type AccountAnalyticsAnswer = Static<typeof AccountAnalyticsAnswer>;
export type AccountAnalytics = Omit<AccountAnalyticsAnswer, 'statusCode'>;

export const PostAnalyticsAnswer = Type.Object({
  statusCode: Type.Literal(2),
  post: Type.Object({ id: Type.Integer(), title: Type.String() }),
  period: AnalyticsPeriod,
  totals: PostTotals,
  previous: PostTotals,
  series: Type.Array(PostDay),
  breakdowns: Breakdowns,
});
export type PostAnalyticsAnswer = Static<typeof PostAnalyticsAnswer>;
export type PostAnalytics = Omit<PostAnalyticsAnswer, 'statusCode'>;
