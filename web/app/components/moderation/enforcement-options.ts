import type { ActionKind, Category, Rule } from '../../../../server/src/enforcement/vocabulary.ts';

/** The case steps that close or move a case without acting on its subject. */
export type CaseStep = 'escalate' | 'dismiss';

export interface ActionChoice {
  readonly kind: ActionKind | CaseStep;
  readonly target: 'post' | 'account' | 'case';
  /** Asks for the category and rule the action rests on (a statement of reasons names them). */
  readonly grounds: boolean;
  /** Asks for a length in days (a suspension). */
  readonly period: boolean;
  readonly danger: boolean;
}

const choice = (kind: ActionChoice['kind'], target: ActionChoice['target'], extra: Partial<ActionChoice> = {}): ActionChoice => ({
  kind,
  target,
  grounds: true,
  period: false,
  danger: false,
  ...extra,
});

export const postActions: readonly ActionChoice[] = [
  choice('post-hide', 'post'),
  choice('post-remove', 'post', { danger: true }),
  choice('post-block', 'post', { danger: true }),
  choice('post-restore', 'post', { grounds: false }),
];

export const accountActions: readonly ActionChoice[] = [
  choice('account-warn', 'account'),
  choice('account-limit-uploads', 'account'),
  choice('account-suspend', 'account', { period: true, danger: true }),
  choice('account-ban', 'account', { danger: true }),
  choice('account-restore', 'account', { grounds: false }),
];

export const caseSteps: readonly ActionChoice[] = [
  choice('escalate', 'case', { grounds: false }),
  choice('dismiss', 'case', { grounds: false }),
];

// The server's vocabulary, repeated as values so the browser does not load its schemas; `satisfies`
// fails the typecheck when the server's lists change.
export const actionCategories = [
  'illegal',
  'non_consensual',
  'underage',
  'copyright',
  'spam',
  'other',
] as const satisfies readonly Category[];
export const actionRules = [
  'minors',
  'consent',
  'illegal-content',
  'copyright',
  'spam',
  'impersonation',
  'harassment',
  'terms',
] as const satisfies readonly Rule[];

export interface ActionValues {
  readonly category: string;
  readonly rule: string;
  readonly publicReason: string;
  readonly note: string;
  readonly days: number | undefined;
}
