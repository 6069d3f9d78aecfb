-- Feed supply, counters and publishing (posts/README.md "Feed supply", "Counters", "Publishing").

-- The status an owner asked for while the post was still in the pipeline (6 published, 8 private):
-- posts/posts.repository.ts finishProcessing() applies it when the media pipeline is done.
ALTER TABLE posts ADD COLUMN target_status smallint NOT NULL DEFAULT 6 CHECK (target_status IN (6, 8));

-- Shares count once per viewer, post, platform and window, like views: the window makes the event unique.
ALTER TABLE share_events ADD COLUMN window_start timestamptz;
CREATE UNIQUE INDEX share_events_once_per_window ON share_events (target_kind, target_id, viewer_key, platform, window_start)
  WHERE window_start IS NOT NULL;

-- The viewer's seen posts, newest view first, for the home mix's seen bucket and its exclusion elsewhere.
CREATE INDEX post_views_seen ON post_views (viewer_key, post_id);

-- The top-3 tags of a viewer (spec §4 tag preference).
CREATE INDEX tag_preferences_top ON tag_preferences (viewer_key, score DESC);

-- A profile's public page (others looking): published posts only, pins first.
CREATE INDEX posts_profile_public ON posts (user_id, pinned_at DESC NULLS LAST, (coalesce(published_at, created_at)) DESC, id DESC)
  WHERE status = 6 AND deleted_at IS NULL;

-- Every list filters on its snapshot (coalesce(published_at, created_at) <= t). The expression indexes on it
-- are partial, and PostgreSQL gathers no statistics for those, so it guessed a third of the rows and
-- sorted deep pages instead of walking the index; these statistics give it the real distribution.
CREATE STATISTICS posts_listed_at_stats ON (coalesce(published_at, created_at)) FROM posts;

-- A tag's feed, newest first. Walking the global listed index and probing post_tags visits every newer post
-- of other tags (seconds for a tag whose posts are few, or mostly hidden), so post_tags carries the post's
-- listing time and the tag feed walks only the tag's own posts. Triggers keep the copy in step whoever
-- writes posts or post_tags (upload pipeline, seed, editing).
ALTER TABLE post_tags ADD COLUMN listed_at timestamptz;
UPDATE post_tags pt SET listed_at = coalesce(p.published_at, p.created_at) FROM posts p WHERE p.id = pt.post_id;
ALTER TABLE post_tags ALTER COLUMN listed_at SET NOT NULL;

CREATE FUNCTION post_tags_set_listed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(p.published_at, p.created_at) INTO NEW.listed_at FROM posts p WHERE p.id = NEW.post_id;
  RETURN NEW;
END $$;
CREATE TRIGGER post_tags_listed_at BEFORE INSERT ON post_tags FOR EACH ROW EXECUTE FUNCTION post_tags_set_listed_at();

CREATE FUNCTION posts_copy_listed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_tags SET listed_at = coalesce(NEW.published_at, NEW.created_at) WHERE post_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_listed_at_to_tags AFTER UPDATE OF published_at, created_at ON posts FOR EACH ROW
  WHEN (coalesce(OLD.published_at, OLD.created_at) IS DISTINCT FROM coalesce(NEW.published_at, NEW.created_at))
  EXECUTE FUNCTION posts_copy_listed_at();

CREATE INDEX post_tags_listed ON post_tags (tag_id, listed_at DESC, post_id DESC);
