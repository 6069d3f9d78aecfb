-- Initial schema. Statuses are documented where they are defined in code:
-- users.status (accounts/account-status.ts), posts.status and media_files.status (posts/post-status.ts).
-- Every list the spec pages through has an index matching its keyset order (newest first, id as tie-breaker).

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION IF NOT EXISTS pgcrypto;

-- unaccent() is only STABLE; an IMMUTABLE wrapper with a fixed dictionary lets indexes use it.
CREATE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE TABLE users (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid                 uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  username            citext NOT NULL UNIQUE CHECK (username ~ '^[a-zA-Z0-9_.]{2,31}$'),
  display_name        text NOT NULL DEFAULT '' CHECK (length(display_name) <= 64),
  email               citext UNIQUE,
  email_verified_at   timestamptz,
  password_hash       text,
  type                smallint NOT NULL DEFAULT 1,
  status              smallint NOT NULL DEFAULT 1,
  lgbt_preference     smallint NOT NULL DEFAULT 1 CHECK (lgbt_preference >= 0),
  general_notif_sound boolean NOT NULL DEFAULT true,
  fe_preference       jsonb NOT NULL DEFAULT '{"nFollow":true,"nLike":true,"nCreate":true,"nUpdate":true}',
  bio                 text NOT NULL DEFAULT '' CHECK (length(bio) <= 4000),
  social_links        jsonb NOT NULL DEFAULT '{}',
  avatar_media_id     bigint,
  lang                text NOT NULL DEFAULT 'en',
  country             char(2),
  debug_level         smallint NOT NULL DEFAULT 0,
  followers_count     integer NOT NULL DEFAULT 0 CHECK (followers_count >= 0),
  following_count     integer NOT NULL DEFAULT 0 CHECK (following_count >= 0),
  posts_count         integer NOT NULL DEFAULT 0 CHECK (posts_count >= 0),
  likes_received      bigint NOT NULL DEFAULT 0 CHECK (likes_received >= 0),
  banned_at           timestamptz,
  delete_requested_at timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_username_trgm ON users USING gin ((lower(username::text)) gin_trgm_ops);
CREATE INDEX users_pending_deletion ON users (delete_requested_at) WHERE delete_requested_at IS NOT NULL;

CREATE TABLE external_identities (
  provider   text NOT NULL CHECK (provider IN ('google', 'apple')),
  subject    text NOT NULL,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email      citext,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject),
  UNIQUE (user_id, provider)
);

