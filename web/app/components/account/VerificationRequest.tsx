import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { VerificationStanding } from '../../../../server/src/compliance/verification-requests.service.ts';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { numberLocale } from '../../lib/format-number';
import { loginHref } from '../../lib/navigation';
import { useViewer } from '../../lib/viewer';
import { Dialog } from '../dialogs/Dialog';
import { useAccount } from './AccountSession';
import { errorMessage } from './api-errors';
import styles from './forms.module.css';
import own from './VerificationRequest.module.css';

/**
 * /creators#verification: a creator asks to be verified (POST /api/verification-request) and is told the
 * operators will contact them (the spec's verify dialog); an open request or a verified account says so.
 * Visitors are asked to log in first and come back here.
 */
export function VerificationRequest() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const { showStatus } = useAccount();
  const [standing, setStanding] = useState<VerificationStanding>();
  const [busy, setBusy] = useState(false);
  const [told, setTold] = useState(false);

  useEffect(() => {
    if (!viewer) return;
    let stopped = false;
    api<VerificationStanding & { statusCode: number }>('/api/verification-request').then(
      (answer) => !stopped && setStanding(answer),
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [viewer]);

  if (!viewer) {
    return (
      <div className={own.box}>
        <p>{t('verification.loginFirst')}</p>
        <Link className={styles.primary} to={loginHref('/creators', '')}>
          {t('verification.login')}
        </Link>
      </div>
    );
  }

  const ask = async () => {
    setBusy(true);
    try {
      const answer = await api<Required<Pick<VerificationStanding, 'request'>>>('/api/verification-request', { method: 'POST' });
      setStanding({ verified: false, request: answer.request });
      setTold(true);
    } catch (error) {
      showStatus(errorMessage(t, error), 'error', 6000);
    } finally {
      setBusy(false);
    }
  };

  const since = standing?.request
    ? new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'long' }).format(new Date(standing.request.createdDate))
    : '';
  return (
    <div className={own.box} data-testid="verification-request">
      {standing?.verified ? (
        <p className={own.state}>{t('verification.verified')}</p>
      ) : standing?.request?.state === 'open' ? (
        <p className={own.state}>{t('verification.open', { date: since })}</p>
      ) : (
        <>
          <p>{t('verification.lead')}</p>
          <button type="button" className={styles.primary} onClick={() => void ask()} disabled={busy || !standing}>
            {t('verification.ask')}
          </button>
        </>
      )}
      <Dialog
        open={told}
        onClose={() => setTold(false)}
        size="small"
        title={t('verification.dialogTitle')}
        description={viewer.email ? t('verification.dialogText', { email: viewer.email }) : t('verification.dialogTextNoEmail')}
      >
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => setTold(false)} data-autofocus>
            {t('verification.dialogClose')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
