import { type Static, Type } from 'typebox';
import { CaseDetailAnswer, CaseSummary } from '../../moderation/moderation-schema.ts';

/** Request and answer shapes of the CSAM workflow's routes; the web app imports the answer types. */

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const NullableId = Type.Union([Type.Integer(), Type.Null()]);

export const CaseParams = Type.Object({ id: Id });
export const EvidenceParams = Type.Object({ id: Id });
export const RevealParams = Type.Object({ id: Id, mediaId: Id });
export const FileParams = Type.Object({ id: Id, position: Type.Integer({ minimum: 0, maximum: 1000 }) });

export const ListQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), cursor: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

/** The decision needs its reason in words: the note is kept sealed with the evidence and in the report. */
export const ConfirmBody = Type.Object(
  { note: Type.String({ minLength: 10, maxLength: 4000, pattern: '\\S' }) },
  { additionalProperties: false },
);
export const LegalHoldBody = Type.Object(
  { hold: Type.Boolean(), reason: Type.String({ maxLength: 2000 }) },
  { additionalProperties: false },
);
/** NCMEC's CyberTipline report ids are numbers. */
export const SubmittedBody = Type.Object(
  { ncmecReportId: Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9]+$' }) },
  { additionalProperties: false },
);

export const EvidenceSummary = Type.Object({
  id: Type.Integer(),
  caseId: Type.Integer(),
  postId: NullableId,
  userId: NullableId,
  note: Type.String(),
  preservedAt: Type.String(),
  retainUntil: Type.String(),
  legalHold: Type.Boolean(),
  legalHoldReason: Type.String(),
});
export type EvidenceSummary = Static<typeof EvidenceSummary>;

export const ReportView = Type.Object({
  id: Type.Integer(),
  caseId: Type.Integer(),
  evidenceId: NullableId,
  reporter: Type.String(),
  reference: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('submitted')]),
  ncmecReportId: Nullable(Type.String()),
  createdAt: Type.String(),
  submittedAt: Nullable(Type.String()),
});
export type ReportView = Static<typeof ReportView>;

export const AccessEntry = Type.Object({
  id: Type.Integer(),
  actorId: Type.Integer(),
  actorUsername: Type.String(),
  action: Type.Union([Type.Literal('media.reveal'), Type.Literal('evidence.view'), Type.Literal('evidence.download')]),
  detail: Type.Record(Type.String(), Type.Unknown()),
  ip: Type.String(),
  createdAt: Type.String(),
});
export type AccessEntry = Static<typeof AccessEntry>;

export const RestrictedQueueAnswer = Type.Object({
  statusCode: Type.Literal(2),
  cases: Type.Array(CaseSummary),
  nextCursor: Nullable(Type.String()),
  /** The server's clock, so the console shows each case's and report's age without a clock of its own. */
  now: Type.String(),
  reports: Type.Array(ReportView),
  evidence: Type.Array(EvidenceSummary),
});
export type RestrictedQueueAnswer = Static<typeof RestrictedQueueAnswer>;

export const RestrictedCaseAnswer = Type.Intersect([
  CaseDetailAnswer,
  Type.Object({
    media: Type.Array(
      Type.Object({
        id: Type.Integer(),
        kind: Type.Union([Type.Literal('video'), Type.Literal('image'), Type.Literal('audio')]),
        revealable: Type.Boolean(),
      }),
    ),
    evidence: Type.Union([EvidenceSummary, Type.Null()]),
    report: Type.Union([ReportView, Type.Null()]),
    accessLog: Type.Array(AccessEntry),
    now: Type.String(),
  }),
]);
export type RestrictedCaseAnswer = Static<typeof RestrictedCaseAnswer>;

export const ConfirmAnswer = Type.Object({ statusCode: Type.Literal(1), evidenceId: Type.Integer(), report: ReportView });
export type ConfirmAnswer = Static<typeof ConfirmAnswer>;

export const EvidenceFile = Type.Object({
  position: Type.Integer(),
  mediaId: NullableId,
  mediaName: Type.String(),
  fileName: Type.String(),
  contentType: Type.String(),
  bytes: Type.Integer(),
  sha256: Type.String(),
  md5: Type.String(),
});

export const EvidenceAnswer = Type.Object({
  statusCode: Type.Literal(2),
  evidence: EvidenceSummary,
  files: Type.Array(EvidenceFile),
  /** The sealed manifest (evidence-manifest.ts), opened. */
  manifest: Type.Record(Type.String(), Type.Unknown()),
  accessLog: Type.Array(AccessEntry),
});
export type EvidenceAnswer = Static<typeof EvidenceAnswer>;

export const EvidenceChangeAnswer = Type.Object({ statusCode: Type.Literal(1), evidence: EvidenceSummary });
export type EvidenceChangeAnswer = Static<typeof EvidenceChangeAnswer>;

export const ReportChangeAnswer = Type.Object({ statusCode: Type.Literal(1), report: ReportView });
export type ReportChangeAnswer = Static<typeof ReportChangeAnswer>;
