-- Confirmed child sexual abuse material (compliance/csam/README.md): what was preserved, sealed, for how
-- long (18 U.S.C. 2258A(h): one year), who looked at it, and the CyberTipline report made about it.
-- Case, post and account ids are plain numbers: the account may be deleted while the evidence must stay.

CREATE TABLE csam_evidence (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id           bigint NOT NULL UNIQUE,
  post_id           bigint,
  user_id           bigint,
  confirmed_by      bigint NOT NULL,
  note              text NOT NULL CHECK (length(note) BETWEEN 1 AND 4000),
  -- The sealed JSON of the account, post, media, hashes and case history (compliance/sealed).
  manifest_key      text NOT NULL CHECK (manifest_key LIKE 'sealed/%'),
  preserved_at      timestamptz NOT NULL DEFAULT now(),
  retain_until      timestamptz NOT NULL,
  legal_hold        boolean NOT NULL DEFAULT false,
  legal_hold_reason text NOT NULL DEFAULT ''
);
CREATE INDEX csam_evidence_due ON csam_evidence (retain_until) WHERE NOT legal_hold;

-- Each preserved file: the sealed copy of the upload's original bytes, with the digests of the plain bytes.
CREATE TABLE csam_evidence_files (
  evidence_id   bigint NOT NULL REFERENCES csam_evidence (id) ON DELETE CASCADE,
  position      smallint NOT NULL CHECK (position >= 0),
  media_id      bigint,
  media_name    text NOT NULL,
  sealed_key    text NOT NULL CHECK (sealed_key LIKE 'sealed/%'),
  file_name     text NOT NULL,
  content_type  text NOT NULL,
  bytes         bigint NOT NULL CHECK (bytes >= 0),
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  md5           text NOT NULL CHECK (md5 ~ '^[0-9a-f]{32}$'),
  PRIMARY KEY (evidence_id, position)
);

-- Every look at restricted material: a revealed still before the decision, the sealed evidence opened or
-- downloaded, a report file read. Append-only like audit_log; outlives the evidence it names.
CREATE TABLE csam_access_log (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id         bigint NOT NULL,
  evidence_id     bigint,
  actor_id        bigint NOT NULL,
  actor_username  text NOT NULL,
  action          text NOT NULL CHECK (action IN ('media.reveal', 'evidence.view', 'evidence.download')),
  detail          jsonb NOT NULL DEFAULT '{}',
  ip              text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX csam_access_log_by_case ON csam_access_log (case_id, id);

CREATE FUNCTION csam_access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'csam_access_log is append-only';
END $$;
CREATE TRIGGER csam_access_log_no_update BEFORE UPDATE OR DELETE ON csam_access_log
  FOR EACH ROW EXECUTE FUNCTION csam_access_log_append_only();
CREATE TRIGGER csam_access_log_no_truncate BEFORE TRUNCATE ON csam_access_log
  FOR EACH STATEMENT EXECUTE FUNCTION csam_access_log_append_only();

-- A CyberTipline report made through a reporter (file: written for manual submission, `pending` until an
-- admin records NCMEC's report id).
CREATE TABLE cybertipline_reports (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id          bigint NOT NULL UNIQUE,
  evidence_id      bigint REFERENCES csam_evidence (id) ON DELETE SET NULL,
  reporter         text NOT NULL,
  reference        text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'submitted')),
  ncmec_report_id  text CHECK (ncmec_report_id ~ '^[0-9]{1,20}$'),
  created_at       timestamptz NOT NULL DEFAULT now(),
  submitted_at     timestamptz,
  submitted_by     bigint,
  CHECK ((status = 'submitted') = (ncmec_report_id IS NOT NULL))
);
CREATE INDEX cybertipline_reports_pending ON cybertipline_reports (created_at) WHERE status = 'pending';
