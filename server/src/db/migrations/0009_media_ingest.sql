-- Media ingest (media/README.md "Ingest"): upload tokens, the journal of originals stored ahead of their
-- post, worker heartbeats for /media-api/mcp-alive, and the post each URL import became.

-- GET/PUT/DELETE /api/media/uptoken. Only the SHA-256 of a token is stored, like refresh tokens.
CREATE TABLE upload_tokens (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  bytea NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX upload_tokens_live ON upload_tokens (user_id, created_at DESC) WHERE revoked_at IS NULL;

-- Originals written to storage before the transaction that creates their post. That transaction deletes
-- their rows, so a row older than any upload names an object a crash left behind: the job
-- media:purge-orphan-originals deletes the object and the row.
CREATE TABLE pending_originals (
  storage_key text PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_originals_age ON pending_originals (created_at);

-- Posts an upload committed but never scheduled (the process died in between) are found by
-- media:schedule-stalled-posts; only a handful are ever in status created (1) at once.
CREATE INDEX posts_unscheduled ON posts (created_at) WHERE status = 1 AND deleted_at IS NULL;

-- Each running graphile-worker process beats here every few seconds (jobs/worker-heartbeat.ts).
CREATE TABLE worker_heartbeats (
  worker_id text PRIMARY KEY,
  seen_at   timestamptz NOT NULL DEFAULT now()
);

-- The post a URL import created; set in the transaction that creates the post, so a retried import finds it.
ALTER TABLE scraper_jobs ADD COLUMN post_id bigint REFERENCES posts (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX scraper_jobs_post ON scraper_jobs (post_id) WHERE post_id IS NOT NULL;
