import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { errorMessage } from './api-errors';
import styles from './forms.module.css';
import { PasswordField } from './PasswordField';

/** The form behind an e-mailed /reset-password/{token} link (POST /api/pass-change/{token}). */
export function ResetPasswordForm({ token, username }: { token: string; username: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (password !== repeat) {
      setError(t('account.reset.mismatch'));
      return;
    }
    setBusy(true);
    try {
      await api(`/api/pass-change/${encodeURIComponent(token)}`, { method: 'POST', body: { password } });
      setDone(true);
    } catch (failure) {
      setError(errorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className={styles.form}>
        <p className={styles.ok} role="status">
          {t('account.reset.done')}
        </p>
        <Link className={`${styles.primary} ${styles.wide}`} to="/login">
          {t('account.reset.toLogin')}
        </Link>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
      <PasswordField
        label={t('account.reset.password')}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        hint={t('account.signup.passwordHint', { min: 8 })}
      />
      <PasswordField label={t('account.reset.repeat')} value={repeat} onChange={setRepeat} autoComplete="new-password" />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={`${styles.primary} ${styles.wide}`} disabled={busy || !password || !repeat}>
        {t('account.reset.submit')}
      </button>
    </form>
  );
}
