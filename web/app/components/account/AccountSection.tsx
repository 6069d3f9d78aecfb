import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import type { Viewer } from '../../lib/viewer';
import own from './AccountSection.module.css';
import { ConnectedAccounts } from './ConnectedAccounts';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import styles from './forms.module.css';
import { LogoutDialog } from './LogoutDialog';
import { PasswordChange } from './PasswordChange';
import { SettingsSection } from './SettingsSection';
import type { LoginProviders } from './SocialLogin';
import { useSave } from './useSave';

/** E-mail and its confirmation, password, connected accounts, logging out and leaving. */
export function AccountSection({ viewer, providers }: { viewer: Viewer; providers: LoginProviders }) {
  const { t } = useTranslation();
  const { busy, save } = useSave();
  const [dialog, setDialog] = useState<'logout' | 'delete'>();
  return (
    <>
      <SettingsSection id="account" title={t('account.settings.account')}>
        <ul className={own.rows}>
          <li className={own.row}>
            <span className={own.rowLabel}>{t('account.settings.email')}</span>
            <span className={own.rowValue}>
              {viewer.email}{' '}
              <span className={viewer.emailVerified ? own.verified : own.unverified}>
                {viewer.emailVerified ? t('account.settings.verified') : t('account.settings.unverified')}
              </span>
            </span>
            {!viewer.emailVerified && viewer.email && (
              <button
                type="button"
                className={styles.secondary}
                disabled={busy}
                onClick={() => save(() => api('/api/action/resend/verification'), t('account.status.resentEmail'))}
              >
                {t('account.verify.resend')}
              </button>
            )}
          </li>
        </ul>
      </SettingsSection>
      <SettingsSection id="password" title={t('account.settings.password')}>
        <PasswordChange hasPassword={viewer.hasPassword} username={viewer.username} />
      </SettingsSection>
      <SettingsSection id="connected" title={t('account.settings.connectedAccounts')} lead={t('account.settings.connectedLead')}>
        <ConnectedAccounts viewer={viewer} providers={providers} />
      </SettingsSection>
      <SettingsSection id="leave" title={t('account.settings.session')}>
        <div className={own.leave}>
          <button type="button" className={styles.secondary} aria-haspopup="dialog" onClick={() => setDialog('logout')}>
            {t('account.menu.logout')}
          </button>
          <button type="button" className={styles.danger} aria-haspopup="dialog" onClick={() => setDialog('delete')}>
            {t('account.delete.open')}
          </button>
        </div>
        <p className={styles.hint}>{t('account.delete.hint')}</p>
      </SettingsSection>
      {dialog === 'logout' && <LogoutDialog onClose={() => setDialog(undefined)} />}
      {dialog === 'delete' && <DeleteAccountDialog onClose={() => setDialog(undefined)} />}
    </>
  );
}
