import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../media/storage.ts';
import type { NotificationService } from '../../notifications/notifications.service.ts';
import { PostStatus } from '../../posts/post-status.ts';
import { postMediaDigests } from './media-digests.ts';
import { presentRequest, REQUIRED_SCOPES } from './performer-view.ts';
import type { PerformerRow, PerformersRepository } from './performers.repository.ts';
import type { AppearancesAnswer, ConsentScopeValue, PerformerRequestAnswer } from './performers-schema.ts';
import type { Withdrawals, Witness } from './withdrawal.ts';

export const APPEARANCES_PAGE = 20;

export interface PerformerAnswersDeps {
  readonly repository: PerformersRepository;
  readonly storage: Storage;
  readonly notifications: Pick<NotificationService, 'performerNotice'>;
  readonly withdrawals: Withdrawals;
}

/** consent_scopes_incomplete unless depicted and distribution are both given; scopes in their fixed order. */
export function requireScopes(scopes: readonly ConsentScopeValue[]): ConsentScopeValue[] {
  if (!REQUIRED_SCOPES.every((scope) => scopes.includes(scope))) throw new AppError('consent_scopes_incomplete');
  return (['depicted', 'distribution', 'downloads'] as const).filter((scope) => scopes.includes(scope));
}

/**
 * The tagged account's side (README.md "Tagged accounts"): read the request, consent (only once verified),
 * decline, or later withdraw; and the list of posts the account appears in.
 */
export class PerformerAnswersService {
  readonly #deps: PerformerAnswersDeps;

  constructor(deps: PerformerAnswersDeps) {
    this.#deps = deps;
  }

  async request(userId: number, performerId: number): Promise<PerformerRequestAnswer> {
    return this.#answer(await this.#mine(userId, performerId));
  }

  async consent(
    userId: number,
    performerId: number,
    scopes: ConsentScopeValue[],
    witness: Witness,
  ): Promise<PerformerRequestAnswer> {
    const { repository, storage } = this.#deps;
    const row = await this.#mine(userId, performerId);
    const granted = requireScopes(scopes);
    if (row.state !== 'pending' && row.state !== 'declined') throw new AppError('performer_answered');
    const identityId = await repository.identityOf(userId);
    if (identityId === undefined) throw new AppError('verification_required');
    const mediaSha256 = await postMediaDigests(repository, storage, row.postId);
    const released = await repository.transaction(async (trx) => {
      const locked = await trx.lockPerformer(performerId);
      if (!locked || (locked.state !== 'pending' && locked.state !== 'declined')) throw new AppError('performer_answered');
      await trx.setAnswer(performerId, { state: 'consented', scopes: granted, identityId });
      await trx.recordEvent({
        performerId,
        kind: 'consent',
        scopes: granted,
        signature: row.username ?? '',
        mediaSha256,
        ip: witness.ip,
        userAgent: witness.userAgent,
      });
      return trx.releaseIfCleared(row.postId);
    });
    if (released !== undefined) await this.#tellOwner(row, 'cleared', null);
    return this.request(userId, performerId);
  }

  async decline(userId: number, performerId: number, witness: Witness): Promise<PerformerRequestAnswer> {
    const { repository } = this.#deps;
    const row = await this.#mine(userId, performerId);
    await repository.transaction(async (trx) => {
      const locked = await trx.lockPerformer(performerId);
      if (locked?.state !== 'pending') throw new AppError('performer_answered');
      await trx.setAnswer(performerId, { state: 'declined', scopes: [] });
      await trx.recordEvent({
        performerId,
        kind: 'decline',
        scopes: [],
        signature: row.username ?? '',
        mediaSha256: [],
        ip: witness.ip,
        userAgent: witness.userAgent,
      });
    });
    await this.#tellOwner(row, 'declined', userId);
    return this.request(userId, performerId);
  }

  async withdraw(userId: number, performerId: number, reason: string, witness: Witness): Promise<PerformerRequestAnswer> {
    const row = await this.#mine(userId, performerId);
    // The creator's own consent is their upload: they delete or hide it themselves.
    if (row.kind !== 'account') throw new AppError('performer_answered');
    await this.#deps.withdrawals.withdraw(row, { userId, email: null, signature: row.username ?? '' }, reason.trim(), witness);
    return this.request(userId, performerId);
  }

  async appearances(userId: number, cursor?: string): Promise<AppearancesAnswer> {
    const { repository } = this.#deps;
    const rows = await repository.appearances(userId, APPEARANCES_PAGE + 1, cursor === undefined ? undefined : Number(cursor));
    const page = rows.slice(0, APPEARANCES_PAGE);
    const posts = new Map((await repository.askedPosts(page.map((row) => row.postId))).map((post) => [post.id, post]));
    const last = page.at(-1);
    return {
      statusCode: 2,
      appearances: page.flatMap((row) => {
        const post = posts.get(row.postId);
        return post ? [presentRequest(row, post)] : [];
      }),
      cursor: rows.length > APPEARANCES_PAGE && last ? String(last.id) : null,
    };
  }

  /** A performer row of this account on a post that still exists; not_found for anyone else. */
  async #mine(userId: number, performerId: number): Promise<PerformerRow> {
    const row = await this.#deps.repository.performer(performerId);
    if (!row || row.userId !== userId || row.kind === 'guest') throw new AppError('not_found');
    const post = await this.#deps.repository.post(row.postId);
    if (!post || post.status === PostStatus.removed || post.status === PostStatus.blocked) throw new AppError('not_found');
    return row;
  }

  async #answer(row: PerformerRow): Promise<PerformerRequestAnswer> {
    const [post] = await this.#deps.repository.askedPosts([row.postId]);
    if (!post) throw new AppError('not_found');
    return { statusCode: 2, request: presentRequest(row, post) };
  }

  async #tellOwner(row: PerformerRow, notice: 'cleared' | 'declined', actorId: number | null): Promise<void> {
    const post = await this.#deps.repository.post(row.postId);
    if (post) await this.#deps.notifications.performerNotice(post.userId, row.id, row.postId, notice, actorId);
  }
}
