import type { CaseCategory, Queue } from '../../../../server/src/moderation/moderation-schema.ts';

export type {
  AuditAnswer,
  AuditEntry,
  CaseCategory,
  CaseDetailAnswer,
  CaseEvent,
  CaseKind,
  CaseMessage,
  CaseReport,
  CaseSummary,
  FollowUpAnswer,
  IntakeAnswer,
  ModerationSettings,
  MonthFigures,
  MonthlyAnswer,
  OperationsAnswer,
  Queue,
  QueueAnswer,
  RoleGrant,
  RolesAnswer,
  SettingsAnswer,
  StaffMeAnswer,
  StaffRole,
} from '../../../../server/src/moderation/moderation-schema.ts';

// The server's lists as values (the schema module also builds TypeBox objects the browser need not load).
export const queueNames: readonly Queue[] = ['open', 'mine', 'escalated', 'overdue', 'appeals'];
export const caseCategories: readonly CaseCategory[] = ['illegal', 'non_consensual', 'underage', 'copyright', 'spam', 'other'];
export type BulkAction = 'assign' | 'dismiss';
export const bulkActions: readonly BulkAction[] = ['assign', 'dismiss'];

export type {
  ActionAnswer,
  AppealsAnswer,
  CounterNoticeAnswer,
  HistoryAnswer,
  ReviewQueueAnswer,
  StatementAnswer,
  StatementsAnswer,
  WatchedWordsAnswer,
} from '../../../../server/src/enforcement/enforcement-schema.ts';
export type { Statement } from '../../../../server/src/enforcement/vocabulary.ts';
