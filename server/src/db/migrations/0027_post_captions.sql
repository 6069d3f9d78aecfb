-- Captions of video posts (captions/README.md): one WebVTT file per post and language, uploaded by the
-- owner as WebVTT or SRT, validated and re-serialised. The file lives in the video's media folder
-- (media/{name}/captions/{file_name}), so the media access rules and takedowns (migration 0012) cover it.
CREATE TABLE post_captions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id     bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  media_id    bigint NOT NULL REFERENCES media_files (id) ON DELETE CASCADE,
  -- One of the 22 interface languages (settings/languages.ts), lower case: en, pt, zh, ...
  language    text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  -- The language's own name, shown in players (English, Deutsch, العربية).
  label       text NOT NULL CHECK (length(label) BETWEEN 1 AND 64),
  -- Name of the stored WebVTT inside the media folder's captions/ folder, new on every replacement.
  file_name   text NOT NULL CHECK (file_name ~ '^[a-z]{2}\.[A-Za-z0-9_-]{8,32}\.vtt$'),
  -- The cues' plain text (markup removed, one cue a line): what search indexes and exports carry.
  cue_text    text NOT NULL,
  cue_count   integer NOT NULL CHECK (cue_count > 0),
  size_bytes  integer NOT NULL CHECK (size_bytes > 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (post_id, language)
);
CREATE INDEX post_captions_media ON post_captions (media_id);
