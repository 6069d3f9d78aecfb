import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { STATUS_MESSAGE_MS, useAccount } from '../components/account/AccountSession';
import { AuthCard } from '../components/account/AuthCard';
import styles from '../components/account/forms.module.css';
import { VerifiedDialog } from '../components/account/VerifyDialog';
import type { RouteHandle } from '../components/layout/layouts';
import { useTranslation } from '../i18n/react';
import { api } from '../lib/api';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/action';

export const handle: RouteHandle = { layout: 'desktop-empty' };

export const meta = (args: Route.MetaArgs) => [...pageMeta(args, 'action'), { name: 'robots', content: 'noindex' }];

type Outcome = 'working' | 'confirmed' | 'failed';

/**
 * The landing page of the e-mailed verification link. The hash is posted from the browser, not in a
 * loader, so mail scanners that fetch links do not spend it.
 */
export default function Action({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { showStatus } = useAccount();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome>(params.hash ? 'working' : 'failed');
  const sent = useRef(false);

  useEffect(() => {
    if (!params.hash || sent.current) return;
    sent.current = true;
    api('/api/action/jwt', { method: 'POST', body: { hash: params.hash } })
      .then(() => {
        setOutcome('confirmed');
        showStatus(t('account.status.confirmedEmail'), 'success', STATUS_MESSAGE_MS);
        void revalidator.revalidate();
      })
      .catch(() => {
        setOutcome('failed');
        showStatus(t('account.status.confirmEmailFailed'), 'error', 8000);
      });
  }, [params.hash, revalidator, showStatus, t]);

  if (outcome === 'confirmed') {
    return (
      <AuthCard title={t('account.verified.title')}>
        <VerifiedDialog onClose={() => navigate('/')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('pages.action.title')}
      lead={outcome === 'working' ? t('account.action.working') : t('account.action.failed')}
    >
      {outcome === 'failed' && (
        <Link className={`${styles.secondary} ${styles.wide}`} to="/settings">
          {t('account.action.toSettings')}
        </Link>
      )}
    </AuthCard>
  );
}
