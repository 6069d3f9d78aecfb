-- Takedowns (media/README.md "Takedowns"). Whatever withdraws media — its owner deleting a post, a
-- moderator or an operator's SQL setting a post removed (7) or blocked (9), an account's deletion (its
-- media rows cascade away) — enqueues, in the same transaction, the graphile-worker job that deletes the
-- media name's stored files and purges them from the CDN. Media that only stops being public (a post made
-- private, an account banned or leaving) is purged from the CDN and keeps its files. `/media/` refuses
-- both at once by reading the same rows (media/media-access.ts); the jobs finish the work.

-- One job per media name and task, keyed so a repeated withdrawal does not queue it twice; graphile-worker
-- retries a failure with exponential back-off, 25 attempts (about four days). PL/pgSQL, so the function
-- can be created before graphile-worker installs its schema.
CREATE FUNCTION enqueue_media_job(task text, media_name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job(task, json_build_object('name', media_name),
    max_attempts => 25, job_key => replace(task, ':', '-') || ':' || media_name);
END $$;

CREATE FUNCTION withdraw_post_media() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_withdrawn boolean := OLD.deleted_at IS NOT NULL OR OLD.status IN (7, 9);
  now_withdrawn boolean := NEW.deleted_at IS NOT NULL OR NEW.status IN (7, 9);
  task text;
  media_name text;
BEGIN
  IF now_withdrawn AND NOT was_withdrawn THEN
    task := 'media:remove-files';
  ELSIF OLD.status = 6 AND NEW.status <> 6 AND NOT now_withdrawn THEN
    task := 'media:purge-cdn';
  ELSE
    RETURN NULL;
  END IF;
  FOR media_name IN SELECT name FROM media_files WHERE post_id = NEW.id LOOP
    PERFORM enqueue_media_job(task, media_name);
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_media_withdrawn AFTER UPDATE OF status, deleted_at ON posts
  FOR EACH ROW EXECUTE FUNCTION withdraw_post_media();

CREATE FUNCTION remove_deleted_media_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_media_job('media:remove-files', OLD.name);
  RETURN NULL;
END $$;
CREATE TRIGGER media_files_deleted AFTER DELETE ON media_files
  FOR EACH ROW EXECUTE FUNCTION remove_deleted_media_files();

CREATE FUNCTION purge_hidden_account_media() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  media_name text;
BEGIN
  FOR media_name IN
    SELECT m.name FROM media_files m WHERE m.owner_id = NEW.id
    UNION SELECT m.name FROM posts p JOIN media_files m ON m.post_id = p.id WHERE p.user_id = NEW.id
  LOOP
    PERFORM enqueue_media_job('media:purge-cdn', media_name);
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER users_media_hidden AFTER UPDATE OF banned_at, delete_requested_at ON users
  FOR EACH ROW WHEN ((OLD.banned_at IS NULL AND NEW.banned_at IS NOT NULL)
    OR (OLD.delete_requested_at IS NULL AND NEW.delete_requested_at IS NOT NULL))
  EXECUTE FUNCTION purge_hidden_account_media();

-- Uploads streaming now (media/upload/upload-quota.ts): each holds a slot of UPLOADS_AT_ONCE and reserves the
-- bytes it may still receive out of the user's UPLOAD_BYTES_PER_DAY, so uploads at the same time cannot
-- together pass the quota. Deleted when the upload ends; a row a crashed process left is ignored after 6 hours.
CREATE TABLE uploads_in_progress (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  allowance_bytes bigint NOT NULL CHECK (allowance_bytes >= 0),
  started_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_in_progress_user ON uploads_in_progress (user_id, started_at);
