import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import type { LoginSession } from '../../lib/session';
import { useAccount } from './AccountSession';
import { errorMessage } from './api-errors';
import styles from './forms.module.css';
import own from './LoginPanel.module.css';
import { appleCode, googleIdToken } from './social-sdk';

/** GET /api/login-providers: which providers this site is configured for. */
export interface LoginProviders {
  readonly google: { readonly clientId: string } | null;
  readonly apple: { readonly clientId: string; readonly redirectUri: string } | null;
}

type SocialAnswer = (LoginSession & { statusCode: 2 }) | { statusCode: 1; email?: string };

/** "Continue with Google / Apple" (spec §4: statusCode 2 means logged in). Hidden when none is configured. */
export function SocialLogin({ next }: { next: string | null }) {
  const { t } = useTranslation();
  const { signedIn } = useAccount();
  const providers = (useRouteLoaderData('routes/login') as { providers?: LoginProviders } | undefined)?.providers;
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!providers?.google && !providers?.apple) return null;

  const run = async (provider: 'google' | 'apple') => {
    setBusy(true);
    setError(undefined);
    try {
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
      const answer = await api<SocialAnswer>(`/api/login-${provider}`, { method: 'POST', body: { token } });
      if (answer.statusCode === 2 && 'exp' in answer) await signedIn(answer, { next });
    } catch (failure) {
      setError(errorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={own.group}>
      {providers.google && (
        <button type="button" className={own.button} onClick={() => run('google')} disabled={busy}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="#4285F4"
              d="M22.6 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h6a5.1 5.1 0 0 1-2.2 3.4v2.8h3.6c2.1-2 3.2-4.8 3.2-8.2Z"
            />
            <path
              fill="#34A853"
              d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9A11 11 0 0 0 12 23Z"
            />
            <path fill="#FBBC05" d="M5.7 14a6.6 6.6 0 0 1 0-4.2V7H2a11 11 0 0 0 0 10l3.7-3Z" />
            <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2 7l3.7 2.8C6.6 7.3 9.1 5.4 12 5.4Z" />
          </svg>
          {t('account.social.google')}
        </button>
      )}
      {providers.apple && (
        <button type="button" className={own.button} onClick={() => run('apple')} disabled={busy}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7a4.5 4.5 0 0 0-3.6-1.9c-1.5-.2-3 .9-3.7.9-.8 0-2-.9-3.2-.9a4.8 4.8 0 0 0-4 2.5c-1.8 3-.5 7.5 1.2 10 .8 1.2 1.8 2.6 3.1 2.5 1.3 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.5.9-1.4 1.3-2.7 1.3-2.8 0 0-2.6-1-2.6-4.1ZM14 5.4c.7-.8 1.2-2 1-3.2-1 .1-2.2.7-3 1.5-.6.7-1.2 1.9-1 3 1.1.1 2.3-.5 3-1.3Z"
            />
          </svg>
          {t('account.social.apple')}
        </button>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={own.divider}>
        <span>{t('account.login.or')}</span>
      </div>
    </div>
  );
}
