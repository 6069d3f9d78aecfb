-- Duplicate check signatures (media/simicheck/README.md) and URL imports (scraper/README.md).

CREATE EXTENSION IF NOT EXISTS cube;

-- One sixpack per checked video. `coarse` is the point (duration in seconds, mean luma of each frame) that a
-- GiST index answers box queries on, so a check reads only the few signatures near the new one.
CREATE TABLE media_signatures (
  media_id              bigint PRIMARY KEY REFERENCES media_files (id) ON DELETE CASCADE,
  owner_id              bigint REFERENCES users (id) ON DELETE CASCADE,
  sixpack               bytea NOT NULL,
  coarse                cube NOT NULL,
  duplicate_of_media_id bigint REFERENCES media_files (id) ON DELETE SET NULL,
  similarity            smallint CHECK (similarity BETWEEN 0 AND 256),
  checked_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_signatures_coarse ON media_signatures USING gist (coarse);
CREATE INDEX media_signatures_owner ON media_signatures (owner_id);

-- Imports of media from a URL. States: new -> started -> done | failed; new or started -> canceled.
CREATE TABLE scraper_jobs (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid         uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source_url  text NOT NULL CHECK (length(source_url) <= 2048),
  state       text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'started', 'done', 'failed', 'canceled')),
  media_url   text CHECK (length(media_url) <= 2048),   -- the media address found on the page, when it was one
  media_id    bigint REFERENCES media_files (id) ON DELETE SET NULL,
  bytes       bigint,
  error       text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX scraper_jobs_by_user ON scraper_jobs (user_id, created_at DESC, id DESC);
CREATE INDEX scraper_jobs_active ON scraper_jobs (user_id) WHERE state IN ('new', 'started');
ALTER TABLE notifications
  ADD CONSTRAINT notifications_scraper_job_fk FOREIGN KEY (scraper_job_id) REFERENCES scraper_jobs (id) ON DELETE CASCADE;
