-- Creator studio (studio/README.md): drafts (11), scheduled posts (12) and per-post settings.

-- The owner's target state while a post is in the pipeline may now also be draft (11) or scheduled (12).
ALTER TABLE posts DROP CONSTRAINT posts_target_status_check;
ALTER TABLE posts ADD CONSTRAINT posts_target_status_check CHECK (target_status IN (6, 8, 11, 12));

-- When a scheduled post goes public; the job studio:publish-scheduled (job key studio-publish:{id}) runs
-- then. A post is scheduled (12) only with its target scheduled too, and never without a time.
ALTER TABLE posts ADD COLUMN scheduled_at timestamptz;
ALTER TABLE posts ADD CONSTRAINT posts_scheduled_has_time
  CHECK ((status <> 12 AND target_status <> 12) OR scheduled_at IS NOT NULL);
ALTER TABLE posts ADD CONSTRAINT posts_scheduled_targets_itself CHECK (status <> 12 OR target_status = 12);

-- Pending schedules of a creator, counted against SCHEDULED_POSTS_PER_CREATOR.
CREATE INDEX posts_pending_schedules ON posts (user_id) WHERE target_status = 12 AND deleted_at IS NULL;

-- Per-post settings. Embedding stays on as before; downloads are off unless the creator allows them.
-- The product has no comments: the setting is stored off and cannot be turned on until comments exist.
ALTER TABLE posts
  ADD COLUMN allow_embedding boolean NOT NULL DEFAULT true,
  ADD COLUMN allow_downloads boolean NOT NULL DEFAULT false,
  ADD COLUMN allow_comments boolean NOT NULL DEFAULT false CHECK (NOT allow_comments);

-- Turning embedding off withdraws the post from other sites: the response cache drops its stored oEmbed
-- and post answers at once (migration 0015's announcement).
CREATE TRIGGER posts_embedding_withdrawn AFTER UPDATE OF allow_embedding ON posts
  FOR EACH ROW WHEN (OLD.allow_embedding AND NOT NEW.allow_embedding AND NEW.status = 6)
  EXECUTE FUNCTION announce_content_withdrawn();
