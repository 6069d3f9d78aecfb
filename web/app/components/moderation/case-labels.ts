import type { TFunction } from '../../i18n/config';
import type { CaseSummary } from './admin-types';

/** What a case is about, in a line: the post's title, the account, or (appeals) the kind of case. */
export function caseSubjectLabel(item: CaseSummary, t: TFunction): string {
  const { post, user } = item.subject;
  if (post) return t('moderation.queue.subjectPost', { title: post.title || `#${post.id}` });
  if (user) return `@${user.username}`;
  return item.relatedCaseId ? t('moderation.queue.subjectCase', { id: item.relatedCaseId }) : t(`moderation.kind.${item.kind}`);
}