-- Opaque refresh tokens: only a SHA-256 of the token is stored. Rotation links tokens into a family;
-- presenting a used token revokes every token of its family.
CREATE TABLE refresh_tokens (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  family_id   uuid NOT NULL,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  bytea NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  revoked_at  timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

-- Single-use tokens sent by e-mail (verification, password reset); hashed like refresh tokens.
CREATE TABLE action_tokens (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
  token_hash  bytea NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX action_tokens_user ON action_tokens (user_id, purpose);

CREATE TABLE media_files (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name           text NOT NULL UNIQUE,              -- public, unguessable name used in media URLs
  owner_id       bigint REFERENCES users (id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('video', 'image', 'audio')),
  mime_type      text NOT NULL,
  status         smallint NOT NULL DEFAULT 1,
  width          integer,
  height         integer,
  duration_ms    integer,
  size_bytes     bigint,
  original_key   text,                              -- storage key of the uploaded original
  variants       jsonb NOT NULL DEFAULT '{}',       -- rendition name -> storage key, size, mime
  listing_suffix text NOT NULL DEFAULT '',
  placeholder    text,                              -- blurhash of the poster
  signature      bytea,                             -- perceptual "sixpack" signature for the duplicate check
  post_id        bigint,
  position       smallint NOT NULL DEFAULT 0,
  error          text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_files_post ON media_files (post_id, position) WHERE post_id IS NOT NULL;
CREATE INDEX media_files_owner ON media_files (owner_id, created_at DESC);
ALTER TABLE users ADD CONSTRAINT users_avatar_fk FOREIGN KEY (avatar_media_id) REFERENCES media_files (id) ON DELETE SET NULL;

CREATE TABLE sounds (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  media_file_id bigint NOT NULL REFERENCES media_files (id) ON DELETE RESTRICT,
  uses_count    integer NOT NULL DEFAULT 0 CHECK (uses_count >= 0),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sounds_listing ON sounds (created_at DESC, id DESC);

CREATE TABLE posts (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('video', 'images')),
  title          text NOT NULL DEFAULT '' CHECK (length(title) <= 300),
  status         smallint NOT NULL DEFAULT 1,
  lgbt           smallint NOT NULL DEFAULT 1 CHECK (lgbt IN (1, 2, 3)),
  sound_id       bigint REFERENCES sounds (id) ON DELETE SET NULL,
  likes_count    integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
  shares_count   integer NOT NULL DEFAULT 0 CHECK (shares_count >= 0),
  views_count    bigint NOT NULL DEFAULT 0 CHECK (views_count >= 0),
  completions    bigint NOT NULL DEFAULT 0 CHECK (completions >= 0),
  popularity     double precision NOT NULL DEFAULT 0,
  pinned_at      timestamptz,
  search_vector  tsvector,
  created_at     timestamptz NOT NULL DEFAULT now(),
  published_at   timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  deleted_at     timestamptz
);
ALTER TABLE media_files ADD CONSTRAINT media_files_post_fk FOREIGN KEY (post_id) REFERENCES posts (id) ON DELETE CASCADE;
-- Feeds show published posts only (status 6, see posts/post-status.ts); each index is partial on that.
CREATE INDEX posts_new_feed ON posts (lgbt, published_at DESC, id DESC) WHERE status = 6 AND deleted_at IS NULL;
CREATE INDEX posts_popular_feed ON posts (lgbt, popularity DESC, id DESC) WHERE status = 6 AND deleted_at IS NULL;
CREATE INDEX posts_by_user ON posts (user_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX posts_pins ON posts (user_id, pinned_at DESC) WHERE pinned_at IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX posts_search ON posts USING gin (search_vector);
CREATE INDEX posts_title_trgm ON posts USING gin ((immutable_unaccent(lower(title))) gin_trgm_ops);
CREATE INDEX posts_sound ON posts (sound_id, published_at DESC) WHERE sound_id IS NOT NULL;

-- Background work per post (transcode, thumbnails, duplicate check); drives the progress formula.
CREATE TABLE post_jobs (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id     bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  kind        text NOT NULL,
  state       text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'started', 'done', 'failed')),
  attempts    smallint NOT NULL DEFAULT 0,
  error       text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (post_id, kind)
);

CREATE TABLE tags (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tag                text NOT NULL UNIQUE CHECK (tag ~ '^[^\s]{1,64}$'),  -- normalised form of the primary name
  lang               text NOT NULL DEFAULT 'en',
  is_category        boolean NOT NULL DEFAULT false,
  tag_media_id       bigint REFERENCES media_files (id) ON DELETE SET NULL,
  detail             text NOT NULL DEFAULT '',
  use_count          integer NOT NULL DEFAULT 0 CHECK (use_count >= 0),
  shares_count       integer NOT NULL DEFAULT 0,
  hits_count         bigint NOT NULL DEFAULT 0,
  post_likes_count   bigint NOT NULL DEFAULT 0,
  post_shares_count  bigint NOT NULL DEFAULT 0,
  post_views_count   bigint NOT NULL DEFAULT 0,
  post_visible       integer NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tags_by_usage ON tags (use_count DESC, id DESC);
CREATE INDEX tags_hits ON tags (hits_count DESC, id DESC);
CREATE INDEX tags_trgm ON tags USING gin (tag gin_trgm_ops);

CREATE TABLE tag_translations (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tag_id     bigint NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  lang       text NOT NULL,
  tag        text NOT NULL CHECK (length(tag) BETWEEN 1 AND 64),  -- display form in that language
  normalized text NOT NULL,
  status     smallint NOT NULL DEFAULT 1,
  UNIQUE (tag_id, lang),
  UNIQUE (lang, normalized)
);
CREATE INDEX tag_translations_trgm ON tag_translations USING gin (normalized gin_trgm_ops);

CREATE TABLE post_tags (
  post_id  bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  tag_id   bigint NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  position smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (post_id, tag_id)
);
CREATE INDEX post_tags_by_tag ON post_tags (tag_id, post_id DESC);

CREATE TABLE playlists (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  lgbt         smallint NOT NULL DEFAULT 1 CHECK (lgbt IN (1, 2, 3)),
  posts_count  integer NOT NULL DEFAULT 0 CHECK (posts_count >= 0),
  hits_count   bigint NOT NULL DEFAULT 0,
  shares_count integer NOT NULL DEFAULT 0,
  popularity   double precision NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX playlists_listing ON playlists (lgbt, created_at DESC, id DESC);
CREATE INDEX playlists_popular ON playlists (lgbt, popularity DESC, id DESC);

CREATE TABLE playlist_translations (
  playlist_id bigint NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  lang        text NOT NULL,
  name        text NOT NULL,
  PRIMARY KEY (playlist_id, lang)
);

CREATE TABLE playlist_posts (
  playlist_id bigint NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  post_id     bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  position    integer NOT NULL,
  PRIMARY KEY (playlist_id, post_id)
);
CREATE INDEX playlist_posts_order ON playlist_posts (playlist_id, position, post_id);

CREATE TABLE follows (
  follower_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followee_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
CREATE INDEX follows_followers ON follows (followee_id, created_at DESC, follower_id DESC);
CREATE INDEX follows_following ON follows (follower_id, created_at DESC, followee_id DESC);

CREATE TABLE likes (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id    bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, post_id)
);
CREATE INDEX likes_by_post ON likes (post_id, created_at DESC, user_id DESC);
CREATE INDEX likes_by_user ON likes (user_id, created_at DESC, post_id DESC);

-- One row per viewer, post and counting window: a repeat view inside the window is not counted again.
CREATE TABLE post_views (
  post_id      bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  viewer_key   text NOT NULL,
  window_start timestamptz NOT NULL,
  completed    boolean NOT NULL DEFAULT false,
  PRIMARY KEY (post_id, viewer_key, window_start)
);
CREATE INDEX post_views_by_viewer ON post_views (viewer_key, window_start DESC);

CREATE TABLE share_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  target_kind text NOT NULL CHECK (target_kind IN ('post', 'profile', 'tag', 'playlist')),
  target_id   bigint NOT NULL,
  platform    text NOT NULL DEFAULT 'link',
  viewer_key  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX share_events_target ON share_events (target_kind, target_id, created_at DESC);

-- Per-viewer tag preference of spec §4 (+3 on save, 4 initially, /1.5 decay, dropped at <= 1).
CREATE TABLE tag_preferences (
  viewer_key text NOT NULL,
  tag_id     bigint NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  score      real NOT NULL CHECK (score > 1),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (viewer_key, tag_id)
);

CREATE TABLE notifications (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type        text NOT NULL CHECK (type IN ('user-follow', 'post-like', 'post-created', 'scraper-done')),
  actor_ids   bigint[] NOT NULL DEFAULT '{}',   -- grouped likes carry several actors, newest first
  post_id     bigint REFERENCES posts (id) ON DELETE CASCADE,
  scraper_job_id bigint,
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz
);
CREATE INDEX notifications_by_type ON notifications (user_id, type, created_at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id, type) WHERE read_at IS NULL;

CREATE TABLE user_cookies (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name       text NOT NULL,
  value      text NOT NULL CHECK (length(value) <= 1000),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, name)
);

-- Key-value facts about the installation itself (e.g. when the demo seed ran).
CREATE TABLE app_state (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
