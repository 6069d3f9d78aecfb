import type { Generated } from 'kysely';
import type { Defaulted, Timestamp } from '../db/column-types.ts';

/**
 * Kysely's view of the analytics tables (migrations 0029 and 0032, analytics/README.md), merged into
 * db/schema.ts's `Database` by module augmentation so the tables sit beside the code that owns them.
 */

/** One row per counted view, with the player's watch progress. */
export type ViewPage = 'feed' | 'tag' | 'profile' | 'search' | 'embed' | 'post' | 'playlist' | 'other';

export interface ViewEventsTable {
  post_id: number;
  viewer_key: string;
  window_start: Timestamp;
  owner_id: number;
  viewed_at: Defaulted<Timestamp>;
  page: Defaulted<ViewPage>;
  /** A referring site's host name, or 'direct'. */
  referrer: Defaulted<string>;
  /** ISO 3166 alpha-2 code from the trusted proxy header, or 'unknown'. */
  country: Defaulted<string>;
  watched_ms: Defaulted<number>;
  completed: Defaulted<boolean>;
  reported_at: Defaulted<Timestamp>;
}

export interface FollowEventsTable {
  id: Generated<number>;
  followee_id: number;
  follower_id: number;
  kind: 'gained' | 'lost';
  created_at: Defaulted<Timestamp>;
}

/** A UTC day as 'YYYY-MM-DD', both ways (db/database.ts reads `date` columns as text, never as a local-time Date). */
type Day = string;

export interface AnalyticsStaleDaysTable {
  day: Day;
  marked_at: Defaulted<Timestamp>;
}

export interface PostDailyStatsTable {
  post_id: number;
  day: Day;
  views: Defaulted<number>;
  unique_viewers: Defaulted<number>;
  watch_ms: Defaulted<number>;
  completions: Defaulted<number>;
  likes: Defaulted<number>;
  shares: Defaulted<number>;
}

export interface AccountDailyStatsTable {
  user_id: number;
  day: Day;
  views: Defaulted<number>;
  unique_viewers: Defaulted<number>;
  watch_ms: Defaulted<number>;
  completions: Defaulted<number>;
  likes: Defaulted<number>;
  shares: Defaulted<number>;
  followers_gained: Defaulted<number>;
  followers_lost: Defaulted<number>;
}

export type BreakdownDimension = 'country' | 'referrer' | 'page' | 'share_platform';

export interface PostDailyBreakdownTable {
  post_id: number;
  day: Day;
  dimension: BreakdownDimension;
  key: string;
  count: number;
}

export interface AccountDailyBreakdownTable {
  user_id: number;
  day: Day;
  dimension: BreakdownDimension;
  key: string;
  count: number;
}

/** One creator's ranked top posts over the `days` days ending on `through` (migration 0032). */
export interface AccountTopPostsTable {
  user_id: number;
  days: number;
  through: Day;
  posts: unknown;
}

declare module '../db/schema.ts' {
  interface Database {
    view_events: ViewEventsTable;
    follow_events: FollowEventsTable;
    analytics_stale_days: AnalyticsStaleDaysTable;
    post_daily_stats: PostDailyStatsTable;
    account_daily_stats: AccountDailyStatsTable;
    post_daily_breakdown: PostDailyBreakdownTable;
    account_daily_breakdown: AccountDailyBreakdownTable;
    account_top_posts: AccountTopPostsTable;
  }
}
