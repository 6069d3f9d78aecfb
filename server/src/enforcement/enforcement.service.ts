import { opaqueToken, tokenDigest } from '../accounts/tokens.ts';
import type { EnforcementSettings } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { PostStatus } from '../posts/post-status.ts';
import { type ActionRow, EnforcementRepository } from './enforcement.repository.ts';
import type { Actor, AuditWriter, CaseDesk, SessionEnder } from './ports.ts';
import { presentStatement, type StatementSender } from './statements.ts';
import type { AccountActionKind, ActionKind, Category, PostActionKind, Rule, Statement } from './vocabulary.ts';

export interface ActionInput {
  readonly category: Category;
  /** The rule of the terms the action rests on; by default the one of its category. */
  readonly rule?: Rule;
  /** Shown to the user in the statement of reasons. */
  readonly publicReason?: string;
  /** Kept for the staff only (case event and audit entry). */
  readonly note?: string;
  readonly caseId?: number;
  /** A trusted flagger whose report made the system act (audit detail; the action stays automated). */
  readonly flaggedBy?: number;
}

export interface PostActionInput extends ActionInput {
  /** TAKE IT DOWN: the same action on every identical copy (same media signature) of the post. */
  readonly includeCopies?: boolean;
}

export interface AccountActionInput extends ActionInput {
  /** account-suspend: how many days (1 to 365). */
  readonly days?: number;
}

const DAY_MS = 86_400_000;

export const ruleOfCategory: Record<Category, Rule> = {
  illegal: 'illegal-content',
  non_consensual: 'consent',
  underage: 'minors',
  copyright: 'copyright',
  spam: 'spam',
  other: 'terms',
};

/** Which post states each action applies to; a removed (7) or blocked (9) post's files are gone for good. */
const POST_TRANSITIONS: Record<PostActionKind, { from: readonly number[]; change: 'hide' | 'remove' | 'block' | 'restore' }> = {
  'post-hide': { from: [PostStatus.published, PostStatus.private], change: 'hide' },
  'post-remove': {
    from: [
      PostStatus.created,
      PostStatus.processing,
      PostStatus.failed,
      PostStatus.queued,
      PostStatus.checking,
      PostStatus.published,
      PostStatus.private,
      PostStatus.inReview,
      PostStatus.awaitingPerformers,
    ],
    change: 'remove',
  },
  'post-block': {
    from: [
      PostStatus.created,
      PostStatus.processing,
      PostStatus.failed,
      PostStatus.queued,
      PostStatus.checking,
      PostStatus.published,
      PostStatus.private,
      PostStatus.inReview,
      PostStatus.awaitingPerformers,
      PostStatus.removed,
    ],
    change: 'block',
  },
  'post-restore': { from: [PostStatus.inReview], change: 'restore' },
};

export interface ActionResult {
  readonly statusCode: 1;
  readonly statements: Statement[];
}

/**
 * Actions on posts and accounts (issue 20 "Actions"). Each one, in one transaction: the state change, its
 * enforcement_actions row (the statement of reasons), the audit entry and the case event when a case is
 * named; then the user is sent the statement, and a ban or suspension ends their sessions. Copyright
 * actions on posts add a strike to the owner, and reaching REPEAT_INFRINGER_STRIKES opens a case proposing
 * a ban.
 */
export class EnforcementService {
  readonly #repository: EnforcementRepository;
  readonly #statements: StatementSender;
  readonly #sessions: SessionEnder;
  readonly #audit: AuditWriter;
  readonly #cases: CaseDesk;
  readonly #settings: EnforcementSettings;
  readonly #now: () => Date;

  constructor(deps: {
    repository: EnforcementRepository;
    statements: StatementSender;
    sessions: SessionEnder;
    audit: AuditWriter;
    cases: CaseDesk;
    settings: EnforcementSettings;
    now?: () => Date;
  }) {
    this.#repository = deps.repository;
    this.#statements = deps.statements;
    this.#sessions = deps.sessions;
    this.#audit = deps.audit;
    this.#cases = deps.cases;
    this.#settings = deps.settings;
    this.#now = deps.now ?? (() => new Date());
  }

