import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { AdminPanel } from './AdminPanel';
import type { CaseDetailAnswer } from './admin-types';
import { BlurredMedia } from './BlurredMedia';
import view from './Case.module.css';
import { DeadlineBadge } from './DeadlineBadge';

/** The case at a glance: its subject (media blurred), category, kind, status, deadline, reporter. */
export function CaseSubjectPanel({ detail, now }: { detail: CaseDetailAnswer; now: string }) {
  const { t } = useTranslation();
  const item = detail.case;
  const { post, user } = item.subject;
  return (
    <AdminPanel id="case-subject" title={t('moderation.case.subject')}>
      <div className={view.subject}>
        {post ? <BlurredMedia src={post.thumbnail} alt={post.title} /> : <span className={view.noMedia}>@</span>}
        <dl className={view.facts}>
          {post && (
            <>
              <dt>{t('moderation.case.post')}</dt>
              <dd>
                <Link to={post.path}>{post.title || `#${post.id}`}</Link> ·{' '}
                {t('moderation.case.postStatus', { status: post.status })}
              </dd>
            </>
          )}
          {user && (
            <>
              <dt>{t('moderation.case.account')}</dt>
              <dd>
                <Link to={`/${user.username}`}>@{user.username}</Link>
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
          <dt>{t('moderation.case.deadline')}</dt>
          <dd>
            <DeadlineBadge deadline={item.deadlineAt} now={now} />
          </dd>
          <dt>{t('moderation.case.reporter')}</dt>
          <dd>
            {item.reporter.user ? `@${item.reporter.user.username}` : (item.reporter.email ?? t('moderation.case.anonymous'))}
          </dd>
          <dt>{t('moderation.case.assignee')}</dt>
          <dd>{item.assignee ? `@${item.assignee.username}` : '—'}</dd>
          {item.relatedCaseId && (
            <>
              <dt>{t('moderation.case.related')}</dt>
              <dd>
                <Link to={`/admin/case/${item.relatedCaseId}`}>#{item.relatedCaseId}</Link>
              </dd>
            </>
          )}
        </dl>
      </div>
    </AdminPanel>
  );
}
