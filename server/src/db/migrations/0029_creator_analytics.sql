-- Creator analytics (analytics/README.md): raw events in, daily aggregates (UTC days) out. Raw events are
-- deleted after ANALYTICS_RAW_EVENT_DAYS by analytics:purge-raw-events; the aggregates are kept.

-- One row per counted view: written in the statement that counts it (posts/counters.repository.ts), so it
-- exists exactly when post_views gained a row. The player's progress reports add to watched_ms and set
-- completed on the same row (analytics/watch-progress.repository.ts); reported_at is when the last accepted
-- report (or the view) arrived, so a report can add no more than the time since.
CREATE TABLE view_events (
  post_id      bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  viewer_key   text NOT NULL,
  window_start timestamptz NOT NULL,
  owner_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  viewed_at    timestamptz NOT NULL DEFAULT now(),
  page         text NOT NULL DEFAULT 'other'
                 CHECK (page IN ('feed', 'tag', 'profile', 'search', 'embed', 'post', 'playlist', 'other')),
  referrer     text NOT NULL DEFAULT 'direct' CHECK (referrer = 'direct' OR referrer ~ '^[a-z0-9][a-z0-9.-]{0,252}$'),
  country      text NOT NULL DEFAULT 'unknown' CHECK (country = 'unknown' OR country ~ '^[A-Z]{2}$'),
  watched_ms   bigint NOT NULL DEFAULT 0 CHECK (watched_ms >= 0),
  completed    boolean NOT NULL DEFAULT false,
  reported_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, viewer_key, window_start)
);
CREATE INDEX view_events_by_time ON view_events (viewed_at);

-- Follows are deleted on unfollow: the graph's changes are kept here (social/follows.repository.ts).
CREATE TABLE follow_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  followee_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  follower_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('gained', 'lost')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX follow_events_by_time ON follow_events (created_at);

-- Likes and post shares are read from their own tables (likes.created_at, share_events.created_at and
-- platform); a day's rollup reads them by time.
CREATE INDEX likes_by_time ON likes (created_at);
CREATE INDEX share_events_posts_by_time ON share_events (created_at) WHERE target_kind = 'post';

-- Days whose aggregates are not final: days before yesterday that received an event after the fact (a
-- backfill, an import), and the day of each scheduled rollup's run (analytics/analytics.jobs.ts). The
-- scheduled rollup rebuilds every day from the earliest of them, and forgets a day once it is over.
CREATE TABLE analytics_stale_days (
  day       date PRIMARY KEY,
  marked_at timestamptz NOT NULL DEFAULT now()
);

-- Marks the day once per transaction (a bulk load of one day's events updates the row once).
CREATE FUNCTION analytics_mark_stale(happened_at timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_stale_days AS s (day) VALUES ((happened_at AT TIME ZONE 'UTC')::date)
  ON CONFLICT (day) DO UPDATE SET marked_at = now() WHERE s.marked_at < now();
$$;
CREATE FUNCTION analytics_mark_stale_view() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_mark_stale(NEW.viewed_at);
  RETURN NULL;
END $$;
CREATE FUNCTION analytics_mark_stale_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_mark_stale(NEW.created_at);
  RETURN NULL;
END $$;

-- The WHEN clause keeps the triggers off the hot path: only rows dated before yesterday (UTC) run them.
CREATE TRIGGER view_events_late AFTER INSERT ON view_events FOR EACH ROW
  WHEN (NEW.viewed_at < (date_trunc('day', now() AT TIME ZONE 'UTC') - interval '1 day') AT TIME ZONE 'UTC')
  EXECUTE FUNCTION analytics_mark_stale_view();
CREATE TRIGGER follow_events_late AFTER INSERT ON follow_events FOR EACH ROW
  WHEN (NEW.created_at < (date_trunc('day', now() AT TIME ZONE 'UTC') - interval '1 day') AT TIME ZONE 'UTC')
  EXECUTE FUNCTION analytics_mark_stale_event();
CREATE TRIGGER likes_late AFTER INSERT ON likes FOR EACH ROW
  WHEN (NEW.created_at < (date_trunc('day', now() AT TIME ZONE 'UTC') - interval '1 day') AT TIME ZONE 'UTC')
  EXECUTE FUNCTION analytics_mark_stale_event();
CREATE TRIGGER share_events_late AFTER INSERT ON share_events FOR EACH ROW
  WHEN (NEW.target_kind = 'post'
    AND NEW.created_at < (date_trunc('day', now() AT TIME ZONE 'UTC') - interval '1 day') AT TIME ZONE 'UTC')
  EXECUTE FUNCTION analytics_mark_stale_event();

-- Daily aggregates, rebuilt per day by analytics:rollup (analytics/rollup.repository.ts).
CREATE TABLE post_daily_stats (
  post_id bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  day date NOT NULL,
  views integer NOT NULL DEFAULT 0,
  unique_viewers integer NOT NULL DEFAULT 0,
  watch_ms bigint NOT NULL DEFAULT 0,
  completions integer NOT NULL DEFAULT 0,
  likes integer NOT NULL DEFAULT 0,
  shares integer NOT NULL DEFAULT 0,
  PRIMARY KEY (post_id, day)
);
CREATE TABLE account_daily_stats (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  views integer NOT NULL DEFAULT 0,
  unique_viewers integer NOT NULL DEFAULT 0,
  watch_ms bigint NOT NULL DEFAULT 0,
  completions integer NOT NULL DEFAULT 0,
  likes integer NOT NULL DEFAULT 0,
  shares integer NOT NULL DEFAULT 0,
  followers_gained integer NOT NULL DEFAULT 0,
  followers_lost integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day)
);
-- dimension: 'country' (ISO code or 'unknown'), 'referrer' (host or 'direct'), 'page' (feed, tag, profile, search, embed, post, playlist, other), 'share_platform'
CREATE TABLE post_daily_breakdown (
  post_id bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  day date NOT NULL, dimension text NOT NULL, key text NOT NULL, count integer NOT NULL,
  PRIMARY KEY (post_id, day, dimension, key),
  CHECK (dimension IN ('country', 'referrer', 'page', 'share_platform'))
);
CREATE TABLE account_daily_breakdown (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL, dimension text NOT NULL, key text NOT NULL, count integer NOT NULL,
  PRIMARY KEY (user_id, day, dimension, key),
  CHECK (dimension IN ('country', 'referrer', 'page', 'share_platform'))
);
-- A day's rollup replaces that day's rows of every post and account.
CREATE INDEX post_daily_stats_by_day ON post_daily_stats (day);
CREATE INDEX account_daily_stats_by_day ON account_daily_stats (day);
CREATE INDEX post_daily_breakdown_by_day ON post_daily_breakdown (day);
CREATE INDEX account_daily_breakdown_by_day ON account_daily_breakdown (day);
