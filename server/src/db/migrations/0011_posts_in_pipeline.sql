-- Posts between queued and done (queued 4, checking 5, processing 2), for the sweep that fails those whose
-- media:process job can no longer run (media:fail-abandoned-posts, processing.repository.ts abandonedPosts).
CREATE INDEX posts_in_pipeline ON posts (updated_at) WHERE status IN (2, 4, 5) AND deleted_at IS NULL;
