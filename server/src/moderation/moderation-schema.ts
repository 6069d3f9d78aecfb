import Type, { type Static } from 'typebox';

/**
 * Request and answer shapes of the moderation API (README.md lists the routes). The routes validate with
 * the request schemas; the web console imports the answer types with `import type`, so a change of shape
 * fails its typecheck.
 */

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Email = Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });
/** Text that must say something: not empty, not only blanks. */
const Line = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const CASE_CATEGORIES = ['illegal', 'non_consensual', 'underage', 'copyright', 'spam', 'other'] as const;
export const CASE_KINDS = [
  'report',
  'complaint',
  'dmca_notice',
  'takedown_request',
  'counter_notice',
  'appeal',
  'automated',
] as const;
export const CASE_STATUSES = ['open', 'assigned', 'escalated', 'actioned', 'dismissed'] as const;
export const STAFF_ROLES = ['moderator', 'admin', 'trusted_flagger'] as const;
export const QUEUES = ['open', 'mine', 'escalated', 'overdue', 'appeals'] as const;

export const CaseCategory = Type.Enum(CASE_CATEGORIES);
export const CaseKind = Type.Enum(CASE_KINDS);
export const CaseStatus = Type.Enum(CASE_STATUSES);
export const StaffRole = Type.Enum(STAFF_ROLES);
export const Queue = Type.Enum(QUEUES);
export type CaseCategory = Static<typeof CaseCategory>;
export type CaseKind = Static<typeof CaseKind>;
export type CaseStatus = Static<typeof CaseStatus>;
export type StaffRole = Static<typeof StaffRole>;
export type Queue = Static<typeof Queue>;

// ── Intake ────────────────────────────────────────────────────────────────────────────────────────────

/** POST /api/abuse gains `category` (default `other`); the rest of spec §7's contact body is unchanged. */
export const ReportCategoryField = Type.Optional(CaseCategory);

const ComplaintContact = {
  name: Line(200),
  email: Email,
  /** Postal address and phone, as a DMCA notice asks; optional for the other kinds. */
  address: Type.Optional(Type.String({ maxLength: 500 })),
  phone: Type.Optional(Type.String({ maxLength: 50 })),
  /** The complainant's language for our answers (e-mails); defaults to the request's. */
  locale: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' })),
  /** The page's address or a post id: at least one link to content on this site. */
  urls: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 1, maxItems: 20 }),
  text: Type.Optional(Type.String({ maxLength: 5000 })),
  /** The typed full name standing for a signature. */
  signature: Line(200),
  recaptchaToken: Line(2000),
};

/** DMCA §512(c)(3) notice elements. */
export const DmcaNoticeBody = Type.Object(
  {
    kind: Type.Literal('dmca_notice'),
    ...ComplaintContact,
    /** Identification of the copyrighted work claimed infringed. */
    work: Line(2000),
    /** "I have a good faith belief that use of the material is not authorised by the owner, its agent or the law." */
    goodFaith: Type.Literal(true),
    /** "The information is accurate, and under penalty of perjury, I am the owner or authorised to act for the owner." */
    accuracyUnderPenaltyOfPerjury: Type.Literal(true),
  },
  { additionalProperties: false },
);

/** TAKE IT DOWN Act (2025) removal request: identification, good-faith statement of non-consent, signature, contact. */
export const TakedownRequestBody = Type.Object(
  {
    kind: Type.Literal('takedown_request'),
    ...ComplaintContact,
    /** "I am the person depicted, or authorised to act for them." */
    depictedOrAuthorised: Type.Literal(true),
    /** "I have a good faith belief that the depiction was published without consent." */
    goodFaithNonConsent: Type.Literal(true),
  },
  { additionalProperties: false },
);