  async actOnPost(actor: Actor | null, postId: number, kind: PostActionKind, input: PostActionInput): Promise<ActionResult> {
    // A restricted case's post waits for a cleared reviewer (compliance/csam): its evidence must stay whole.
    await this.#cases.requireClearance(actor, { caseId: input.caseId, postId });
    const first = await this.#onePost(actor, postId, kind, input);
    const statements = [first];
    if (input.includeCopies && kind !== 'post-restore') {
      for (const copyId of await this.#repository.identicalCopies(postId)) {
        statements.push(await this.#onePost(actor, copyId, kind, { ...input, note: `identical copy of post ${postId}` }));
      }
    }
    return { statusCode: 1, statements };
  }

  async actOnAccount(
    actor: Actor | null,
    userId: number,
    kind: AccountActionKind,
    input: AccountActionInput,
  ): Promise<ActionResult> {
    if (kind === 'account-suspend' && !input.days)
      throw new AppError('invalid_input', { details: [{ field: 'days', problem: 'required' }] });
    await this.#cases.requireClearance(actor, { caseId: input.caseId });
    const now = this.#now();
    const { action, account, appealToken } = await this.#repository.transaction(async (repository) => {
      const account = await repository.account(userId);
      if (!account) throw new AppError('not_found');
      const restricted =
        account.bannedAt !== null ||
        account.uploadsLimitedAt !== null ||
        (account.suspendedUntil?.getTime() ?? 0) > now.getTime();
      if (kind === 'account-restore' && !restricted) throw new AppError('enforcement_not_applicable');
      if (kind === 'account-ban' && account.bannedAt) throw new AppError('enforcement_not_applicable');
      const endsAt = kind === 'account-suspend' ? new Date(now.getTime() + (input.days ?? 0) * DAY_MS) : null;
      if (kind === 'account-ban') await repository.setAccountState(userId, { kind: 'ban' });
      if (kind === 'account-suspend' && endsAt) await repository.setAccountState(userId, { kind: 'suspend', until: endsAt });
      if (kind === 'account-limit-uploads') await repository.setAccountState(userId, { kind: 'limit-uploads' });
      if (kind === 'account-restore') await repository.setAccountState(userId, { kind: 'restore' });
      // A banned or suspended user cannot log in to appeal: their e-mail's link carries a token.
      const appealToken = kind === 'account-ban' || kind === 'account-suspend' ? opaqueToken() : undefined;
      const action = await this.#record(repository, actor, { kind, userId, postId: null, endsAt, input, now, appealToken });
      return { action, account, appealToken };
    });
    if (kind === 'account-ban' || kind === 'account-suspend') await this.#sessions.endAll(userId);
    await this.#statements.send(action, account, '', appealToken);
    return { statusCode: 1, statements: [presentStatement(action, now.getTime())] };
  }

  /** For the case model (moderation/enforcement.ts): a trusted flagger's report hides the post at once. */
  async hidePendingReview(postId: number, context: { readonly caseId: number; readonly actorId: number | null }): Promise<void> {
    const category = ((await this.#repository.caseCategory(context.caseId)) ?? 'other') as Category;
    try {
      await this.actOnPost(null, postId, 'post-hide', {
        category,
        caseId: context.caseId,
        note: 'trusted flagger report',
        ...(context.actorId === null ? {} : { flaggedBy: context.actorId }),
      });
    } catch (error) {
      // Already out of public view (hidden, removed, still processing): nothing to hide.
      if (!(error instanceof AppError && error.code === 'enforcement_not_applicable')) throw error;
    }
  }

  async statement(actionId: number, viewerId: number): Promise<Statement> {
    const action = await this.#repository.action(actionId);
    if (!action || action.userId !== viewerId) throw new AppError('not_found');
    return presentStatement(action, this.#now().getTime());
  }

  /** A locked-out user's statement, read with the token of their e-mail's link. */
  async statementByToken(actionId: number, token: string): Promise<Statement> {
    const action = await this.#repository.actionByToken(actionId, tokenDigest(token));
    if (!action) throw new AppError('not_found');
    return presentStatement(action, this.#now().getTime());
  }

  async statementsOf(userId: number, limit: number, beforeId?: number): Promise<Statement[]> {
    const now = this.#now().getTime();
    return (await this.#repository.actionsOf({ userId }, limit, beforeId)).map((action) => presentStatement(action, now));
  }

  /** The console's history of a post or an account. */
  async history(filter: { userId?: number; postId?: number }, limit: number, beforeId?: number) {
    const now = this.#now().getTime();
    const [actions, strikes] = await Promise.all([
      this.#repository.actionsOf(filter, limit, beforeId),
      filter.userId === undefined ? Promise.resolve(0) : this.#repository.strikeCount(filter.userId),
    ]);
    return {
      actions: actions.map((action) => ({ ...presentStatement(action, now), moderatorId: action.moderatorId })),
      strikes,
    };
  }

  /**
   * An automated post-hide inside the caller's transaction `trx` (compliance/performers: a performer took
   * back their consent). Undefined when the post is not public or private (nothing to hide); otherwise
   * `notify` sends the statement of reasons, to be called once the caller's transaction has committed.
   */
  async hideWithin(trx: Db, postId: number, input: ActionInput): Promise<{ notify(): Promise<void> } | undefined> {
    const repository = new EnforcementRepository(trx);
    const post = await repository.post(postId);
    if (!post || !POST_TRANSITIONS['post-hide'].from.includes(post.status)) return undefined;
    const { action, account, title } = await this.#changePost(repository, null, post.id, 'post-hide', input, this.#now());
    return { notify: () => this.#statements.send(action, account, title) };
  }

  async #onePost(actor: Actor | null, postId: number, kind: PostActionKind, input: ActionInput): Promise<Statement> {
    const now = this.#now();
    const { action, account, title, strikes } = await this.#repository.transaction((repository) =>
      this.#changePost(repository, actor, postId, kind, input, now),
    );
    await this.#statements.send(action, account, title);
    if (strikes === this.#settings.repeatInfringerStrikes) await this.#proposeBan(account.id, account.lang, strikes, action);
    return presentStatement(action, now.getTime());
  }

  async #changePost(
    repository: EnforcementRepository,
    actor: Actor | null,
    postId: number,
    kind: PostActionKind,
    input: ActionInput,
    now: Date,
  ) {
    const transition = POST_TRANSITIONS[kind];
    const post = await repository.post(postId);
    if (!post) throw new AppError('not_found');
    if (!transition.from.includes(post.status)) throw new AppError('enforcement_not_applicable');
    const account = await repository.account(post.userId);
    if (!account) throw new AppError('not_found');
    await repository.setPostStatus(postId, transition.change);
    const action = await this.#record(repository, actor, {
      kind,
      userId: post.userId,
      postId,
      endsAt: null,
      input,
      now,
      previousStatus: post.status,
    });
    const strikes =
      input.category === 'copyright' && kind !== 'post-restore' ? await repository.addStrike(post.userId, action.id) : 0;
    return { action, account, title: post.title, strikes };
  }

  async #record(
    repository: EnforcementRepository,
    actor: Actor | null,
    what: {
      kind: ActionKind;
      userId: number;
      postId: number | null;
      endsAt: Date | null;
      input: ActionInput;
      now: Date;
      appealToken?: string;
      previousStatus?: number;
    },
  ): Promise<ActionRow> {
    const { input } = what;
    const restore = what.kind === 'post-restore' || what.kind === 'account-restore';
    const id = await repository.insertAction({
      kind: what.kind,
      userId: what.userId,
      postId: what.postId,
      caseId: input.caseId ?? null,
      moderatorId: actor?.id ?? null,
      automated: actor === null,
      category: input.category,
      rule: input.rule ?? ruleOfCategory[input.category],
      publicReason: input.publicReason ?? '',
      endsAt: what.endsAt,
      appealableUntil: restore ? null : new Date(what.now.getTime() + this.#settings.appealWindowDays * DAY_MS),
      appealTokenHash: what.appealToken ? tokenDigest(what.appealToken) : null,
    });
    const details = {
      actionId: id,
      category: input.category,
      rule: input.rule ?? ruleOfCategory[input.category],
      note: input.note ?? '',
      ...(what.previousStatus === undefined ? {} : { previousStatus: what.previousStatus }),
      ...(input.flaggedBy === undefined ? {} : { flaggedBy: input.flaggedBy }),
    };
    const subject =
      what.postId === null ? { subjectType: 'user', subjectId: what.userId } : { subjectType: 'post', subjectId: what.postId };
    await this.#audit.record(
      { actor, action: `enforcement.${what.kind}`, ...subject, caseId: input.caseId ?? null, details },
      repository.db,
    );
    if (input.caseId !== undefined) {
      await this.#cases.record(
        input.caseId,
        actor,
        { action: `enforcement.${what.kind}`, publicReason: input.publicReason, note: input.note, data: { actionId: id } },
        repository.db,
      );
    }
    const row = await repository.action(id);
    if (!row) throw new Error(`enforcement action ${id} vanished`);
    return row;
  }

  async #proposeBan(userId: number, locale: string, strikes: number, action: ActionRow): Promise<void> {
    const { caseId } = await this.#cases.open({
      kind: 'automated',
      category: 'copyright',
      subject: { userId },
      reporter: { locale },
      text: `Repeat infringer: ${strikes} copyright strikes. Proposed action: ban.`,
      details: { proposal: 'account-ban', strikes, lastActionId: action.id },
      ip: '',
    });
    await this.#audit.record({
      actor: null,
      action: 'enforcement.ban-proposed',
      subjectType: 'user',
      subjectId: userId,
      caseId,
      details: { strikes },
    });
  }
}
