import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { errorMessage } from './api-errors';
import styles from './forms.module.css';
import { ProofNote } from './ProofNote';
import { TextField } from './TextField';
import { useProofOfWork } from './useProofOfWork';

/** POST /api/reset/: always the same answer, so the form never tells whether an address has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const proof = useProofOfWork();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const recaptchaToken = await proof.take();
      await api('/api/reset/', { method: 'POST', body: { email: email.trim(), recaptchaToken } });
      setSent(true);
    } catch (failure) {
      setError(errorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div className={styles.form}>
        <p className={styles.ok} role="status">
          {t('account.forgot.sent', { email: email.trim() })}
        </p>
        <button type="button" className={`${styles.secondary} ${styles.wide}`} onClick={onBack}>
          {t('account.forgot.back')}
        </button>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{t('account.forgot.intro')}</p>
      <TextField
        label={t('account.signup.email')}
        type="email"
        name="email"
        value={email}
        onChange={setEmail}
        autoComplete="email"
        required
        maxLength={254}
      />
      <ProofNote state={proof.state} onRetry={proof.retry} />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={`${styles.primary} ${styles.wide}`} disabled={busy || !email.includes('@')}>
        {t('account.forgot.submit')}
      </button>
      <button type="button" className={styles.quiet} onClick={onBack}>
        {t('account.forgot.back')}
      </button>
    </form>
  );
}