/** Any other complaint from the public form (a person depicted under age, illegal content...). */
export const GeneralComplaintBody = Type.Object(
  {
    kind: Type.Literal('complaint'),
    category: CaseCategory,
    ...ComplaintContact,
    signature: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const ComplaintBody = Type.Union([DmcaNoticeBody, TakedownRequestBody, GeneralComplaintBody]);
export type ComplaintBody = Static<typeof ComplaintBody>;

/** POST /api/complaint and POST /api/abuse (a report joined to or opening a case). */
export const IntakeAnswer = Type.Object({
  statusCode: Type.Literal(1),
  caseId: Type.Integer(),
  deadlineAt: Timestamp,
  /** Reads and answers the case at /api/complaint/follow-up; shown once, e-mailed to complainants. */
  followUpToken: Type.String(),
});
export type IntakeAnswer = Static<typeof IntakeAnswer>;

export const FollowUpQuery = Type.Object({ token: Type.String({ minLength: 20, maxLength: 100 }) });
export const FollowUpMessageBody = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 100 }),
  text: Line(5000),
});

export const CaseMessage = Type.Object({
  id: Type.Integer(),
  author: Type.Union([Type.Literal('moderator'), Type.Literal('reporter')]),
  body: Type.String(),
  createdAt: Timestamp,
});
export type CaseMessage = Static<typeof CaseMessage>;

/** GET /api/complaint/follow-up: what a reporter may see of their case. */
export const FollowUpAnswer = Type.Object({
  statusCode: Type.Literal(2),
  case: Type.Object({
    id: Type.Integer(),
    kind: CaseKind,
    category: CaseCategory,
    status: CaseStatus,
    deadlineAt: Timestamp,
    createdAt: Timestamp,
    closedAt: Nullable(Timestamp),
  }),
  messages: Type.Array(CaseMessage),
});
export type FollowUpAnswer = Static<typeof FollowUpAnswer>;

// ── Cases ─────────────────────────────────────────────────────────────────────────────────────────────

export const StaffUser = Type.Object({ id: Type.Integer(), username: Type.String() });
export type StaffUser = Static<typeof StaffUser>;

export const CaseSubject = Type.Object({
  post: Nullable(
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      status: Type.Integer(),
      /** Thumbnail URL; the console blurs it until clicked. Empty when the post has no still. */
      thumbnail: Type.String(),
      path: Type.String(),
    }),
  ),
  user: Nullable(Type.Object({ id: Type.Integer(), username: Type.String(), bannedAt: Nullable(Timestamp) })),
});
export type CaseSubject = Static<typeof CaseSubject>;

