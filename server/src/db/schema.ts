import type { ColumnType, Generated } from 'kysely';
import type {} from '../analytics/analytics.tables.ts';
import type {} from '../captions/captions.tables.ts';
import type {} from '../compliance/age-assurance/age-assurance.tables.ts';
import type {} from '../compliance/performers/performers.tables.ts';
import type {} from '../compliance/records/records.tables.ts';
import type {} from '../compliance/verification/verification.tables.ts';
import type {} from '../exports/exports.tables.ts';
import type {} from '../media/cover/cover.tables.ts';
import type {} from '../media/media.tables.ts';
import type {} from '../moderation/moderation.tables.ts';
import type { Defaulted, Json, Timestamp } from './column-types.ts';

export type { MediaVariant } from '../media/media.tables.ts';

/**
 * Kysely's view of the tables in migrations/. Keep in step with every new migration. A domain that owns
 * its tables declares them in its own `*.tables.ts`, joined to `Database` by augmentation; the imports
 * above load those, so every program that sees `Database` (the web app's typecheck too) sees them.
 */

export interface FePreference {
  nFollow: boolean;
  nLike: boolean;
  nCreate: boolean;
  nUpdate: boolean;
}

export interface UsersTable {
  id: Generated<number>;
  uid: Generated<string>;
  username: string;
  display_name: Defaulted<string>;
  email: string | null;
  email_verified_at: Timestamp | null;
  password_hash: string | null;
  type: Defaulted<number>;
  status: Defaulted<number>;
  lgbt_preference: Defaulted<number>;
  general_notif_sound: Defaulted<boolean>;
  fe_preference: Json<FePreference>;
  bio: Defaulted<string>;
  social_links: Json<Record<string, string>>;
  avatar_media_id: number | null;
  lang: Defaulted<string>;
  country: string | null;
  debug_level: Defaulted<number>;
  followers_count: Defaulted<number>;
  following_count: Defaulted<number>;
  posts_count: Defaulted<number>;
  likes_received: Defaulted<number>;
  banned_at: Timestamp | null;
  delete_requested_at: Timestamp | null;
  sessions_valid_after: Timestamp | null;
  /** Migration 0025 (enforcement/): login and API refused until then; uploads refused while set. */
  suspended_until: Timestamp | null;
  uploads_limited_at: Timestamp | null;
  created_at: Defaulted<Timestamp>;
  updated_at: Defaulted<Timestamp>;
}

export interface ExternalIdentitiesTable {
  provider: 'google' | 'apple';
  subject: string;
  user_id: number;
  email: string | null;
  created_at: Defaulted<Timestamp>;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  family_id: string;
  user_id: number;
  token_hash: Buffer;
  created_at: Defaulted<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface ActionTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify-email' | 'reset-password';
  token_hash: Buffer;
  created_at: Defaulted<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SoundsTable {
  id: Generated<number>;
  name: string;
  media_file_id: number;
  uses_count: Defaulted<number>;
  created_at: Defaulted<Timestamp>;
}

export interface PostsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'video' | 'images';
  title: Defaulted<string>;
  status: Defaulted<number>;
  lgbt: Defaulted<number>;
  sound_id: number | null;
  likes_count: Defaulted<number>;
  shares_count: Defaulted<number>;
  views_count: Defaulted<number>;
  completions: Defaulted<number>;
  popularity: Defaulted<number>;
  pinned_at: Timestamp | null;
  search_vector: string | null;
  created_at: Defaulted<Timestamp>;
  published_at: Timestamp | null;
  updated_at: Defaulted<Timestamp>;
  deleted_at: Timestamp | null;
  /** Migration 0006: the status the owner asked for, applied when processing ends. */
  target_status: Defaulted<number>;
  /** Migration 0025: pre-publication review (enforcement/README.md). */
  reviewed_at: Timestamp | null;
  /** Migration 0026 (studio/): when a scheduled post (12) goes public. */
  scheduled_at: Timestamp | null;
  /** Migration 0026: per-post settings; comments stay off (the product has none yet). */
  allow_embedding: Defaulted<boolean>;
  allow_downloads: Defaulted<boolean>;
  allow_comments: Defaulted<boolean>;
  /** Migration 0036 (compliance/performers/): the production date the creator declared. */
  produced_on: ColumnType<string | null, string | null | undefined, string | null>;
  review_reason: 'prepublication' | 'watched-word' | 'hidden' | 'hash-match' | null;
}

