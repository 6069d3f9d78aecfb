import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import type { LoginSession } from '../../lib/session';
import { useAccount } from './AccountSession';
import { errorMessage } from './api-errors';
import styles from './forms.module.css';
import { PasswordField } from './PasswordField';
import { TextField } from './TextField';

interface LoginFormProps {
  /** Where to go once logged in; undefined stays on the page (the login sheet). */
  readonly next: string | null | undefined;
  readonly onForgot: () => void;
  /** As soon as the session cookies are set, while the page's data reloads. */
  readonly onSignedIn?: () => void;
}

/** Username-or-e-mail and password (spec §7 POST /api/login). */
export function LoginForm({ next, onForgot, onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const { signedIn, showStatus } = useAccount();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const session = await api<LoginSession & { restored?: boolean }>('/api/login', {
        method: 'POST',
        body: { username: identifier.trim(), password },
      });
      if (session.restored) showStatus(t('account.status.restored'), 'success', 6000);
      onSignedIn?.();
      await signedIn(session, { next });
    } catch (failure) {
      setError(errorMessage(t, failure));
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={t('account.login.identifier')}
        name="username"
        value={identifier}
        onChange={setIdentifier}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={320}
      />
      <PasswordField
        label={t('account.login.password')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        name="password"
      />
      <div className={styles.actions}>
        <button type="button" className={styles.quiet} onClick={onForgot}>
          {t('account.login.forgot')}
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={`${styles.primary} ${styles.wide}`} disabled={busy || !identifier.trim() || !password}>
        {t('account.login.submit')}
      </button>
    </form>
  );
}
