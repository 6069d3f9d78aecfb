-- 2257 records (compliance/records/README.md): the custodian of records' exports, and the access log
-- widened so a document put into an export archive is logged like a document opened in the console.

-- One export: a sealed zip (records.csv + the decrypted ID documents) built by job `records:build-export`,
-- downloadable by the custodian until `expires_at`, then deleted by `records:expire-exports`.
CREATE TABLE records_exports (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  requested_by          bigint REFERENCES users (id) ON DELETE SET NULL,
  requested_by_username text NOT NULL,
  state                 text NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'building', 'ready', 'expired', 'failed')),
  storage_key           text,
  size_bytes            bigint,
  rows_count            integer,
  documents_count       integer,
  error                 text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  started_at            timestamptz,
  ready_at              timestamptz,
  expires_at            timestamptz,
  CHECK ((state = 'ready') = (storage_key IS NOT NULL)),
  CHECK (state <> 'ready' OR (size_bytes IS NOT NULL AND ready_at IS NOT NULL AND expires_at IS NOT NULL))
);
-- One export waiting or building at a time, site-wide: each one decrypts every ID document on record.
CREATE UNIQUE INDEX records_exports_one_pending ON records_exports ((true)) WHERE state IN ('requested', 'building');
CREATE INDEX records_exports_expiring ON records_exports (expires_at) WHERE state = 'ready';

-- A document of a performer record whose submission row is gone (its account was deleted) is still
-- exported; its access-log row names the identity, and the export it went into.
ALTER TABLE identity_document_views ALTER COLUMN submission_id DROP NOT NULL;
ALTER TABLE identity_document_views ADD COLUMN identity_id bigint;
ALTER TABLE identity_document_views ADD COLUMN records_export_id bigint;
ALTER TABLE identity_document_views ADD CONSTRAINT identity_document_views_subject
  CHECK (submission_id IS NOT NULL OR identity_id IS NOT NULL);

-- The cross-index by legal name and alias searches substrings.
CREATE INDEX performer_identities_legal_name_trgm ON performer_identities USING gin (legal_name gin_trgm_ops);