export interface PostJobsTable {
  id: Generated<number>;
  post_id: number;
  kind: string;
  state: Defaulted<'new' | 'started' | 'done' | 'failed'>;
  attempts: Defaulted<number>;
  error: string | null;
  created_at: Defaulted<Timestamp>;
  updated_at: Defaulted<Timestamp>;
}

export interface TagsTable {
  id: Generated<number>;
  tag: string;
  lang: Defaulted<string>;
  is_category: Defaulted<boolean>;
  tag_media_id: number | null;
  detail: Defaulted<string>;
  use_count: Defaulted<number>;
  shares_count: Defaulted<number>;
  hits_count: Defaulted<number>;
  post_likes_count: Defaulted<number>;
  post_shares_count: Defaulted<number>;
  post_views_count: Defaulted<number>;
  post_visible: Defaulted<number>;
  created_at: Defaulted<Timestamp>;
}

export interface TagTranslationsTable {
  id: Generated<number>;
  tag_id: number;
  lang: string;
  tag: string;
  normalized: string;
  status: Defaulted<number>;
}

export interface PostTagsTable {
  post_id: number;
  tag_id: number;
  position: Defaulted<number>;
  /** Migration 0006: the post's listing time, set and kept in step by triggers. */
  listed_at: Defaulted<Timestamp>;
}

export interface PlaylistsTable {
  id: Generated<number>;
  name: string;
  lgbt: Defaulted<number>;
  posts_count: Defaulted<number>;
  hits_count: Defaulted<number>;
  shares_count: Defaulted<number>;
  popularity: Defaulted<number>;
  created_at: Defaulted<Timestamp>;
}

export interface PlaylistTranslationsTable {
  playlist_id: number;
  lang: string;
  name: string;
}

export interface PlaylistPostsTable {
  playlist_id: number;
  post_id: number;
  position: number;
}

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: Defaulted<Timestamp>;
}

export interface LikesTable {
  user_id: number;
  post_id: number;
  created_at: Defaulted<Timestamp>;
}

export interface PostViewsTable {
  post_id: number;
  viewer_key: string;
  window_start: Timestamp;
  completed: Defaulted<boolean>;
  /** Migration 0014: digest of the viewer's address range (posts/viewer.ts networkKey). */
  network: string | null;
}

export interface ShareEventsTable {
  id: Generated<number>;
  target_kind: 'post' | 'profile' | 'tag' | 'playlist';
  target_id: number;
  platform: Defaulted<string>;
  viewer_key: string;
  created_at: Defaulted<Timestamp>;
  /** Migration 0006: set for counted shares, unique per target, viewer, platform and window. */
  window_start: Timestamp | null;
  /** Migration 0014: digest of the viewer's address range, for post shares. */
  network: string | null;
}

export interface TagPreferencesTable {
  viewer_key: string;
  tag_id: number;
  score: number;
  updated_at: Defaulted<Timestamp>;
}

export type NotificationType =
  | 'user-follow'
  | 'post-like'
  | 'post-created'
  | 'scraper-done'
  | 'moderation'
  | 'data-export'
  | 'performer';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: NotificationType;
  actor_ids: Defaulted<number[]>;
  post_id: number | null;
  scraper_job_id: number | null;
  created_at: Defaulted<Timestamp>;
  read_at: Timestamp | null;
  actor_count: Defaulted<number>;
  /** Migration 0025: a statement of reasons' enforcement action (enforcement/). */
  enforcement_action_id: Defaulted<number | null>;
}

