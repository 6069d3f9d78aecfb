-- Trust and safety (moderation/README.md): staff roles, one case model for every report, complaint,
-- takedown notice, appeal and automated hit, the cases' event logs and messages, runtime settings, and
-- an append-only audit log.

-- Roles are granted, never implied by an account type. `trusted_flagger` makes a user's reports hide the
-- subject at once pending review.
CREATE TABLE staff_roles (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role       text NOT NULL CHECK (role IN ('moderator', 'admin', 'trusted_flagger')),
  granted_by bigint REFERENCES users (id) ON DELETE SET NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, role)
);

CREATE TABLE moderation_cases (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind             text NOT NULL CHECK (kind IN
                     ('report', 'complaint', 'dmca_notice', 'takedown_request', 'counter_notice', 'appeal', 'automated')),
  category         text NOT NULL CHECK (category IN ('illegal', 'non_consensual', 'underage', 'copyright', 'spam', 'other')),
  subject_post_id  bigint REFERENCES posts (id) ON DELETE SET NULL,
  subject_user_id  bigint REFERENCES users (id) ON DELETE SET NULL,
  -- The first reporter; later reports on the same subject and category join the case (case_reports).
  reporter_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  reporter_email   text,
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'assigned', 'escalated', 'actioned', 'dismissed')),
  assignee_id      bigint REFERENCES users (id) ON DELETE SET NULL,
  deadline_at      timestamptz NOT NULL,
  -- The case this one answers: an appeal's or counter-notice's original case.
  related_case_id  bigint REFERENCES moderation_cases (id) ON DELETE SET NULL,
  -- Who acted on the related case, so an appeal goes to someone else.
  excluded_assignee_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- `post:<id>|user:<id>|<category>` for reports and complaints; null for kinds never merged (appeals...).
  dedupe_key       text,
  reports_count    integer NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  closed_at        timestamptz,
  CHECK (subject_post_id IS NOT NULL OR subject_user_id IS NOT NULL OR kind IN ('appeal', 'counter_notice'))
);
CREATE UNIQUE INDEX moderation_cases_open_subject ON moderation_cases (dedupe_key)
  WHERE dedupe_key IS NOT NULL AND status IN ('open', 'assigned', 'escalated');
CREATE INDEX moderation_cases_queue ON moderation_cases (deadline_at, id) WHERE status IN ('open', 'assigned', 'escalated');
CREATE INDEX moderation_cases_assignee ON moderation_cases (assignee_id, deadline_at, id) WHERE status IN ('assigned', 'escalated');
CREATE INDEX moderation_cases_post ON moderation_cases (subject_post_id, created_at DESC) WHERE subject_post_id IS NOT NULL;
CREATE INDEX moderation_cases_user ON moderation_cases (subject_user_id, created_at DESC) WHERE subject_user_id IS NOT NULL;
CREATE INDEX moderation_cases_created ON moderation_cases (created_at);

-- Every report or complaint that made or joined a case, with what its sender wrote (the legal elements of
-- a DMCA notice or TAKE IT DOWN request are in `details`).
CREATE TABLE case_reports (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id          bigint NOT NULL REFERENCES moderation_cases (id) ON DELETE CASCADE,
  reporter_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  reporter_email   text,
  text             text NOT NULL DEFAULT '',
  details          jsonb NOT NULL DEFAULT '{}',
  ip               text NOT NULL DEFAULT '',
  -- The language to write to this reporter in.
  locale           text NOT NULL DEFAULT 'en',
  -- The hash of the follow-up token (derived from the id, moderation-notices.ts) with which this reporter
  -- reads and answers the case without logging in; set right after the insert.
  follow_up_hash   text UNIQUE,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_reports_case ON case_reports (case_id, id);
-- The per-client allowance counts a client's reports of the last hour.
CREATE INDEX case_reports_by_user ON case_reports (reporter_user_id, created_at) WHERE reporter_user_id IS NOT NULL;
CREATE INDEX case_reports_by_address ON case_reports (ip, created_at);

-- The case's own history: who did what, when, the reason the people concerned see and the note they do not.
CREATE TABLE case_events (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id        bigint NOT NULL REFERENCES moderation_cases (id) ON DELETE CASCADE,
  actor_id       bigint REFERENCES users (id) ON DELETE SET NULL,
  action         text NOT NULL,
  public_reason  text NOT NULL DEFAULT '',
  private_note   text NOT NULL DEFAULT '',
  data           jsonb NOT NULL DEFAULT '{}',
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_events_case ON case_events (case_id, id);
CREATE INDEX case_events_actions ON case_events (action, created_at);

-- Messages between the reporter and the moderators (the reporter hears by e-mail and notification).
CREATE TABLE case_messages (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id    bigint NOT NULL REFERENCES moderation_cases (id) ON DELETE CASCADE,
  author     text NOT NULL CHECK (author IN ('moderator', 'reporter')),
  author_id  bigint REFERENCES users (id) ON DELETE SET NULL,
  body       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_messages_case ON case_messages (case_id, id);

-- Settings admins change at run time (deadlines...); defaults live in moderation/moderation-settings.ts.
CREATE TABLE moderation_settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Append-only. No foreign keys: a deleted account must not need an UPDATE here (ON DELETE SET NULL would).
CREATE TABLE audit_log (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id       bigint,
  actor_username text NOT NULL DEFAULT '',
  action         text NOT NULL,
  subject_type   text NOT NULL DEFAULT '',
  subject_id     text NOT NULL DEFAULT '',
  case_id        bigint,
  details        jsonb NOT NULL DEFAULT '{}',
  ip             text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX audit_log_recent ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_id, created_at DESC);
CREATE INDEX audit_log_subject ON audit_log (subject_type, subject_id, created_at DESC);
CREATE INDEX audit_log_action ON audit_log (action, created_at DESC);

-- The app connects as the database owner (a superuser on the embedded server), which no REVOKE binds, so
-- the refusal is a trigger: it fires for every role.
CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
-- Where the app does run under a role of its own (DATABASE_URL with a non-owner), grants say it too.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM PUBLIC;

-- Moderation notices to users (a moderator's message about a report, a case closed; enforcement adds
-- statements of reasons): one more notification type, pointing at its case.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
  CHECK (type IN ('user-follow', 'post-like', 'post-created', 'scraper-done', 'moderation'));
ALTER TABLE notifications ADD COLUMN case_id bigint REFERENCES moderation_cases (id) ON DELETE CASCADE;
ALTER TABLE notifications ADD COLUMN notice text;