export const CaseSummary = Type.Object({
  id: Type.Integer(),
  kind: CaseKind,
  category: CaseCategory,
  status: CaseStatus,
  subject: CaseSubject,
  reporter: Type.Object({ user: Nullable(StaffUser), email: Nullable(Type.String()) }),
  assignee: Nullable(StaffUser),
  reportsCount: Type.Integer(),
  deadlineAt: Timestamp,
  overdue: Type.Boolean(),
  relatedCaseId: Nullable(Type.Integer()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  closedAt: Nullable(Timestamp),
});
export type CaseSummary = Static<typeof CaseSummary>;

export const QueueQuery = Type.Object({
  queue: Type.Optional(Queue),
  category: Type.Optional(CaseCategory),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** The `nextCursor` of the previous page. */
  cursor: Type.Optional(Type.String({ maxLength: 100 })),
});

/** GET /api/admin/cases: sorted by deadline, oldest first. */
export const QueueAnswer = Type.Object({
  statusCode: Type.Literal(2),
  cases: Type.Array(CaseSummary),
  nextCursor: Nullable(Type.String()),
});
export type QueueAnswer = Static<typeof QueueAnswer>;

export const CaseEvent = Type.Object({
  id: Type.Integer(),
  actor: Nullable(StaffUser),
  action: Type.String(),
  publicReason: Type.String(),
  privateNote: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Timestamp,
});
export type CaseEvent = Static<typeof CaseEvent>;

export const CaseReport = Type.Object({
  id: Type.Integer(),
  reporter: Type.Object({ user: Nullable(StaffUser), email: Nullable(Type.String()) }),
  text: Type.String(),
  /** A complaint's legal elements as sent (work, urls, signature, statements...). */
  details: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Timestamp,
});
export type CaseReport = Static<typeof CaseReport>;

/** GET /api/admin/cases/:id */
export const CaseDetailAnswer = Type.Object({
  statusCode: Type.Literal(2),
  case: CaseSummary,
  reports: Type.Array(CaseReport),
  events: Type.Array(CaseEvent),
  messages: Type.Array(CaseMessage),
  history: Type.Object({
    /** Earlier cases about the same post or account, newest first (at most 50). */
    earlierCases: Type.Array(CaseSummary),
    /** Repeat-infringer strikes of the subject's account (enforcement counts them; never reset). */
    strikes: Type.Integer(),
  }),
});
export type CaseDetailAnswer = Static<typeof CaseDetailAnswer>;

export const CaseParams = Type.Object({ id: Id });
export const AssignBody = Type.Object({ assigneeId: Type.Optional(Id) }, { additionalProperties: false });
export const ReasonBody = Type.Object(
  { publicReason: Type.Optional(Type.String({ maxLength: 2000 })), note: Type.Optional(Type.String({ maxLength: 5000 })) },
  { additionalProperties: false },
);
export const MessageBody = Type.Object({ text: Line(5000) }, { additionalProperties: false });
export const NoteBody = Type.Object({ note: Line(5000) }, { additionalProperties: false });
export const BulkBody = Type.Object(
  {
    action: Type.Union([Type.Literal('assign'), Type.Literal('dismiss')]),
    caseIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
    assigneeId: Type.Optional(Id),
    publicReason: Type.Optional(Type.String({ maxLength: 2000 })),
    note: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  { additionalProperties: false },
);

/** Answer of every single-case action: the case as it is now. */
export const CaseActionAnswer = Type.Object({ statusCode: Type.Literal(1), case: CaseSummary });
export type CaseActionAnswer = Static<typeof CaseActionAnswer>;
export const BulkAnswer = Type.Object({
  statusCode: Type.Literal(1),
  /** Cases changed; the others were closed already or not found. */
  updated: Type.Array(Type.Integer()),
  skipped: Type.Array(Type.Integer()),
});
export type BulkAnswer = Static<typeof BulkAnswer>;

// ── Staff, roles and settings ─────────────────────────────────────────────────────────────────────────

/** GET /api/admin/me: who the console is for. */
export const StaffMeAnswer = Type.Object({
  statusCode: Type.Literal(2),
  user: StaffUser,
  roles: Type.Array(StaffRole),
});
export type StaffMeAnswer = Static<typeof StaffMeAnswer>;

export const RoleGrant = Type.Object({
  user: StaffUser,
  role: StaffRole,
  grantedBy: Nullable(StaffUser),
  grantedAt: Timestamp,
});
export type RoleGrant = Static<typeof RoleGrant>;
export const RolesAnswer = Type.Object({ statusCode: Type.Literal(2), grants: Type.Array(RoleGrant) });
export type RolesAnswer = Static<typeof RolesAnswer>;
export const RoleBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 64 }), role: StaffRole },
  { additionalProperties: false },
);

