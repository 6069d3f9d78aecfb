import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { IdentityStanding, IdentityStart } from '../../../../server/src/compliance/verification/verification-schema.ts';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { numberLocale } from '../../lib/format-number';
import { loginHref } from '../../lib/navigation';
import { useViewer } from '../../lib/viewer';
import forms from '../account/forms.module.css';
import { Dialog } from '../dialogs/Dialog';
import styles from './Identity.module.css';
import { IdentityForm } from './IdentityForm';
import { identityErrorMessage } from './identity-errors';

/**
 * /creators#verification: where a creator stands (verified, waiting, rejected and why) and the way in:
 * "Verify my identity" asks the identity provider how to go on, then opens the form in the verify
 * dialog (the manual provider) or continues at a vendor's page.
 */
export function IdentityVerification() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const [standing, setStanding] = useState<IdentityStanding>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!viewer) return;
    let stopped = false;
    api<IdentityStanding>('/api/identity').then(
      (answer) => !stopped && setStanding(answer),
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [viewer]);

  if (!viewer) {
    return (
      <div className={styles.box}>
        <p>{t('identity.loginFirst')}</p>
        <Link className={forms.primary} to={loginHref('/creators', '')}>
          {t('identity.login')}
        </Link>
      </div>
    );
  }

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const next = await api<IdentityStart>('/api/identity/start', { method: 'POST', body: {} });
      if (next.next === 'redirect' && next.url) window.location.assign(next.url);
      else setOpen(true);
    } catch (failure) {
      setError(identityErrorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  const submission = standing?.submission;
  const date = (iso: string) => new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'long' }).format(new Date(iso));
  const waiting = submission?.state === 'pending' || submission?.state === 'started';
  return (
    <div className={styles.box} data-testid="identity-verification">
      {standing?.verified ? (
        <p className={styles.state}>{t('identity.state.verified')}</p>
      ) : waiting && submission ? (
        <p className={styles.state}>{t('identity.state.pending', { date: date(submission.createdDate) })}</p>
      ) : (
        <>
          {submission?.state === 'rejected' ? (
            <>
              <p className={styles.state}>{t('identity.state.rejected')}</p>
              {submission.reason && <p>{t('identity.state.rejectedReason', { reason: submission.reason })}</p>}
            </>
          ) : (
            <p>{t('identity.lead')}</p>
          )}
          <button type="button" className={forms.primary} onClick={() => void start()} disabled={busy || !standing}>
            {submission?.state === 'rejected' ? t('identity.state.retry') : t('identity.start')}
          </button>
          <p className={forms.error} role="alert">
            {error}
          </p>
        </>
      )}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('identity.form.title')}
        description={t('identity.form.description')}
      >
        <IdentityForm
          onCancel={() => setOpen(false)}
          onDone={(next) => {
            setStanding(next);
            setOpen(false);
          }}
        />
      </Dialog>
    </div>
  );
}