export interface UserCookiesTable {
  user_id: number;
  name: string;
  value: string;
  expires_at: Timestamp;
}

export interface AppStateTable {
  key: string;
  value: Json<unknown>;
  updated_at: Defaulted<Timestamp>;
}

export type ScraperJobState = 'new' | 'started' | 'done' | 'failed' | 'canceled';

export interface ScraperJobsTable {
  id: Generated<number>;
  uid: Generated<string>;
  user_id: number;
  source_url: string;
  state: Defaulted<ScraperJobState>;
  media_url: string | null;
  media_id: number | null;
  bytes: number | null;
  error: string | null;
  created_at: Defaulted<Timestamp>;
  updated_at: Defaulted<Timestamp>;
  finished_at: Timestamp | null;
  /** Migration 0009: the post the import became. */
  post_id: Defaulted<number | null>;
}

export interface WorkerHeartbeatsTable {
  worker_id: string;
  seen_at: Defaulted<Timestamp>;
}

export interface SearchQueriesTable {
  country: string;
  query: string;
  day: Defaulted<Timestamp>;
  searches: Defaulted<number>;
  results: Defaulted<number>;
}

export interface SearchQueryTotalsTable {
  query: string;
  searches: Defaulted<number>;
  results: Defaulted<number>;
  searched_at: Defaulted<Timestamp>;
}

export interface BannersTable {
  id: Generated<number>;
  position: string;
  lgbt: Defaulted<number>;
  priority: Defaulted<number>;
  tags: Defaulted<string[]>;
  title: string;
  body: Defaulted<string>;
  link_url: string;
  image_url: string | null;
  starts_at: Defaulted<Timestamp>;
  ends_at: Timestamp | null;
  active: Defaulted<boolean>;
  created_at: Defaulted<Timestamp>;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  kind: 'contact' | 'abuse';
  email: string | null;
  subject: Defaulted<string>;
  text: string;
  user_agent: Defaulted<string>;
  sender_id: number | null;
  post_id: number | null;
  abuse_user_id: number | null;
  ip: Defaulted<string>;
  mailed_at: Timestamp | null;
  created_at: Defaulted<Timestamp>;
}

export interface AltchaSpentTable {
  signature: string;
  expires_at: Timestamp;
}

export interface SpentProofsTable {
  signature: string;
  expires_at: Timestamp;
}

export interface SpentLoginNoncesTable {
  digest: Buffer;
  expires_at: Timestamp;
}

export interface EventPayloadsTable {
  id: Generated<number>;
  payload: Json<unknown>;
  created_at: Defaulted<Timestamp>;
}

export interface ProfileStatsTable {
  user_id: number;
  hits_count: Defaulted<number>;
  shares_count: Defaulted<number>;
}

export interface Database {
  users: UsersTable;
  external_identities: ExternalIdentitiesTable;
  refresh_tokens: RefreshTokensTable;
  action_tokens: ActionTokensTable;
  sounds: SoundsTable;
  posts: PostsTable;
  post_jobs: PostJobsTable;
  tags: TagsTable;
  tag_translations: TagTranslationsTable;
  post_tags: PostTagsTable;
  playlists: PlaylistsTable;
  playlist_translations: PlaylistTranslationsTable;
  playlist_posts: PlaylistPostsTable;
  follows: FollowsTable;
  likes: LikesTable;
  post_views: PostViewsTable;
  share_events: ShareEventsTable;
  tag_preferences: TagPreferencesTable;
  notifications: NotificationsTable;
  user_cookies: UserCookiesTable;
  app_state: AppStateTable;
  scraper_jobs: ScraperJobsTable;
  search_queries: SearchQueriesTable;
  search_query_totals: SearchQueryTotalsTable;
  banners: BannersTable;
  contact_messages: ContactMessagesTable;
  altcha_spent: AltchaSpentTable;
  spent_proofs: SpentProofsTable;
  spent_login_nonces: SpentLoginNoncesTable;
  event_payloads: EventPayloadsTable;
  profile_stats: ProfileStatsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
}
