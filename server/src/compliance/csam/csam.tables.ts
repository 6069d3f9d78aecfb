import type { Generated } from 'kysely';
import type { Defaulted, DefaultedTime, Json, Timestamp } from '../../db/column-types.ts';

/** Kysely's view of migration 0035, merged into db/schema.ts's `Database` by module augmentation. */

export type AccessAction = 'media.reveal' | 'evidence.view' | 'evidence.download';
export type ReportStatus = 'pending' | 'submitted';

export interface CsamEvidenceTable {
  id: Generated<number>;
  case_id: number;
  post_id: number | null;
  user_id: number | null;
  confirmed_by: number;
  note: string;
  manifest_key: string;
  preserved_at: DefaultedTime;
  retain_until: Timestamp;
  legal_hold: Defaulted<boolean>;
  legal_hold_reason: Defaulted<string>;
}

export interface CsamEvidenceFilesTable {
  evidence_id: number;
  position: number;
  media_id: number | null;
  media_name: string;
  sealed_key: string;
  file_name: string;
  content_type: string;
  bytes: number;
  sha256: string;
  md5: string;
}

export interface CsamAccessLogTable {
  id: Generated<number>;
  case_id: number;
  evidence_id: number | null;
  actor_id: number;
  actor_username: string;
  action: AccessAction;
  detail: Json<Record<string, unknown>>;
  ip: Defaulted<string>;
  created_at: DefaultedTime;
}

export interface CybertiplineReportsTable {
  id: Generated<number>;
  case_id: number;
  evidence_id: number | null;
  reporter: string;
  reference: string;
  status: Defaulted<ReportStatus>;
  ncmec_report_id: string | null;
  created_at: DefaultedTime;
  submitted_at: Timestamp | null;
  submitted_by: number | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    csam_evidence: CsamEvidenceTable;
    csam_evidence_files: CsamEvidenceFilesTable;
    csam_access_log: CsamAccessLogTable;
    cybertipline_reports: CybertiplineReportsTable;
  }
}
