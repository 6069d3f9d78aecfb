import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import type { Viewer } from '../../lib/viewer';
import own from './AccountSection.module.css';
import styles from './forms.module.css';
import type { LoginProviders } from './SocialLogin';
import { appleCode, googleIdToken } from './social-sdk';
import { useSave } from './useSave';

type Provider = 'google' | 'apple';

/** Spec §7 POST/DELETE /api/login-{google,apple}-connect; connecting answers 1 ("status-success-connect"). */
export function ConnectedAccounts({ viewer, providers }: { viewer: Viewer; providers: LoginProviders }) {
  const { t } = useTranslation();
  const { busy, save } = useSave();
  const available = (['google', 'apple'] as const).filter((provider) => providers[provider]);
  if (available.length === 0) return <p className={styles.hint}>{t('account.settings.noProviders')}</p>;

  const connect = (provider: Provider) =>
    save(async () => {
      const { nonce } = await api<{ nonce: string }>('/api/login-nonce', { method: 'POST' });
      const token =
        provider === 'google'
          ? await googleIdToken(providers.google?.clientId ?? '', nonce)
          : (
              await api<{ IdToken: string }>('/api/apple-exchange-code', {
                method: 'POST',
                body: { code: await appleCode(providers.apple?.clientId ?? '', providers.apple?.redirectUri ?? '', nonce) },
              })
            ).IdToken;
      await api(`/api/login-${provider}-connect`, { method: 'POST', body: { token } });
    }, t('account.status.connected'));

  return (
    <ul className={own.rows}>
      {available.map((provider) => {
        const linked = viewer.connectedAccounts[provider];
        return (
          <li key={provider} className={own.row}>
            <span className={own.rowLabel}>{t(`account.social.${provider}Name`)}</span>
            <span className={own.rowValue}>{linked ? t('account.settings.connected') : t('account.settings.notConnected')}</span>
            <button
              type="button"
              className={linked ? styles.secondary : styles.primary}
              disabled={busy}
              onClick={() =>
                linked
                  ? save(() => api(`/api/login-${provider}-connect`, { method: 'DELETE' }), t('account.status.disconnected'))
                  : connect(provider)
              }
            >
              {linked ? t('account.settings.disconnect') : t('account.settings.connect')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
