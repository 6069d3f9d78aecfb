import Type, { type Static } from 'typebox';
import { accountActionKinds, CategorySchema, postActionKinds, RuleSchema, StatementSchema } from './vocabulary.ts';
import { watchScopes } from './watched-words.repository.ts';

/** Request and answer shapes of the enforcement routes; the web app imports the answer types. */

const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const Text = (max: number, min = 0) => Type.String({ minLength: min, maxLength: max });

export const IdParams = Type.Object({ id: Id });

const actionFields = {
  category: CategorySchema,
  rule: Type.Optional(RuleSchema),
  publicReason: Type.Optional(Text(2000)),
  note: Type.Optional(Text(5000)),
  caseId: Type.Optional(Id),
};

export const PostActionBody = Type.Object(
  { kind: Type.Enum(postActionKinds), ...actionFields, includeCopies: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type PostActionBody = Static<typeof PostActionBody>;

export const AccountActionBody = Type.Object(
  { kind: Type.Enum(accountActionKinds), ...actionFields, days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })) },
  { additionalProperties: false },
);
export type AccountActionBody = Static<typeof AccountActionBody>;

export const ActionAnswer = Type.Object({ statusCode: Type.Literal(1), statements: Type.Array(StatementSchema) });
export type ActionAnswer = Static<typeof ActionAnswer>;

export const HistoryQuery = Type.Object(
  {
    userId: Type.Optional(Id),
    postId: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    before: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export const HistoryAnswer = Type.Object({
  statusCode: Type.Literal(2),
  actions: Type.Array(Type.Intersect([StatementSchema, Type.Object({ moderatorId: Type.Union([Type.Integer(), Type.Null()]) })])),
  /** Copyright strikes of the account (with userId), never reset. */
  strikes: Type.Integer(),
});
export type HistoryAnswer = Static<typeof HistoryAnswer>;

export const StatementAnswer = Type.Object({ statusCode: Type.Literal(2), statement: StatementSchema });
export type StatementAnswer = Static<typeof StatementAnswer>;
export const StatementsQuery = Type.Object({ before: Type.Optional(Id) }, { additionalProperties: false });
export const StatementsAnswer = Type.Object({ statusCode: Type.Literal(2), statements: Type.Array(StatementSchema) });
export type StatementsAnswer = Static<typeof StatementsAnswer>;

export const AppealBody = Type.Object({ statement: Text(5000, 1) }, { additionalProperties: false });
/** The appeal link of a ban's or suspension's e-mail (its addressee cannot log in). */
const AppealToken = Type.String({ minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' });
export const TokenQuery = Type.Object({ token: AppealToken }, { additionalProperties: false });
export const TokenAppealBody = Type.Object({ token: AppealToken, statement: Text(5000, 1) }, { additionalProperties: false });
export const AppealAnswer = Type.Object({ statusCode: Type.Literal(1), appealId: Type.Integer(), caseId: Type.Integer() });
export type AppealAnswer = Static<typeof AppealAnswer>;

const AppealView = Type.Object({
  id: Type.Integer(),
  actionId: Type.Integer(),
  userId: Type.Integer(),
  statement: Type.String(),
  caseId: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Union([Type.Literal('open'), Type.Literal('upheld'), Type.Literal('reversed')]),
  decidedBy: Type.Union([Type.Integer(), Type.Null()]),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  decision: Type.String(),
  createdAt: Type.String(),
});
export const AppealsQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), after: Type.Optional(Id) },
  { additionalProperties: false },
);
export const AppealsAnswer = Type.Object({ statusCode: Type.Literal(2), appeals: Type.Array(AppealView) });
export type AppealsAnswer = Static<typeof AppealsAnswer>;
export const DecideBody = Type.Object(
  { outcome: Type.Union([Type.Literal('upheld'), Type.Literal('reversed')]), reason: Text(2000, 1) },
  { additionalProperties: false },
);
export const DecideAnswer = Type.Object({ statusCode: Type.Literal(1), appeal: AppealView });
export type DecideAnswer = Static<typeof DecideAnswer>;

/** 17 U.S.C. §512(g)(3): every element is required; the two statements must be affirmed. */
export const CounterNoticeBody = Type.Object(
  {
    fullName: Text(200, 2),
    address: Text(500, 5),
    phone: Type.String({ minLength: 5, maxLength: 40, pattern: '^[0-9+()./ -]+$' }),
    email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }),
    material: Text(2000, 5),
    perjuryStatement: Type.Literal(true),
    jurisdictionConsent: Type.Literal(true),
    signature: Text(200, 2),
  },
  { additionalProperties: false },
);
export type CounterNoticeBody = Static<typeof CounterNoticeBody>;
export const CounterNoticeAnswer = Type.Object({
  statusCode: Type.Literal(1),
  counterNoticeId: Type.Integer(),
  restoreAt: Type.String(),
});
export type CounterNoticeAnswer = Static<typeof CounterNoticeAnswer>;
export const LawsuitAnswer = Type.Object({
  statusCode: Type.Literal(1),
  counterNotice: Type.Object({
    id: Type.Integer(),
    actionId: Type.Integer(),
    postId: Type.Integer(),
    submittedAt: Type.String(),
    restoreAt: Type.String(),
    lawsuitReportedAt: Type.Union([Type.String(), Type.Null()]),
    restoredAt: Type.Union([Type.String(), Type.Null()]),
  }),
});
export type LawsuitAnswer = Static<typeof LawsuitAnswer>;

