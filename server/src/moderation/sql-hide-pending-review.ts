import type { Db } from '../db/database.ts';
import { PostStatus } from '../posts/post-status.ts';
import type { AuditLog } from './audit-log.ts';
import type { CasesRepository } from './cases.repository.ts';
import type { Enforcement } from './enforcement.ts';

/**
 * The built-in hide: the post is blocked (status 9: out of feeds, search, its page and /media/) and the
 * case's log keeps the status it had, for whoever restores it. The enforcement service supersedes it.
 */
export class SqlHidePendingReview implements Enforcement {
  private readonly db: Db;
  private readonly cases: CasesRepository;
  private readonly audit: AuditLog;

  constructor(db: Db, cases: CasesRepository, audit: AuditLog) {
    this.db = db;
    this.cases = cases;
    this.audit = audit;
  }

  async hidePendingReview(postId: number, context: { readonly caseId: number; readonly actorId: number | null }): Promise<void> {
    const names = await this.cases.usernames(context.actorId === null ? [] : [context.actorId]);
    const username = context.actorId === null ? undefined : names.get(context.actorId);
    const actor = context.actorId === null || username === undefined ? null : { id: context.actorId, username };
    await this.db.transaction().execute(async (trx) => {
      const post = await trx.selectFrom('posts').select('status').where('id', '=', postId).forUpdate().executeTakeFirst();
      if (!post || post.status === PostStatus.blocked || post.status === PostStatus.removed) return;
      await trx.updateTable('posts').set({ status: PostStatus.blocked }).where('id', '=', postId).execute();
      const data = { postId, previousStatus: post.status };
      await this.cases.addEvent(trx, context.caseId, { actorId: actor?.id ?? null, action: 'post.hide_pending_review', data });
      await this.audit.record(
        {
          actor,
          action: 'post.hide_pending_review',
          subjectType: 'post',
          subjectId: postId,
          caseId: context.caseId,
          details: data,
        },
        trx,
      );
    });
  }
}
