-- Data exports (GDPR Art. 20, exports/README.md): a user's archive of their own data, built by a job into one
-- zip in storage, downloadable by its owner for 7 days.
CREATE TABLE data_exports (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state        text NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'building', 'ready', 'expired', 'failed')),
  -- The language the request was made in: the ready e-mail is written in it.
  locale       text NOT NULL,
  -- Set together when the archive is whole in storage; cleared when the expiry job deleted it.
  storage_key  text,
  size_bytes   bigint,
  error        text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  started_at   timestamptz,
  ready_at     timestamptz,
  expires_at   timestamptz,
  finished_at  timestamptz,
  CHECK ((state = 'ready') = (storage_key IS NOT NULL)),
  CHECK (state <> 'ready' OR (size_bytes IS NOT NULL AND ready_at IS NOT NULL AND expires_at IS NOT NULL))
);
-- One request waiting or building per account at a time: two requests at once cannot both pass.
CREATE UNIQUE INDEX data_exports_one_pending ON data_exports (user_id) WHERE state IN ('requested', 'building');
CREATE INDEX data_exports_by_user ON data_exports (user_id, id DESC);
CREATE INDEX data_exports_expiring ON data_exports (expires_at) WHERE state = 'ready';

-- An export row that goes while its archive is stored (the account deleted, the row cascading) leaves a job
-- to delete the file, so no archive outlives its owner. PL/pgSQL, so it can be created before graphile-worker
-- installs its schema (as in 0012).
CREATE FUNCTION data_export_row_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('exports:remove-archive', json_build_object('key', OLD.storage_key),
    max_attempts => 25, job_key => 'exports-remove-archive:' || OLD.storage_key);
  RETURN OLD;
END $$;
CREATE TRIGGER data_exports_deleted AFTER DELETE ON data_exports
  FOR EACH ROW WHEN (OLD.storage_key IS NOT NULL) EXECUTE FUNCTION data_export_row_deleted();

-- "Your data export is ready": one more notification type, without actors.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
  CHECK (type IN ('user-follow', 'post-like', 'post-created', 'scraper-done', 'moderation', 'data-export'));
