-- Cover frames chosen in the studio (media/cover/README.md). One row per request of a video's owner: a
-- moment of the video (time_ms) or an uploaded picture (image_key, never served). The job `media:cover`
-- renders the poster, listing, thumbnail and thumber stills into the request's own folder
-- media/{name}/{folder}/, then points media_files.variants at them in one transaction (state applied),
-- then retires the previous cover's files (state done). Until applied, the old cover is untouched.
CREATE TABLE media_covers (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  media_id      bigint NOT NULL REFERENCES media_files (id) ON DELETE CASCADE,
  source        text NOT NULL CHECK (source IN ('frame', 'image')),
  time_ms       integer CHECK (time_ms >= 0),
  image_key     text,
  folder        text NOT NULL CHECK (folder ~ '^cover-[A-Za-z0-9_-]{1,32}$'),
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'applied', 'done', 'failed', 'superseded')),
  error         text,
  -- Storage keys the applied cover took the place of: purged from the CDN and deleted when it is done.
  replaced_keys jsonb NOT NULL DEFAULT '[]',
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((source = 'frame') = (time_ms IS NOT NULL)),
  CHECK ((source = 'image') = (image_key IS NOT NULL))
);

CREATE INDEX media_covers_media ON media_covers (media_id, id DESC);

-- Lists and cards the response cache keeps (http/response-cache.ts) name the old cover's files, which the
-- job deletes: every node drops its stored answers when a new cover takes their place.
CREATE TRIGGER media_covers_applied AFTER UPDATE OF state ON media_covers
  FOR EACH ROW WHEN (NEW.state = 'applied' AND OLD.state <> 'applied')
  EXECUTE FUNCTION announce_content_withdrawn();
