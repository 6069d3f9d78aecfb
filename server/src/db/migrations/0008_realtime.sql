-- Live layer: event bus overflow, ban events, notification grouping and the small counters the
-- socket events drive where no other table holds them yet.

-- Events too large for NOTIFY (8000 bytes) are stored here; the notification carries the row id.
-- Rows are read within milliseconds and purged by the notifications:purge-event-payloads job.
CREATE TABLE event_payloads (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payload    jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_payloads_age ON event_payloads (created_at);

-- Whatever sets banned_at (a moderation tool, an admin's SQL), every node hears it and closes the
-- user's sockets with logout-banned.
CREATE FUNCTION notify_user_banned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('velvet_events', json_build_object('type', 'logout-banned', 'userId', NEW.id)::text);
  RETURN NEW;
END $$;
CREATE TRIGGER users_banned AFTER UPDATE OF banned_at ON users
  FOR EACH ROW WHEN (OLD.banned_at IS NULL AND NEW.banned_at IS NOT NULL)
  EXECUTE FUNCTION notify_user_banned();

-- Grouped likes name at most a few actors; the count says how many there are.
ALTER TABLE notifications ADD COLUMN actor_count integer NOT NULL DEFAULT 1 CHECK (actor_count >= 0);

-- Spec §4: a new unread notification of the same post (likes) or user (follows) replaces the unread one.
CREATE UNIQUE INDEX notifications_unread_like ON notifications (user_id, post_id)
  WHERE type = 'post-like' AND read_at IS NULL;
CREATE UNIQUE INDEX notifications_unread_follow ON notifications (user_id, (actor_ids[1]))
  WHERE type = 'user-follow' AND read_at IS NULL;
-- A follower hears of a post once, however often the fan-out job runs.
CREATE UNIQUE INDEX notifications_post_created ON notifications (user_id, post_id) WHERE type = 'post-created';

-- Profile visits and shares (hitUser, shareProfile). Share events of every kind also go to share_events.
CREATE TABLE profile_stats (
  user_id      bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  hits_count   bigint NOT NULL DEFAULT 0 CHECK (hits_count >= 0),
  shares_count integer NOT NULL DEFAULT 0 CHECK (shares_count >= 0)
);

-- A viewer's shares of one target within a day are counted once.
CREATE INDEX share_events_viewer ON share_events (viewer_key, target_kind, target_id, created_at DESC);
