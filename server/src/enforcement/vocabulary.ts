import Type, { type Static } from 'typebox';

/** What a moderator (or an automated rule) can do; each kind is one row of enforcement_actions. */
export const postActionKinds = ['post-hide', 'post-remove', 'post-block', 'post-restore'] as const;
export const accountActionKinds = [
  'account-warn',
  'account-limit-uploads',
  'account-suspend',
  'account-ban',
  'account-restore',
] as const;
export type PostActionKind = (typeof postActionKinds)[number];
export type AccountActionKind = (typeof accountActionKinds)[number];
export type ActionKind = PostActionKind | AccountActionKind;

/** The report categories of issue 20 ("Intake"); a statement of reasons names one. */
export const categories = ['illegal', 'non_consensual', 'underage', 'copyright', 'spam', 'other'] as const;
export type Category = (typeof categories)[number];

/** The rules of the terms of service an action can rest on; their names are translated in statements/. */
export const rules = [
  'minors',
  'consent',
  'illegal-content',
  'copyright',
  'spam',
  'impersonation',
  'harassment',
  'terms',
] as const;
export type Rule = (typeof rules)[number];

export const CategorySchema = Type.Enum(categories);
export const RuleSchema = Type.Enum(rules);
export const ActionKindSchema = Type.Enum([...postActionKinds, ...accountActionKinds]);

/**
 * A statement of reasons as its addressee (and the console) reads it: what was done, why (category, rule,
 * the moderator's public words), whether a machine decided, and until when it can be appealed.
 */
export const StatementSchema = Type.Object({
  id: Type.Integer(),
  kind: ActionKindSchema,
  postId: Type.Union([Type.Integer(), Type.Null()]),
  userId: Type.Integer(),
  caseId: Type.Union([Type.Integer(), Type.Null()]),
  category: CategorySchema,
  rule: RuleSchema,
  publicReason: Type.String(),
  automated: Type.Boolean(),
  endsAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  appealableUntil: Type.Union([Type.String(), Type.Null()]),
  /** `/appeal/{id}`: where the addressee appeals; null once the window has closed or for a restore. */
  appealPath: Type.Union([Type.String(), Type.Null()]),
  appeal: Type.Union([Type.Object({ id: Type.Integer(), status: Type.Enum(['open', 'upheld', 'reversed']) }), Type.Null()]),
  /** Copyright actions on a post: whether a DMCA counter-notice may still be sent. */
  counterNoticeAllowed: Type.Boolean(),
});
export type Statement = Static<typeof StatementSchema>;
