-- Performer manifests and consent per post (compliance/performers/README.md), and what the 2257 records
-- (compliance/records/README.md) are built from: who appears in each post, their verified identity, and
-- every consent they gave or took back.

-- The day the content was produced, declared by the creator with the manifest (28 CFR 75.2: date of production).
ALTER TABLE posts ADD COLUMN produced_on date;

-- Everyone who appears in a post. `self` is the creator; `account` a verified account tagged by username;
-- `guest` a person without an account, reached by a release link (token hash, never the token) sent to
-- the address the creator gave. `identity_id` is the verified person (performer_identities), set once
-- known; a performer is cleared when `state` is consented and `identity_id` is set.
CREATE TABLE post_performers (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id            bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  kind               text NOT NULL CHECK (kind IN ('self', 'account', 'guest')),
  user_id            bigint REFERENCES users (id) ON DELETE SET NULL,
  identity_id        bigint REFERENCES performer_identities (id) ON DELETE SET NULL,
  guest_name         text,
  guest_email        text,
  release_token_hash bytea UNIQUE,
  release_expires_at timestamptz,
  state              text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'consented', 'declined', 'withdrawn')),
  -- The consent scopes in force: any of depicted, distribution, downloads.
  scopes             text[] NOT NULL DEFAULT '{}' CHECK (scopes <@ ARRAY['depicted', 'distribution', 'downloads']),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'guest' OR user_id IS NOT NULL OR state <> 'pending'),
  CHECK (kind <> 'guest' OR (guest_name IS NOT NULL AND guest_email IS NOT NULL))
);
CREATE INDEX post_performers_post ON post_performers (post_id);
CREATE UNIQUE INDEX post_performers_one_account ON post_performers (post_id, user_id) WHERE kind IN ('self', 'account');
CREATE INDEX post_performers_user_pending ON post_performers (user_id, id DESC) WHERE state = 'pending';
CREATE INDEX post_performers_identity ON post_performers (identity_id) WHERE identity_id IS NOT NULL;

-- Every consent given, refused or taken back, with its time, address, browser and the SHA-256 of each of
-- the post's media files at that moment. Append-only: the record of consent is evidence.
CREATE TABLE performer_consent_events (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  performer_id  bigint NOT NULL REFERENCES post_performers (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('consent', 'decline', 'withdrawal')),
  scopes        text[] NOT NULL DEFAULT '{}' CHECK (scopes <@ ARRAY['depicted', 'distribution', 'downloads']),
  -- The name typed as signature (a guest's e-signed release) or the confirming account's username.
  signature     text NOT NULL,
  media_sha256  text[] NOT NULL DEFAULT '{}',
  ip            text NOT NULL DEFAULT '',
  user_agent    text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX performer_consent_events_performer ON performer_consent_events (performer_id, id);
CREATE FUNCTION performer_consent_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM post_performers WHERE id = OLD.performer_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'performer_consent_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER performer_consent_events_no_change BEFORE UPDATE OR DELETE ON performer_consent_events
  FOR EACH ROW EXECUTE FUNCTION performer_consent_events_append_only();

-- A guest's identity is submitted through the release link, without an account.
ALTER TABLE identity_submissions ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE identity_submissions ADD COLUMN guest_performer_id bigint REFERENCES post_performers (id) ON DELETE SET NULL;
ALTER TABLE identity_submissions ADD CONSTRAINT identity_submissions_someone
  CHECK (user_id IS NOT NULL OR guest_performer_id IS NOT NULL OR state NOT IN ('started', 'pending'));

-- Awaiting performers (13): a post that would be published while one of its performers is not cleared
-- waits, visible to its owner only, whatever code publishes it. Fires before the review triggers
-- (triggers run in name order), so a held post never reaches pre-publication review first.
CREATE FUNCTION hold_post_for_performers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM post_performers pp WHERE pp.post_id = NEW.id
             AND (pp.state <> 'consented' OR pp.identity_id IS NULL)) THEN
    NEW.status := 13;
    NEW.published_at := OLD.published_at;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER posts_awaiting_performers BEFORE UPDATE OF status ON posts
  FOR EACH ROW WHEN (NEW.status = 6 AND OLD.status <> 6)
  EXECUTE FUNCTION hold_post_for_performers();
CREATE INDEX posts_awaiting_performers ON posts (user_id, id) WHERE status = 13 AND deleted_at IS NULL;

-- `performer` notifications (compliance/performers/README.md): a tagged account's request to confirm, and
-- what the creator hears (a decline, a withdrawal, a guest's refused release, the post released).
ALTER TABLE notifications ADD COLUMN performer_id bigint REFERENCES post_performers (id) ON DELETE CASCADE;
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
  CHECK (type IN ('user-follow', 'post-like', 'post-created', 'scraper-done', 'moderation', 'data-export', 'performer'));
CREATE INDEX notifications_performer ON notifications (performer_id) WHERE performer_id IS NOT NULL;

-- One open guest release per performer, as one open verification per account.
CREATE UNIQUE INDEX identity_submissions_one_open_guest ON identity_submissions (guest_performer_id)
  WHERE state IN ('started', 'pending');

-- The SHA-256 of each media file's original, in hex: computed when it is uploaded, or the first time a
-- consent needs it for files stored before this column existed.
ALTER TABLE media_files ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$');
