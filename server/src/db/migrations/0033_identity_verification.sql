-- Creator identity verification (compliance/verification/README.md). It replaces the e-mailed requests of
-- migration 0017, whose rows only said "someone asked"; the new flow collects the identity itself.
DROP TABLE verification_requests;

-- One attempt to verify an account, through an identity provider: the built-in manual review, or a
-- vendor. `started` is a vendor session opened but not yet answered; the identity arrives with its result.
-- Documents (ID front, optional back, selfie) are sealed objects under the private storage prefix
-- `sealed/identity/`; the row holds their keys, never their bytes.
CREATE TABLE identity_submissions (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider          text NOT NULL,
  state             text NOT NULL DEFAULT 'pending' CHECK (state IN ('started', 'pending', 'approved', 'rejected', 'refused')),
  vendor_reference  text,
  legal_name        text,
  date_of_birth     date,
  aliases           text[] NOT NULL DEFAULT '{}',
  -- HMAC of the normalised legal name and date of birth (identity-fingerprint.ts): recognises a person
  -- without keeping a second readable copy of who they are.
  fingerprint       bytea,
  -- [{ "kind": "document-front" | "document-back" | "selfie", "key": "sealed/identity/…", "width", "height", "bytes" }]
  documents         jsonb NOT NULL DEFAULT '[]',
  -- Why moderators should look twice: `banned_identity` for a refused submission matching a banned person.
  flag              text,
  reason            text,
  decided_by        bigint REFERENCES users (id) ON DELETE SET NULL,
  decided_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  -- A vendor's rejection may come without the identity; every other settled state carries it.
  CHECK (state IN ('started', 'rejected') OR (legal_name IS NOT NULL AND date_of_birth IS NOT NULL AND fingerprint IS NOT NULL)),
  CHECK ((state IN ('approved', 'rejected')) = (decided_at IS NOT NULL))
);
CREATE UNIQUE INDEX identity_submissions_one_open ON identity_submissions (user_id) WHERE state IN ('started', 'pending');
CREATE UNIQUE INDEX identity_submissions_vendor ON identity_submissions (provider, vendor_reference) WHERE vendor_reference IS NOT NULL;
CREATE INDEX identity_submissions_queue ON identity_submissions (created_at, id) WHERE state = 'pending';
CREATE INDEX identity_submissions_user ON identity_submissions (user_id, id DESC);

-- The verified person behind an account: what the 2257 records (legal name, date of birth, every other
-- name used, the ID copy) are built from. It outlives the account (user_id set null on deletion), since
-- records must be kept after the depiction is gone (28 CFR 75.4).
CREATE TABLE performer_identities (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        bigint UNIQUE REFERENCES users (id) ON DELETE SET NULL,
  submission_id  bigint REFERENCES identity_submissions (id) ON DELETE SET NULL,
  legal_name     text NOT NULL,
  date_of_birth  date NOT NULL,
  aliases        text[] NOT NULL DEFAULT '{}',
  documents      jsonb NOT NULL DEFAULT '[]',
  fingerprint    bytea NOT NULL,
  provider       text NOT NULL,
  reviewer_id    bigint REFERENCES users (id) ON DELETE SET NULL,
  verified_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX performer_identities_fingerprint ON performer_identities (fingerprint);
CREATE INDEX performer_identities_legal_name ON performer_identities (lower(legal_name));
CREATE INDEX performer_identities_aliases ON performer_identities USING gin (aliases);

-- People whose verified account was banned: a new account with the same fingerprint cannot verify. No
-- foreign key, so the mark outlives the banned account's deletion.
CREATE TABLE banned_identity_fingerprints (
  fingerprint  bytea NOT NULL,
  user_id      bigint NOT NULL,
  banned_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (fingerprint, user_id)
);

-- Whatever bans or lifts a ban (a moderator's action, a command, a future path), the marks follow users.banned_at.
CREATE FUNCTION identity_fingerprints_follow_ban() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.banned_at IS NOT NULL AND OLD.banned_at IS NULL THEN
    INSERT INTO banned_identity_fingerprints (fingerprint, user_id)
      SELECT fingerprint, user_id FROM performer_identities WHERE user_id = NEW.id
      ON CONFLICT DO NOTHING;
  ELSIF NEW.banned_at IS NULL AND OLD.banned_at IS NOT NULL THEN
    DELETE FROM banned_identity_fingerprints WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER users_ban_marks_identity AFTER UPDATE OF banned_at ON users
  FOR EACH ROW EXECUTE FUNCTION identity_fingerprints_follow_ban();

-- An identity approved for an account that is banned already is marked at once.
CREATE FUNCTION identity_of_banned_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO banned_identity_fingerprints (fingerprint, user_id)
    SELECT NEW.fingerprint, NEW.user_id FROM users WHERE id = NEW.user_id AND banned_at IS NOT NULL
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER performer_identity_of_banned AFTER INSERT ON performer_identities
  FOR EACH ROW EXECUTE FUNCTION identity_of_banned_account();

-- Every time a reviewer opens a sealed document: who, which, when. Append-only like the audit log.
CREATE TABLE identity_document_views (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  submission_id     bigint NOT NULL,
  document          text NOT NULL,
  viewer_id         bigint REFERENCES users (id) ON DELETE SET NULL,
  viewer_username   text NOT NULL,
  ip                text NOT NULL DEFAULT '',
  viewed_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_document_views_submission ON identity_document_views (submission_id, id DESC);
CREATE FUNCTION identity_document_views_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'identity_document_views is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER identity_document_views_no_update BEFORE UPDATE OR DELETE ON identity_document_views
  FOR EACH ROW EXECUTE FUNCTION identity_document_views_append_only();
CREATE TRIGGER identity_document_views_no_truncate BEFORE TRUNCATE ON identity_document_views
  FOR EACH STATEMENT EXECUTE FUNCTION identity_document_views_append_only();
