export type {
  AccessEntry,
  ConfirmAnswer,
  EvidenceAnswer,
  EvidenceSummary,
  ReportView,
  RestrictedCaseAnswer,
  RestrictedQueueAnswer,
} from '../../../../server/src/compliance/csam/csam-schema.ts';
