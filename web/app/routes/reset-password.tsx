import { Link } from 'react-router';
import { serverContext } from '#server-context';
import { AuthCard } from '../components/account/AuthCard';
import styles from '../components/account/forms.module.css';
import { ResetPasswordForm } from '../components/account/ResetPasswordForm';
import type { RouteHandle } from '../components/layout/layouts';
import { useTranslation } from '../i18n/react';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/reset-password';

export const handle: RouteHandle = { layout: 'desktop-empty' };

export const meta = (args: Route.MetaArgs) => [...pageMeta(args, 'resetPassword'), { name: 'robots', content: 'noindex' }];

type LinkState = { state: 'valid'; username: string } | { state: 'expired' | 'invalid' | 'missing' };

/** Tells a dead link before anyone types a new password (GET /api/pass-change/{token}, which spends nothing). */
export async function loader({ params, context }: Route.LoaderArgs): Promise<LinkState> {
  const token = params.token;
  if (!token) return { state: 'missing' };
  const answer = await context
    .get(serverContext)
    .api<{ statusCode?: number; error?: string; username?: string }>(`/api/pass-change/${encodeURIComponent(token)}`);
  if (answer.statusCode === 1 && answer.username) return { state: 'valid', username: answer.username };
  return { state: answer.error === 'token_expired' ? 'expired' : 'invalid' };
}

export default function ResetPassword({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.state === 'valid') {
    return (
      <AuthCard title={t('pages.resetPassword.title')} lead={t('account.reset.lead', { username: loaderData.username })}>
        <ResetPasswordForm token={params.token ?? ''} username={loaderData.username} />
      </AuthCard>
    );
  }
  const lead = loaderData.state === 'expired' ? t('account.reset.expired') : t('account.reset.invalid');
  return (
    <AuthCard title={t('pages.resetPassword.title')} lead={loaderData.state === 'missing' ? t('account.reset.missing') : lead}>
      <Link className={`${styles.primary} ${styles.wide}`} to="/login">
        {t('account.reset.requestNew')}
      </Link>
    </AuthCard>
  );
}
