import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import type { LoginSession } from '../../lib/session';
import { shareExpiry } from '../../lib/session';
import styles from './forms.module.css';
import { PasswordField } from './PasswordField';
import { useSave } from './useSave';

/** PUT /api/user/me/password: other devices are logged out, this one gets a new session. */
export function PasswordChange({ hasPassword, username }: { hasPassword: boolean; username: string }) {
  const { t } = useTranslation();
  const { busy, save } = useSave();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changed = await save(async () => {
      const session = await api<LoginSession>('/api/user/me/password', {
        method: 'PUT',
        body: { ...(hasPassword ? { currentPassword: current } : {}), password },
      });
      shareExpiry(session.exp);
    }, t('account.status.passwordChanged'));
    if (changed) {
      setCurrent('');
      setPassword('');
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('account.settings.password')}>
      <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
      {hasPassword && (
        <PasswordField
          label={t('account.settings.currentPassword')}
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
        />
      )}
      <PasswordField
        label={t('account.settings.newPassword')}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        hint={t('account.settings.passwordHint')}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy || !password || (hasPassword && !current)}>
          {hasPassword ? t('account.settings.changePassword') : t('account.settings.setPassword')}
        </button>
      </div>
    </form>
  );
}