export const ReviewQueueQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    cursor: Type.Optional(Type.String({ minLength: 3, maxLength: 120, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { additionalProperties: false },
);
export const ReviewQueueAnswer = Type.Object({
  statusCode: Type.Literal(2),
  posts: Type.Array(
    Type.Object({
      postId: Type.Integer(),
      userId: Type.Integer(),
      username: Type.String(),
      title: Type.String(),
      reviewReason: Type.Union([Type.Literal('prepublication'), Type.Literal('watched-word'), Type.Literal('hidden')]),
      since: Type.String(),
      /** The post's still for the console, blurred until clicked; empty without media. */
      thumbnail: Type.String(),
    }),
  ),
  cursor: Type.Union([Type.String(), Type.Null()]),
});
export type ReviewQueueAnswer = Static<typeof ReviewQueueAnswer>;

const WatchScopeSchema = Type.Enum(watchScopes);
const WatchActionSchema = Type.Union([Type.Literal('block'), Type.Literal('review')]);
const WatchedWord = Type.Object({
  id: Type.Integer(),
  term: Type.String(),
  scopes: Type.Array(WatchScopeSchema),
  action: WatchActionSchema,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export const WatchedWordsAnswer = Type.Object({
  statusCode: Type.Literal(2),
  /** Terms of the shipped list (search/restricted-terms.json), blocking everywhere; not editable here. */
  defaultTermsCount: Type.Integer(),
  words: Type.Array(WatchedWord),
});
export type WatchedWordsAnswer = Static<typeof WatchedWordsAnswer>;
export const WatchedWordBody = Type.Object(
  { term: Text(100, 1), scopes: Type.Array(WatchScopeSchema, { minItems: 1, maxItems: 4 }), action: WatchActionSchema },
  { additionalProperties: false },
);
export const WatchedWordChange = Type.Object(
  { scopes: Type.Optional(Type.Array(WatchScopeSchema, { minItems: 1, maxItems: 4 })), action: Type.Optional(WatchActionSchema) },
  { additionalProperties: false, minProperties: 1 },
);
export const WatchedWordAnswer = Type.Object({ statusCode: Type.Literal(1), word: WatchedWord });
export type WatchedWordAnswer = Static<typeof WatchedWordAnswer>;
