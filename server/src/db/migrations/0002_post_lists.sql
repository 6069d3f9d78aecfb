-- Post lists order by coalesce(published_at, created_at) so an owner's unpublished posts sort among the
-- rest on their own profile; these indexes match that keyset order (newest first, id as tie-breaker).
CREATE INDEX posts_listed_feed ON posts ((coalesce(published_at, created_at)) DESC, id DESC)
  WHERE status = 6 AND deleted_at IS NULL;
CREATE INDEX posts_listed_lgbt_feed ON posts (lgbt, (coalesce(published_at, created_at)) DESC, id DESC)
  WHERE status = 6 AND deleted_at IS NULL;
-- A profile lists its pins first; the following feed reads each followee's posts through it too.
CREATE INDEX posts_profile ON posts (user_id, pinned_at DESC NULLS LAST, (coalesce(published_at, created_at)) DESC, id DESC)
  WHERE deleted_at IS NULL;
-- The home mix's popular bucket when no orientation is chosen (posts_popular_feed covers a chosen one).
CREATE INDEX posts_popular_all ON posts (popularity DESC, id DESC) WHERE status = 6 AND deleted_at IS NULL;
