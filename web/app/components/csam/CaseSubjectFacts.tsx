import { useTranslation } from '../../i18n/react';
import type { CaseSummary } from '../moderation/admin-types';
import view from '../moderation/Case.module.css';
import { DeadlineBadge } from '../moderation/DeadlineBadge';
import { waitingTime } from './waiting-time';

/** The restricted case in facts: whose post, which category and kind, its status, its age and deadline. */
export function CaseSubjectFacts({ item, now }: { item: CaseSummary; now: string }) {
  const { t } = useTranslation();
  const { post, user } = item.subject;
  return (
    <dl className={view.facts}>
      {post && (
        <>
          <dt>{t('moderation.case.post')}</dt>
          <dd>
            {post.title || `#${post.id}`} · {t('moderation.case.postStatus', { status: post.status })}
          </dd>
        </>
      )}
      {user && (
        <>
          <dt>{t('moderation.case.account')}</dt>
          <dd>
            @{user.username}
            {user.bannedAt && ` · ${t('moderation.case.banned')}`}
          </dd>
        </>
      )}
      <dt>{t('moderation.case.category')}</dt>
      <dd>{t(`moderation.category.${item.category}`)}</dd>
      <dt>{t('moderation.case.kind')}</dt>
      <dd>{t(`moderation.kind.${item.kind}`)}</dd>
      <dt>{t('moderation.case.status')}</dt>
      <dd data-testid="case-status">{t(`moderation.status.${item.status}`)}</dd>
      <dt>{t('csam.queue.age')}</dt>
      <dd>{waitingTime(item.createdAt, now, t)}</dd>
      <dt>{t('moderation.case.deadline')}</dt>
      <dd>
        <DeadlineBadge deadline={item.deadlineAt} now={now} />
      </dd>
    </dl>
  );
}
