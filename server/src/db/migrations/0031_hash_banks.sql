-- Perceptual-hash banks (compliance/hash-banks/README.md): PDQ hashes of every uploaded picture and video
-- frame, banks of hashes of content that must not circulate (the internal bank, filled when moderators
-- remove a post, and imported lists), matches that quarantine an upload into a restricted case.

-- The 16 slots of a PDQ hash (4 hex digits each) as `slot * 65536 + value`: the keys of the multi-index
-- hashing lookup. Two hashes within 31 bits agree on at least one slot to within 1 bit (pigeonhole over
-- 16 slots), so the candidates are the entries sharing one of the query's 16 x 17 keys.
CREATE FUNCTION pdq_slot_keys(hash text) RETURNS integer[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ARRAY[
    0 + ('x' || substr(hash, 1, 4))::bit(16)::integer,
    65536 + ('x' || substr(hash, 5, 4))::bit(16)::integer,
    131072 + ('x' || substr(hash, 9, 4))::bit(16)::integer,
    196608 + ('x' || substr(hash, 13, 4))::bit(16)::integer,
    262144 + ('x' || substr(hash, 17, 4))::bit(16)::integer,
    327680 + ('x' || substr(hash, 21, 4))::bit(16)::integer,
    393216 + ('x' || substr(hash, 25, 4))::bit(16)::integer,
    458752 + ('x' || substr(hash, 29, 4))::bit(16)::integer,
    524288 + ('x' || substr(hash, 33, 4))::bit(16)::integer,
    589824 + ('x' || substr(hash, 37, 4))::bit(16)::integer,
    655360 + ('x' || substr(hash, 41, 4))::bit(16)::integer,
    720896 + ('x' || substr(hash, 45, 4))::bit(16)::integer,
    786432 + ('x' || substr(hash, 49, 4))::bit(16)::integer,
    851968 + ('x' || substr(hash, 53, 4))::bit(16)::integer,
    917504 + ('x' || substr(hash, 57, 4))::bit(16)::integer,
    983040 + ('x' || substr(hash, 61, 4))::bit(16)::integer]
$$;

CREATE TABLE hash_banks (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 80),
  source      text NOT NULL CHECK (source IN ('internal', 'imported')),
  -- The case category a match of this bank opens (an entry's own category wins).
  category    text NOT NULL CHECK (category IN ('illegal', 'non_consensual', 'underage', 'copyright', 'spam', 'other')),
  created_by  bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX hash_banks_one_internal ON hash_banks (source) WHERE source = 'internal';
INSERT INTO hash_banks (name, source, category) VALUES ('internal', 'internal', 'illegal');

CREATE TABLE hash_bank_entries (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bank_id         bigint NOT NULL REFERENCES hash_banks (id) ON DELETE CASCADE,
  hash            text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  quality         smallint CHECK (quality BETWEEN 0 AND 100),
  category        text CHECK (category IN ('illegal', 'non_consensual', 'underage', 'copyright', 'spam', 'other')),
  reason          text NOT NULL DEFAULT '',
  added_by        bigint REFERENCES users (id) ON DELETE SET NULL,
  -- Where an internal entry came from; plain ids, the post and case may go while the hash stays.
  source_post_id  bigint,
  source_case_id  bigint,
  created_at      timestamptz NOT NULL DEFAULT now(),
  slot_keys       integer[] NOT NULL GENERATED ALWAYS AS (pdq_slot_keys(hash)) STORED,
  UNIQUE (bank_id, hash)
);
-- No pending list: every lookup reads the index itself instead of scanning entries not merged yet.
CREATE INDEX hash_bank_entries_slots ON hash_bank_entries USING gin (slot_keys) WITH (fastupdate = off);

-- PDQ of each media file, computed by the media pipeline before publication: frame 0 of a picture; a
-- video's sampled frames in order.
CREATE TABLE media_pdq_hashes (
  media_id     bigint NOT NULL REFERENCES media_files (id) ON DELETE CASCADE,
  frame        smallint NOT NULL CHECK (frame >= 0),
  seconds      real NOT NULL DEFAULT 0,
  hash         text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  quality      smallint NOT NULL CHECK (quality BETWEEN 0 AND 100),
  PRIMARY KEY (media_id, frame)
);

-- An upload whose hash matched a bank entry, and the restricted case it opened.
CREATE TABLE hash_matches (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id     bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  media_id    bigint NOT NULL REFERENCES media_files (id) ON DELETE CASCADE,
  entry_id    bigint NOT NULL REFERENCES hash_bank_entries (id) ON DELETE CASCADE,
  bank_id     bigint NOT NULL REFERENCES hash_banks (id) ON DELETE CASCADE,
  distance    smallint NOT NULL,
  case_id     bigint REFERENCES moderation_cases (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (post_id, entry_id)
);
CREATE INDEX hash_matches_recent ON hash_matches (created_at DESC, id DESC);

-- The internal bank learns every post a moderator removes or blocks, in the action's own transaction:
-- the hashes were stored at processing time, so the files being deleted next does not matter. Hashes of
-- flat pictures (quality < 50) are left out; PDQ's authors advise against matching them.
CREATE FUNCTION bank_removed_post_hashes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO hash_bank_entries (bank_id, hash, quality, category, reason, added_by, source_post_id, source_case_id)
  SELECT b.id, h.hash, h.quality, NEW.category, NEW.kind || ': ' || NEW.rule, NEW.moderator_id, NEW.post_id, NEW.case_id
  FROM media_pdq_hashes h
  JOIN media_files m ON m.id = h.media_id
  CROSS JOIN (SELECT id FROM hash_banks WHERE source = 'internal') b
  WHERE m.post_id = NEW.post_id AND h.quality >= 50
  ON CONFLICT (bank_id, hash) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER enforcement_actions_bank_hashes AFTER INSERT ON enforcement_actions
  FOR EACH ROW WHEN (NEW.kind IN ('post-remove', 'post-block') AND NEW.post_id IS NOT NULL)
  EXECUTE FUNCTION bank_removed_post_hashes();

-- A matched upload waits in review (10) whatever its owner chose (published or private), never published.
ALTER TABLE posts DROP CONSTRAINT posts_review_reason_check;
ALTER TABLE posts ADD CONSTRAINT posts_review_reason_check
  CHECK (review_reason IN ('prepublication', 'watched-word', 'hidden', 'hash-match'));
CREATE FUNCTION quarantine_hash_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status := 10;
  NEW.published_at := OLD.published_at;
  RETURN NEW;
END $$;
CREATE TRIGGER posts_quarantined_by_hash BEFORE UPDATE OF status ON posts
  FOR EACH ROW WHEN (NEW.status IN (6, 8) AND NEW.review_reason = 'hash-match' AND OLD.status NOT IN (6, 8, 10))
  EXECUTE FUNCTION quarantine_hash_match();

-- Restricted cases (hash matches): listed and opened only by admins.
ALTER TABLE moderation_cases ADD COLUMN restricted boolean NOT NULL DEFAULT false;
