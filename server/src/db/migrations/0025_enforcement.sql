-- Enforcement (enforcement/README.md): actions on posts and accounts with their statement of reasons,
-- appeals, DMCA counter-notices, repeat-infringer strikes, pre-publication review and watched words.

-- Account restrictions. A suspension ends by itself: every session check compares suspended_until with
-- the clock (accounts/session.service.ts accountBlock), so nothing has to run to lift it.
ALTER TABLE users
  ADD COLUMN suspended_until timestamptz,
  ADD COLUMN uploads_limited_at timestamptz;

-- A post a moderator approved (pre-publication review) is never sent back to review by its owner's
-- private/published switches.
ALTER TABLE posts ADD COLUMN reviewed_at timestamptz;

-- Every action on a post or an account. The row is the statement of reasons the user is sent (DSA art. 17):
-- what (kind), why (category and rule, public_reason), whether automated, until when it may be appealed.
CREATE TABLE enforcement_actions (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind              text NOT NULL CHECK (kind IN ('post-hide', 'post-remove', 'post-block', 'post-restore',
                      'account-warn', 'account-limit-uploads', 'account-suspend', 'account-ban', 'account-restore')),
  user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id           bigint REFERENCES posts (id) ON DELETE SET NULL,
  case_id           bigint,
  moderator_id      bigint REFERENCES users (id) ON DELETE SET NULL,
  automated         boolean NOT NULL DEFAULT false,
  category          text NOT NULL CHECK (category IN ('illegal', 'non_consensual', 'underage', 'copyright', 'spam', 'other')),
  rule              text NOT NULL,
  public_reason     text NOT NULL DEFAULT '',
  ends_at           timestamptz,
  appealable_until  timestamptz,
  -- A ban or suspension locks its addressee out: the e-mail's appeal link carries a token instead (SHA-256 here).
  appeal_token_hash bytea,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (automated OR moderator_id IS NOT NULL OR kind IN ('post-restore', 'account-restore'))
);
CREATE INDEX enforcement_actions_user ON enforcement_actions (user_id, created_at DESC);
CREATE INDEX enforcement_actions_post ON enforcement_actions (post_id, created_at DESC) WHERE post_id IS NOT NULL;

-- The statement of reasons reaches the user as a `moderation` notification (migration 0020) pointing at the action.
ALTER TABLE notifications ADD COLUMN enforcement_action_id bigint REFERENCES enforcement_actions (id) ON DELETE CASCADE;

-- One appeal per action, by the affected user; decided by a moderator other than the one who acted.
CREATE TABLE enforcement_appeals (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  action_id    bigint NOT NULL UNIQUE REFERENCES enforcement_actions (id) ON DELETE CASCADE,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  statement    text NOT NULL,
  case_id      bigint,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'upheld', 'reversed')),
  decided_by   bigint REFERENCES users (id) ON DELETE SET NULL,
  decided_at   timestamptz,
  decision     text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enforcement_appeals_open ON enforcement_appeals (created_at) WHERE status = 'open';

-- DMCA §512(g) counter-notices. The post comes back at restore_at (10 business days) unless the
-- complainant reports a lawsuit first; the job enforcement:restore-counter-noticed runs at that time.
CREATE TABLE counter_notices (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  action_id             bigint NOT NULL UNIQUE REFERENCES enforcement_actions (id) ON DELETE CASCADE,
  post_id               bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  user_id               bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  full_name             text NOT NULL,
  address               text NOT NULL,
  phone                 text NOT NULL,
  email                 text NOT NULL,
  material              text NOT NULL,
  perjury_statement     boolean NOT NULL CHECK (perjury_statement),
  jurisdiction_consent  boolean NOT NULL CHECK (jurisdiction_consent),
  signature             text NOT NULL,
  submitted_at          timestamptz NOT NULL DEFAULT now(),
  restore_at            timestamptz NOT NULL,
  lawsuit_reported_at   timestamptz,
  lawsuit_reported_by   bigint REFERENCES users (id) ON DELETE SET NULL,
  restored_at           timestamptz
);

-- Repeat-infringer strikes: one per copyright action, counted per account and never reset. Not even the
-- app may change or delete one; an account's deletion removes its strikes with it.
CREATE TABLE copyright_strikes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action_id   bigint NOT NULL UNIQUE REFERENCES enforcement_actions (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX copyright_strikes_user ON copyright_strikes (user_id);
CREATE FUNCTION refuse_strike_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'copyright strikes are never changed or reset';
END $$;
CREATE TRIGGER copyright_strikes_append_only BEFORE UPDATE OR DELETE ON copyright_strikes
  FOR EACH ROW EXECUTE FUNCTION refuse_strike_change();

-- Pre-publication review. A post that would be published (6) for the first time by an owner with fewer
-- than posts_required published posts waits in review (10) instead; whatever code publishes it (the media
-- pipeline's finishProcessing, the owner's switch from private), the rule holds. The number is the
-- setting PREPUBLICATION_REVIEW_POSTS, written here by the app at start-up; 0 turns review off.
CREATE TABLE prepublication_review (
  singleton       boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  posts_required  integer NOT NULL CHECK (posts_required >= 0)
);
INSERT INTO prepublication_review (posts_required) VALUES (0);

CREATE FUNCTION hold_post_for_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.reviewed_at IS NULL AND (NEW.review_reason IS NOT NULL OR
      (SELECT u.posts_count FROM users u WHERE u.id = NEW.user_id) < (SELECT posts_required FROM prepublication_review)) THEN
    NEW.status := 10;
    NEW.published_at := OLD.published_at;
    NEW.review_reason := coalesce(NEW.review_reason, 'prepublication');
  END IF;
  RETURN NEW;
END $$;
ALTER TABLE posts ADD COLUMN review_reason text
  CHECK (review_reason IN ('prepublication', 'watched-word', 'hidden'));
CREATE TRIGGER posts_held_for_review BEFORE UPDATE OF status ON posts
  FOR EACH ROW WHEN (NEW.status = 6 AND OLD.status NOT IN (6, 10))
  EXECUTE FUNCTION hold_post_for_review();
CREATE INDEX posts_in_review ON posts (updated_at, id) WHERE status = 10 AND deleted_at IS NULL;

-- Watched words added by admins (the shipped defaults are search/restricted-terms.json and always apply).
CREATE TABLE watched_words (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  term        text NOT NULL UNIQUE CHECK (length(term) BETWEEN 1 AND 100),
  scopes      text[] NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['title', 'tag', 'bio', 'search']),
  action      text NOT NULL CHECK (action IN ('block', 'review')),
  created_by  bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