/** Runtime settings an admin changes (moderation-settings.ts holds the defaults). */
export const ModerationSettings = Type.Object(
  {
    /** Business days (Mon–Fri, UTC) to act on a case whose category has no override. */
    defaultDeadlineBusinessDays: Type.Integer({ minimum: 1, maximum: 60 }),
    /** Calendar hours for non-consensual imagery (TAKE IT DOWN Act: 48). */
    nonConsensualDeadlineHours: Type.Integer({ minimum: 1, maximum: 720 }),
    /** Per-category overrides in business days; a category absent here uses the default. */
    categoryDeadlineBusinessDays: Type.Partial(
      Type.Object(Object.fromEntries(CASE_CATEGORIES.map((category) => [category, Type.Integer({ minimum: 1, maximum: 60 })]))),
    ),
    /** Reports a client (account or address) may file per hour. */
    reportsPerHour: Type.Integer({ minimum: 1, maximum: 1000 }),
  },
  { additionalProperties: false },
);
export type ModerationSettings = Static<typeof ModerationSettings>;
export const SettingsAnswer = Type.Object({ statusCode: Type.Literal(2), settings: ModerationSettings });
export type SettingsAnswer = Static<typeof SettingsAnswer>;
export const SettingsBody = Type.Partial(ModerationSettings, { additionalProperties: false });

// ── Audit log ─────────────────────────────────────────────────────────────────────────────────────────

export const AuditQuery = Type.Object({
  actorId: Type.Optional(Id),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  subjectType: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  subjectId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  /** The `nextCursor` of the previous page. */
  cursor: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,15}$' })),
});
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  actor: Nullable(StaffUser),
  action: Type.String(),
  subjectType: Type.String(),
  subjectId: Type.String(),
  caseId: Nullable(Type.Integer()),
  details: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Timestamp,
});
export type AuditEntry = Static<typeof AuditEntry>;
/** GET /api/admin/audit, newest first; GET /api/admin/audit/export answers the same rows as text/csv. */
export const AuditAnswer = Type.Object({
  statusCode: Type.Literal(2),
  entries: Type.Array(AuditEntry),
  nextCursor: Nullable(Type.String()),
});
export type AuditAnswer = Static<typeof AuditAnswer>;

// ── Operations ────────────────────────────────────────────────────────────────────────────────────────

export const QueueDepths = Type.Object({
  open: Type.Integer(),
  assigned: Type.Integer(),
  escalated: Type.Integer(),
  appeals: Type.Integer(),
  overdue: Type.Integer(),
});
export const FailedJob = Type.Object({
  id: Type.String(),
  task: Type.String(),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  updatedAt: Timestamp,
});
export type FailedJob = Static<typeof FailedJob>;
export const RecentError = Type.Object({
  at: Timestamp,
  requestId: Type.String(),
  route: Type.String(),
  message: Type.String(),
});
export type RecentError = Static<typeof RecentError>;
/** GET /api/admin/operations */
export const OperationsAnswer = Type.Object({
  statusCode: Type.Literal(2),
  queues: QueueDepths,
  overdueByCategory: Type.Record(Type.String(), Type.Integer()),
  failedJobs: Type.Array(FailedJob),
  storage: Type.Object({ databaseBytes: Type.Integer(), mediaBytes: Type.Integer(), mediaFiles: Type.Integer() }),
  recentErrors: Type.Array(RecentError),
  version: Type.String(),
});
export type OperationsAnswer = Static<typeof OperationsAnswer>;
export const JobParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,19}$' }) });

export const MonthlyQuery = Type.Object({
  from: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' }),
  to: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' }),
});
export const MonthFigures = Type.Object({
  month: Type.String(),
  casesByCategory: Type.Record(Type.String(), Type.Integer()),
  casesByKind: Type.Record(Type.String(), Type.Integer()),
  /** Median hours from intake to the case's closing action; null when nothing was closed that month. */
  medianHoursToAction: Nullable(Type.Number()),
  actionsByKind: Type.Record(Type.String(), Type.Integer()),
  closedWithinDeadline: Type.Integer(),
  closedAfterDeadline: Type.Integer(),
});
export type MonthFigures = Static<typeof MonthFigures>;
/** GET /api/admin/reports/monthly (and /monthly.csv): every month of the range, zero-incident ones too. */
export const MonthlyAnswer = Type.Object({ statusCode: Type.Literal(2), months: Type.Array(MonthFigures) });
export type MonthlyAnswer = Static<typeof MonthlyAnswer>;
