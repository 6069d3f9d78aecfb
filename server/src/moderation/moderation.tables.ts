import type { ColumnType, Generated } from 'kysely';
import type { Defaulted, DefaultedTime, Json, Timestamp } from '../db/column-types.ts';
import type { CaseCategory, CaseKind, CaseStatus, StaffRole } from './moderation-schema.ts';

/**
 * Kysely's view of migration 0020, merged into db/schema.ts's `Database` by module augmentation so the
 * operator side's tables sit beside the code that owns them.
 */

export interface StaffRolesTable {
  user_id: number;
  role: StaffRole;
  granted_by: number | null;
  granted_at: DefaultedTime;
}

export interface ModerationCasesTable {
  id: Generated<number>;
  kind: CaseKind;
  category: CaseCategory;
  subject_post_id: number | null;
  subject_user_id: number | null;
  reporter_user_id: number | null;
  reporter_email: string | null;
  status: Defaulted<CaseStatus>;
  assignee_id: number | null;
  deadline_at: Timestamp;
  related_case_id: number | null;
  excluded_assignee_id: number | null;
  dedupe_key: string | null;
  reports_count: Defaulted<number>;
  created_at: DefaultedTime;
  updated_at: DefaultedTime;
  closed_at: Timestamp | null;
  restricted: Defaulted<boolean>;
}

export interface CaseReportsTable {
  id: Generated<number>;
  case_id: number;
  reporter_user_id: number | null;
  reporter_email: string | null;
  text: Defaulted<string>;
  details: Json<Record<string, unknown>>;
  ip: Defaulted<string>;
  locale: Defaulted<string>;
  follow_up_hash: string | null;
  created_at: DefaultedTime;
}

export interface CaseEventsTable {
  id: Generated<number>;
  case_id: number;
  actor_id: number | null;
  action: string;
  public_reason: Defaulted<string>;
  private_note: Defaulted<string>;
  data: Json<Record<string, unknown>>;
  created_at: DefaultedTime;
}

export interface CaseMessagesTable {
  id: Generated<number>;
  case_id: number;
  author: 'moderator' | 'reporter';
  author_id: number | null;
  body: string;
  created_at: DefaultedTime;
}

export interface ModerationSettingsTable {
  key: string;
  value: Json<unknown>;
  updated_by: number | null;
  updated_at: DefaultedTime;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_username: Defaulted<string>;
  action: string;
  subject_type: Defaulted<string>;
  subject_id: Defaulted<string>;
  case_id: number | null;
  details: Json<Record<string, unknown>>;
  ip: Defaulted<string>;
  created_at: DefaultedTime;
}

declare module '../db/schema.ts' {
  interface Database {
    staff_roles: StaffRolesTable;
    moderation_cases: ModerationCasesTable;
    case_reports: CaseReportsTable;
    case_events: CaseEventsTable;
    case_messages: CaseMessagesTable;
    moderation_settings: ModerationSettingsTable;
    audit_log: AuditLogTable;
  }
  interface NotificationsTable {
    /** Set on `moderation` notices: the case they are about. */
    case_id: ColumnType<number | null, number | null | undefined, number | null>;
    /** Which moderation notice (moderation-notices.ts); null on the other types. */
    notice: ColumnType<string | null, string | null | undefined, string | null>;
  }
}
