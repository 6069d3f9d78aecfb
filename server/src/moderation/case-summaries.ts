import type { Db } from '../db/database.ts';
import type { MediaVariant } from '../db/schema.ts';
import { stillOf } from '../notifications/notification-view.ts';
import { postPath } from '../posts/slug.ts';
import type { CaseRow } from './cases.repository.ts';
import type { CaseSummary } from './moderation-schema.ts';

/** Turns case rows into summaries with three queries whatever their number (users, posts, stills). */
export async function summarise(db: Db, rows: readonly CaseRow[], now: Date): Promise<CaseSummary[]> {
  const postIds = [...new Set(rows.flatMap((row) => (row.subjectPostId === null ? [] : [row.subjectPostId])))];
  const userIds = rows.flatMap((row) => [row.subjectUserId, row.reporterUserId, row.assigneeId]).filter((id) => id !== null);
  const [users, posts, stills] = await Promise.all([
    userIds.length === 0
      ? []
      : db
          .selectFrom('users')
          .select(['id', 'username', 'banned_at'])
          .where('id', 'in', [...new Set(userIds)])
          .execute(),
    postIds.length === 0 ? [] : db.selectFrom('posts').select(['id', 'title', 'status']).where('id', 'in', postIds).execute(),
    postIds.length === 0
      ? []
      : db
          .selectFrom('media_files')
          .select(['post_id', 'variants'])
          .distinctOn('post_id')
          .where('post_id', 'in', postIds)
          .orderBy('post_id')
          .orderBy('position')
          .execute(),
  ]);
  const userById = new Map(users.map((user) => [user.id, user]));
  const postById = new Map(posts.map((post) => [post.id, post]));
  const stillByPost = new Map(stills.map((still) => [still.post_id, stillOf(still.variants as Record<string, MediaVariant>)]));
  const staff = (id: number | null) => {
    const user = id === null ? undefined : userById.get(id);
    return user ? { id: user.id, username: user.username } : null;
  };
  return rows.map((row) => {
    const post = row.subjectPostId === null ? undefined : postById.get(row.subjectPostId);
    const subjectUser = row.subjectUserId === null ? undefined : userById.get(row.subjectUserId);
    return {
      id: row.id,
      kind: row.kind,
      category: row.category,
      status: row.status,
      subject: {
        post: post
          ? {
              id: post.id,
              title: post.title,
              status: post.status,
              thumbnail: stillByPost.get(post.id) ?? '',
              path: postPath(post.id, post.title),
            }
          : null,
        user: subjectUser
          ? { id: subjectUser.id, username: subjectUser.username, bannedAt: subjectUser.banned_at?.toISOString() ?? null }
          : null,
      },
      reporter: { user: staff(row.reporterUserId), email: row.reporterEmail },
      assignee: staff(row.assigneeId),
      reportsCount: row.reportsCount,
      deadlineAt: row.deadlineAt.toISOString(),
      overdue: row.closedAt === null && row.deadlineAt < now,
      relatedCaseId: row.relatedCaseId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
    };
  });
}
