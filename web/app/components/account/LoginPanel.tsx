import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { safeNextPath } from '../../lib/session';
import { useViewer } from '../../lib/viewer';
import { AuthCard } from './AuthCard';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import styles from './forms.module.css';
import { LoginForm } from './LoginForm';
import own from './LoginPanel.module.css';
import { SignupForm } from './SignupForm';
import { SocialLogin } from './SocialLogin';
import { VerifyDialog } from './VerifyDialog';

type Mode = 'login' | 'signup' | 'forgot';

/** The /login screen: log in, sign up (two steps) or ask for a reset link; `next` is where it returns. */
export function LoginPanel({ next, initialMode = 'login' }: { next: string | null; initialMode?: Mode }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [verifyEmail, setVerifyEmail] = useState<string>();
  const signedIn = viewer !== undefined && viewer !== null;

  // Someone already logged in goes on to `next` (a link opened in another tab, a renewed session); the
  // verify dialog after sign-up is the one reason to stay.
  useEffect(() => {
    if (signedIn && !verifyEmail) void navigate(safeNextPath(next), { replace: true });
  }, [signedIn, verifyEmail, navigate, next]);

  if (verifyEmail) {
    return (
      <AuthCard title={t('account.signup.welcome')}>
        <VerifyDialog email={verifyEmail} onClose={() => navigate(safeNextPath(next))} />
      </AuthCard>
    );
  }
  if (viewer) {
    return (
      <AuthCard title={t('account.login.already', { name: viewer.displayName || viewer.username })}>
        <Link className={`${styles.primary} ${styles.wide}`} to={safeNextPath(next)}>
          {t('account.login.continue')}
        </Link>
      </AuthCard>
    );
  }

  const titles = { login: t('account.login.title'), signup: t('account.signup.title'), forgot: t('account.forgot.title') };
  const leads = { login: t('account.login.lead'), signup: t('account.signup.lead'), forgot: undefined };
  return (
    <AuthCard title={titles[mode]} lead={leads[mode]}>
      {mode === 'forgot' ? (
        <ForgotPasswordForm onBack={() => setMode('login')} />
      ) : (
        <>
          <SocialLogin next={next} />
          {mode === 'login' ? (
            <LoginForm next={next} onForgot={() => setMode('forgot')} />
          ) : (
            <SignupForm onCreated={setVerifyEmail} />
          )}
          <p className={own.switch}>
            {mode === 'login' ? t('account.login.newHere') : t('account.signup.haveAccount')}{' '}
            <button type="button" className={styles.quiet} onClick={() => setMode(mode === 'login' ? 'signup' : 'login')}>
              {mode === 'login' ? t('account.login.toSignup') : t('account.signup.toLogin')}
            </button>
          </p>
        </>
      )}
    </AuthCard>
  );
}
